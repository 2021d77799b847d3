import Foundation
import SusiCore
@testable import SusiLocal
@testable import SusiHost
import SusiPorts
import SusiTestKit

let timeSkill = SkillRef(group: "Knowledge", language: "en", name: "time")

/// A home with accounts on its embedded SUSI, a harness logged in through
/// SUSI_TOKEN, and the stored feedback to compare before and after.
struct FeedbackFixture {
    let home: TemporaryHome
    let token: String
    /// Noon UTC, so the date is the same day in every time zone a machine may use.
    static let noon = Date(timeIntervalSince1970: 1_796_126_400) // 2026-12-01 12:00 UTC

    init(email: String = "ada@example.org") throws {
        home = try TemporaryHome()
        token = try Self.account(email, in: home)
    }

    static func account(_ email: String, in home: TemporaryHome) throws -> String {
        let service = try home.service()
        try service.signUp(email: email, password: "Secret#123")
        return try service.login(email: email, password: "Secret#123", validFor: nil).token
    }

    /// Logged in as the fixture's account unless `token` says otherwise (nil: anonymous).
    func harness(token: String?? = .none, _ extra: [String: String] = [:]) throws -> InProcess {
        var environment = extra
        switch token {
        case .none: environment["SUSI_TOKEN"] = self.token
        case .some(let given?): environment["SUSI_TOKEN"] = given
        case .some(nil): break
        }
        var susi = try home.harness(environment)
        susi.now = { Self.noon }
        return susi
    }

    func stored(_ ref: SkillRef = timeSkill) throws -> [SkillFeedback] {
        try home.service().feedback(ref)
    }

    /// Every feedback row of every skill, to show a refusal changed nothing anywhere.
    func everything() throws -> [SkillFeedback] {
        let service = try home.service()
        return try service.skills(SkillQuery()).flatMap { try service.feedback($0.ref) }
    }
}

extension TemporaryHome {
    /// Stores feedback past every rule, as a hostile or older backend might
    /// hold it, to show what reading it back does.
    func storeFeedbackUnchecked(skill: SkillRef, email: String, text: String) throws {
        let service = try service()
        _ = try service.database.run("INSERT INTO feedback (skill, email, text, timestamp) VALUES (?, ?, ?, ?)",
                                     [skill.path, email, text, FeedbackFixture.noon.timeIntervalSince1970])
    }
}
