import Foundation
import SusiPorts

extension EmbeddedService {
    /// Who a star rating belongs to: the account of the token, or, with no
    /// token at all, the person at this machine (the SUSI apps let anonymous
    /// users rate). No email has this form, so it cannot meet an account.
    /// `susi serve` refuses anonymous ratings before they reach here.
    func rater(_ token: String?, for what: String) throws -> String {
        if token == nil || token == "" { return Self.localRater }
        return try requireAccount(token, for: what)
    }

    static let localRater = Identity.anonymous().name

    /// Refuses what the reference server stores and then chokes on: stars
    /// outside 1...5 change nothing here.
    public func rate(_ ref: SkillRef, stars: Int, token: String?) throws -> StarRatings {
        try ServiceRules.checkStars(stars)
        let email = try rater(token, for: "Rating a skill")
        try requireSkill(ref)
        try store {
            try records.setRating(skill: ref.path, email: email, stars: stars, timestamp: timestamp)
        }
        return try ratingTable(for: ref.path)[ref.path]?.stars ?? StarRatings()
    }

    public func userRating(_ ref: SkillRef, token: String?) throws -> Int? {
        let email = try rater(token, for: "Reading your rating")
        try requireSkill(ref)
        return try store {
            try records.rating(skill: ref.path, email: email)
        }
    }

    /// Thumbs are allowed anonymously, as in the SUSI apps.
    public func thumbs(_ ref: SkillRef, positive: Bool, query: String, reply: String, token: String?) throws {
        try requireSkill(ref)
        let who = try account(for: token) ?? Identity.anonymous().name
        try store {
            try records.addThumbs(skill: ref.path, identity: who, positive: positive, query: String(query.prefix(4096)),
                                  reply: String(reply.prefix(16384)), timestamp: timestamp)
        }
    }

    public func postFeedback(_ ref: SkillRef, text: String, token: String?) throws {
        let trimmed = try ServiceRules.checkFeedback(text)
        let email = try requireAccount(token, for: "Posting feedback")
        try requireSkill(ref)
        try store {
            try records.setFeedback(skill: ref.path, email: email, text: trimmed, timestamp: timestamp)
        }
    }

    public func feedback(_ ref: SkillRef) throws -> [SkillFeedback] {
        try requireSkill(ref)
        return try store { try records.feedback(skill: ref.path) }
    }

    public func deleteFeedback(_ ref: SkillRef, token: String?) throws -> Bool {
        let email = try requireAccount(token, for: "Deleting feedback")
        try requireSkill(ref)
        return try store {
            try records.removeFeedback(skill: ref.path, email: email)
        }
    }

    public func report(_ ref: SkillRef, reason: String, token: String?) throws {
        let trimmed = try ServiceRules.checkReport(reason)
        let email = try requireAccount(token, for: "Reporting a skill")
        try requireSkill(ref)
        guard try store({ try records.addReport(skill: ref.path, email: email, reason: trimmed, timestamp: timestamp) }) else {
            throw ServiceError(.conflict, "You have already reported \(ref.description).")
        }
    }

    public func bookmark(_ ref: SkillRef, on: Bool, token: String?) throws {
        let email = try requireAccount(token, for: "Bookmarking a skill")
        try requireSkill(ref)
        try store { try records.setBookmark(skill: ref.path, email: email, on: on, timestamp: timestamp) }
    }

    public func bookmarks(token: String?) throws -> [SkillRef] {
        let email = try requireAccount(token, for: "Listing bookmarks")
        return try store {
            try records.bookmarks(email: email).compactMap(SkillRef.init(path:))
        }
    }
}
