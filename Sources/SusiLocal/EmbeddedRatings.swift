import Foundation
import SusiPorts
import SusiStore

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
            try database.run("""
            INSERT INTO ratings (skill, email, stars, timestamp) VALUES (?, ?, ?, ?)
            ON CONFLICT (skill, email) DO UPDATE SET stars = excluded.stars, timestamp = excluded.timestamp
            """, [ref.path, email, stars, timestamp])
        }
        return try ratingTable(for: ref.path)[ref.path]?.stars ?? StarRatings()
    }

    public func userRating(_ ref: SkillRef, token: String?) throws -> Int? {
        let email = try rater(token, for: "Reading your rating")
        try requireSkill(ref)
        return try store {
            try database.scalar("SELECT stars FROM ratings WHERE skill = ? AND email = ?", [ref.path, email])?.int
        }
    }

    /// Thumbs are allowed anonymously, as in the SUSI apps.
    public func thumbs(_ ref: SkillRef, positive: Bool, query: String, reply: String, token: String?) throws {
        try requireSkill(ref)
        let who = try account(for: token) ?? Identity.anonymous().name
        try store {
            try database.run("INSERT INTO thumbs (skill, identity, positive, query, reply, timestamp) VALUES (?, ?, ?, ?, ?, ?)",
                             [ref.path, who, positive, String(query.prefix(4096)), String(reply.prefix(16384)), timestamp])
        }
    }

    public func postFeedback(_ ref: SkillRef, text: String, token: String?) throws {
        let trimmed = try ServiceRules.checkFeedback(text)
        let email = try requireAccount(token, for: "Posting feedback")
        try requireSkill(ref)
        try store {
            try database.run("""
            INSERT INTO feedback (skill, email, text, timestamp) VALUES (?, ?, ?, ?)
            ON CONFLICT (skill, email) DO UPDATE SET text = excluded.text, timestamp = excluded.timestamp
            """, [ref.path, email, trimmed, timestamp])
        }
    }

    public func feedback(_ ref: SkillRef) throws -> [SkillFeedback] {
        try requireSkill(ref)
        return try store {
            try database.query("""
            SELECT f.email, f.text, f.timestamp, ifnull(r.stars, 0) AS stars, ifnull(s.value, '') AS user_name
            FROM feedback f
            LEFT JOIN ratings r ON r.skill = f.skill AND r.email = f.email
            LEFT JOIN settings s ON s.email = f.email AND s.key = 'userName'
            WHERE f.skill = ? ORDER BY f.timestamp DESC, f.email
            """, [ref.path]).map { row in
                SkillFeedback(email: row["email"].string ?? "", userName: row["user_name"].string ?? "",
                              text: row["text"].string ?? "",
                              timestamp: Date(timeIntervalSince1970: row["timestamp"].double ?? 0),
                              stars: row["stars"].int ?? 0)
            }
        }
    }

    public func deleteFeedback(_ ref: SkillRef, token: String?) throws -> Bool {
        let email = try requireAccount(token, for: "Deleting feedback")
        try requireSkill(ref)
        return try store {
            try database.run("DELETE FROM feedback WHERE skill = ? AND email = ?", [ref.path, email]) > 0
        }
    }

    public func report(_ ref: SkillRef, reason: String, token: String?) throws {
        let trimmed = try ServiceRules.checkReport(reason)
        let email = try requireAccount(token, for: "Reporting a skill")
        try requireSkill(ref)
        try store {
            try database.transaction {
                if try database.scalar("SELECT 1 FROM reports WHERE skill = ? AND email = ?", [ref.path, email]) != nil {
                    throw ServiceError(.conflict, "You have already reported \(ref.description).")
                }
                try database.run("INSERT INTO reports (skill, email, reason, timestamp) VALUES (?, ?, ?, ?)",
                                 [ref.path, email, trimmed, timestamp])
            }
        }
    }

    public func bookmark(_ ref: SkillRef, on: Bool, token: String?) throws {
        let email = try requireAccount(token, for: "Bookmarking a skill")
        try requireSkill(ref)
        try store {
            if on {
                try database.run("INSERT INTO bookmarks (skill, email, timestamp) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                 [ref.path, email, timestamp])
            } else {
                try database.run("DELETE FROM bookmarks WHERE skill = ? AND email = ?", [ref.path, email])
            }
        }
    }

    public func bookmarks(token: String?) throws -> [SkillRef] {
        let email = try requireAccount(token, for: "Listing bookmarks")
        return try store {
            try database.query("SELECT skill FROM bookmarks WHERE email = ? ORDER BY timestamp DESC", [email])
                .compactMap { $0["skill"].string.flatMap(SkillRef.init(path:)) }
        }
    }
}
