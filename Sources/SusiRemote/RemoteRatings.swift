import Foundation
import SusiPorts

extension RemoteService {
    /// The reference server stores any number of stars and then fails; the
    /// range is checked here before anything is sent.
    public func rate(_ ref: SkillRef, stars: Int, token: String?) throws -> StarRatings {
        try ServiceRules.checkStars(stars)
        guard let token else { throw ServiceError.loginRequired("Rating a skill") }
        var parameters = skillParameters(ref)
        parameters["stars"] = String(stars)
        let json = try call("/cms/fiveStarRateSkill.json", parameters, token: token, idempotent: false)
        try requireAccepted(json, tokenSent: true, what: "the rating")
        return Self.starRatings((json["ratings"] as? [String: Any]) ?? [:])
    }

    public func userRating(_ ref: SkillRef, token: String?) throws -> Int? {
        guard let token else { throw ServiceError.loginRequired("Reading your rating") }
        let json = try call("/cms/getRatingByUser.json", skillParameters(ref), token: token)
        try requireAccepted(json, tokenSent: true, what: "reading your rating")
        guard let ratings = json["ratings"] as? [String: Any], let stars = Self.stars(ratings["stars"]) else {
            return nil
        }
        return stars
    }

    /// The thumbs tap of the SUSI apps: a rating and a feedback log entry.
    public func thumbs(_ ref: SkillRef, positive: Bool, query: String, reply: String, token: String?) throws {
        var parameters = skillParameters(ref)
        parameters["rating"] = positive ? "positive" : "negative"
        _ = try call("/cms/rateSkill.json", parameters, token: token, idempotent: false)
        parameters["user_query"] = query
        parameters["susi_reply"] = reply
        parameters["device_type"] = "terminal"
        _ = try call("/cms/feedbackLog.json", parameters, token: token, idempotent: false)
    }

    public func postFeedback(_ ref: SkillRef, text: String, token: String?) throws {
        let trimmed = try ServiceRules.checkFeedback(text)
        guard let token else { throw ServiceError.loginRequired("Posting feedback") }
        var parameters = skillParameters(ref)
        parameters["feedback"] = trimmed
        let json = try call("/cms/feedbackSkill.json", parameters, token: token, idempotent: false)
        try requireAccepted(json, tokenSent: true, what: "the feedback")
    }

    public func feedback(_ ref: SkillRef) throws -> [SkillFeedback] {
        let json = try call("/cms/getSkillFeedback.json", skillParameters(ref))
        let entries = (json["feedback"] as? [[String: Any]]) ?? []
        return entries.map { entry in
            SkillFeedback(email: Self.string(entry["email"]) ?? "", userName: Self.string(entry["user_name"]) ?? "",
                          text: Self.string(entry["feedback"]) ?? "",
                          timestamp: Self.string(entry["timestamp"]).flatMap(Self.parseDate) ?? Date(timeIntervalSince1970: 0),
                          stars: Self.stars(entry["rating"]) ?? 0)
        }.sorted { $0.timestamp > $1.timestamp }
    }

    /// The SUSI server has no call for this; `susi serve` adds
    /// `/cms/removeSkillFeedback.json`. A 404 for a skill that exists means
    /// the server lacks the call, which is said plainly (69).
    public func deleteFeedback(_ ref: SkillRef, token: String?) throws -> Bool {
        guard let token else { throw ServiceError.loginRequired("Deleting feedback") }
        let json: [String: Any]
        do {
            json = try call(Self.removeFeedbackPath, skillParameters(ref), token: token, idempotent: false)
        } catch let error as ServiceError where error.kind == .notFound {
            // Unknown skill (rethrown as such) or no such call on this server.
            _ = try skill(ref)
            throw ServiceError.unsupported("The SUSI server at \(location) cannot delete feedback (it has no \(Self.removeFeedbackPath)).",
                               hint: "Post new feedback to replace yours, or use a server run by 'susi serve'.")
        }
        try requireAccepted(json, tokenSent: true, what: "deleting the feedback")
        guard let removed = json["removed"] as? Bool else {
            throw ServiceError(.malformedResponse, "The SUSI server at \(location) did not say whether the feedback was removed.")
        }
        return removed
    }

    static let removeFeedbackPath = "/cms/removeSkillFeedback.json"

    public func report(_ ref: SkillRef, reason: String, token: String?) throws {
        let trimmed = try ServiceRules.checkReport(reason)
        guard let token else { throw ServiceError.loginRequired("Reporting a skill") }
        var parameters = skillParameters(ref)
        parameters["feedback"] = trimmed
        do {
            let json = try call("/cms/reportSkill.json", parameters, token: token, idempotent: false)
            try requireAccepted(json, tokenSent: true, what: "the report")
        } catch let error as ServiceError where error.message.contains("already reported") {
            throw ServiceError(.conflict, "You have already reported \(ref.description).")
        }
    }

    public func bookmark(_ ref: SkillRef, on: Bool, token: String?) throws {
        guard let token else { throw ServiceError.loginRequired("Bookmarking a skill") }
        var parameters = skillParameters(ref)
        parameters["bookmark"] = on ? "1" : "0"
        let json = try call("/cms/bookmarkSkill.json", parameters, token: token, idempotent: false)
        if Self.identity(json)?.anonymous == true {
            throw ServiceError(.notLoggedIn, "The server no longer accepts your login, so the bookmark was not changed.",
                               hint: reloginHint)
        }
    }

    public func bookmarks(token: String?) throws -> [SkillRef] {
        throw ServiceError.unsupported("SUSI servers have no call that lists bookmarks; only the embedded SUSI can list them.")
    }
}
