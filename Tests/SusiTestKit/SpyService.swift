import Foundation
import SusiCore
import SusiPorts
import SusiReply

/// A backend that records every call and the token it came with, and
/// answers through another backend with no token (so an embedded SUSI
/// answers a fake login's calls). Lets a test run any command against a
/// backend it can inspect.
public final class SpyService: SusiService, @unchecked Sendable {
    public struct Call: Equatable {
        public var name: String
        public var token: String?
    }

    public let inner: SusiService
    private let lock = NSLock()
    private var recorded: [Call] = []

    public init(wrapping inner: SusiService) {
        self.inner = inner
    }

    public var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func note<T>(_ name: String, _ token: String?, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        recorded.append(Call(name: name, token: token))
        lock.unlock()
        return try body()
    }

    public var location: String { "spy over " + inner.location }

    public func chat(_ request: ChatRequest, token: String?) throws -> Reply { try note("chat", token) { try inner.chat(request, token: nil) } }
    public func groups() throws -> [String] { try note("groups", nil) { try inner.groups() } }
    public func languages() throws -> [String] { try note("languages", nil) { try inner.languages() } }
    public func skills(_ query: SkillQuery) throws -> [SkillInfo] { try note("skills", nil) { try inner.skills(query) } }
    public func skill(_ ref: SkillRef) throws -> SkillInfo { try note("skill", nil) { try inner.skill(ref) } }
    public func skillText(_ ref: SkillRef) throws -> String { try note("skillText", nil) { try inner.skillText(ref) } }
    public func rate(_ ref: SkillRef, stars: Int, token: String?) throws -> StarRatings {
        try note("rate", token) { try inner.rate(ref, stars: stars, token: nil) }
    }
    public func userRating(_ ref: SkillRef, token: String?) throws -> Int? { try note("userRating", token) { try inner.userRating(ref, token: nil) } }
    public func thumbs(_ ref: SkillRef, positive: Bool, query: String, reply: String, token: String?) throws {
        try note("thumbs", token) { try inner.thumbs(ref, positive: positive, query: query, reply: reply, token: nil) }
    }
    public func postFeedback(_ ref: SkillRef, text: String, token: String?) throws {
        try note("postFeedback", token) { try inner.postFeedback(ref, text: text, token: token) }
    }
    public func feedback(_ ref: SkillRef) throws -> [SkillFeedback] { try note("feedback", nil) { try inner.feedback(ref) } }
    public func deleteFeedback(_ ref: SkillRef, token: String?) throws -> Bool {
        try note("deleteFeedback", token) { try inner.deleteFeedback(ref, token: token) }
    }
    public func report(_ ref: SkillRef, reason: String, token: String?) throws { try note("report", token) { try inner.report(ref, reason: reason, token: token) } }
    public func bookmark(_ ref: SkillRef, on: Bool, token: String?) throws { try note("bookmark", token) { try inner.bookmark(ref, on: on, token: token) } }
    public func bookmarks(token: String?) throws -> [SkillRef] { try note("bookmarks", token) { try inner.bookmarks(token: token) } }
    public func signUp(email: String, password: String) throws { try note("signUp", nil) { try inner.signUp(email: email, password: password) } }
    public func isRegistered(email: String) throws -> Bool { try note("isRegistered", nil) { try inner.isRegistered(email: email) } }
    public func login(email: String, password: String, validFor: TimeInterval?) throws -> LoginGrant {
        try note("login", nil) { try inner.login(email: email, password: password, validFor: validFor) }
    }
    public func identity(token: String?) throws -> Identity { try note("identity", token) { try inner.identity(token: token) } }
    public func logout(token: String) throws { try note("logout", token) { try inner.logout(token: token) } }
    public func changePassword(email: String, current: String, new: String, token: String?) throws {
        try note("changePassword", token) { try inner.changePassword(email: email, current: current, new: new, token: token) }
    }
    public func recoverPassword(email: String) throws { try note("recoverPassword", nil) { try inner.recoverPassword(email: email) } }
    public func settings(token: String?) throws -> [String: String] { try note("settings", token) { try inner.settings(token: token) } }
    public func changeSettings(_ settings: [String: String], token: String?) throws {
        try note("changeSettings", token) { try inner.changeSettings(settings, token: token) }
    }
    public func addDevice(_ device: Device, token: String?) throws { try note("addDevice", token) { try inner.addDevice(device, token: token) } }
    public func devices(token: String?) throws -> [Device] { try note("devices", token) { try inner.devices(token: token) } }
    public func removeDevice(_ macAddress: String?, token: String?) throws {
        try note("removeDevice", token) { try inner.removeDevice(macAddress, token: token) }
    }
}
