import Foundation
import SusiReply

/// Everything susi asks of a SUSI backend, by concern. Modules talk only to
/// these protocols, so each works unchanged against the embedded SUSI and
/// against a remote server; one contract test suite runs against both. A
/// piece of code that needs one concern can ask for that one alone.
///
/// Calls that act for a user take the account's `token`; nil means anonymous.
/// Failures are `ServiceError`s.
public typealias SusiService = SusiChat & SusiCatalogue & SusiAccounts & SusiSettings & SusiDevices

/// What every concern has: where the backend is.
public protocol SusiBackend: AnyObject {
    /// "embedded (~/.local/share/susi/susi.db)" or the server URL, for messages.
    var location: String { get }
}

/// Answering a query.
public protocol SusiChat: SusiBackend {
    func chat(_ request: ChatRequest, token: String?) throws -> Reply
}

/// The skill catalogue, and what users say about skills: ratings, feedback, bookmarks.
public protocol SusiCatalogue: SusiBackend {
    func groups() throws -> [String]
    func languages() throws -> [String]
    func skills(_ query: SkillQuery) throws -> [SkillInfo]
    func skill(_ ref: SkillRef) throws -> SkillInfo
    func skillText(_ ref: SkillRef) throws -> String

    /// Rates 1...5; a user's new rating replaces their old one. Returns the new totals.
    func rate(_ ref: SkillRef, stars: Int, token: String?) throws -> StarRatings
    /// The user's own stars, nil when they have not rated the skill.
    func userRating(_ ref: SkillRef, token: String?) throws -> Int?
    /// Thumbs up or down on an answer the skill gave.
    func thumbs(_ ref: SkillRef, positive: Bool, query: String, reply: String, token: String?) throws
    /// One feedback per user per skill; a new one replaces the old.
    func postFeedback(_ ref: SkillRef, text: String, token: String?) throws
    /// Newest first.
    func feedback(_ ref: SkillRef) throws -> [SkillFeedback]
    /// Removes the user's own feedback on the skill; false when they had none.
    /// The SUSI server has no such call: `susi serve` offers it as
    /// `/cms/removeSkillFeedback.json` (docs/architecture.md), and a server
    /// without it is reported as unable to delete feedback.
    func deleteFeedback(_ ref: SkillRef, token: String?) throws -> Bool
    func report(_ ref: SkillRef, reason: String, token: String?) throws
    func bookmark(_ ref: SkillRef, on: Bool, token: String?) throws
    func bookmarks(token: String?) throws -> [SkillRef]
}

/// Accounts and their tokens.
public protocol SusiAccounts: SusiBackend {
    func signUp(email: String, password: String) throws
    func isRegistered(email: String) throws -> Bool
    /// `validFor` nil: the backend's default lifetime.
    func login(email: String, password: String, validFor: TimeInterval?) throws -> LoginGrant
    /// The identity a token stands for; anonymous when the token is no longer accepted.
    func identity(token: String?) throws -> Identity
    func logout(token: String) throws
    func changePassword(email: String, current: String, new: String, token: String?) throws
    func recoverPassword(email: String) throws
    /// Mails the verification link again (a default says the backend has none: AccountStates.swift).
    func resendVerification(email: String) throws -> VerificationResend
}

/// The account's settings, kept on the backend.
public protocol SusiSettings: SusiBackend {
    func settings(token: String?) throws -> [String: String]
    func changeSettings(_ settings: [String: String], token: String?) throws
}

/// The account's devices (speakers and other clients).
public protocol SusiDevices: SusiBackend {
    func addDevice(_ device: Device, token: String?) throws
    func devices(token: String?) throws -> [Device]
    /// Removes one device, or every device when `macAddress` is nil.
    func removeDevice(_ macAddress: String?, token: String?) throws
}
