import Foundation
import SusiPorts
import SusiStore

/// The store port over the embedded SUSI's SQLite file (the default): the
/// same file and connection as the skill index, so a skill's usage count is
/// its row's `usage_count`. Throws `StoreError`s; `EmbeddedService.store`
/// turns them into service errors.
final class SQLiteServiceStore: ServiceStore {
    let database: Database

    init(_ database: Database) {
        self.database = database
    }

    var location: String { database.path }

    // MARK: Accounts and tokens

    func account(tokenDigest: String, now: Double) throws -> String? {
        try database.scalar("SELECT email FROM tokens WHERE digest = ? AND (expires IS NULL OR expires > ?)",
                            [tokenDigest, now])?.string
    }

    func accountExists(_ email: String) throws -> Bool {
        try database.scalar("SELECT 1 FROM accounts WHERE email = ?", [email]) != nil
    }

    func createAccount(email: String, passwordHash: String, created: Double) throws -> Bool {
        try database.transaction {
            if try accountExists(email) { return false }
            try database.run("INSERT INTO accounts (email, password_hash, created) VALUES (?, ?, ?)",
                             [email, passwordHash, created])
            return true
        }
    }

    func passwordHash(email: String) throws -> (email: String, hash: String)? {
        guard let row = try database.query("SELECT email, password_hash FROM accounts WHERE email = ?", [email]).first,
              let stored = row["email"].string, let hash = row["password_hash"].string else { return nil }
        return (stored, hash)
    }

    func addToken(digest: String, email: String, created: Double, expires: Double) throws {
        try database.run("INSERT INTO tokens (digest, email, created, expires) VALUES (?, ?, ?, ?)",
                         [digest, email, created, expires])
    }

    func removeToken(digest: String) throws {
        try database.run("DELETE FROM tokens WHERE digest = ?", [digest])
    }

    func changePassword(email: String, passwordHash: String, keeping digest: String) throws {
        try database.transaction {
            try database.run("UPDATE accounts SET password_hash = ? WHERE email = ?", [passwordHash, email])
            try database.run("DELETE FROM tokens WHERE email = ? AND digest != ?", [email, digest])
        }
    }

    // MARK: Ratings, thumbs, feedback, reports, bookmarks

    func setRating(skill: String, email: String, stars: Int, timestamp: Double) throws {
        try database.run("""
        INSERT INTO ratings (skill, email, stars, timestamp) VALUES (?, ?, ?, ?)
        ON CONFLICT (skill, email) DO UPDATE SET stars = excluded.stars, timestamp = excluded.timestamp
        """, [skill, email, stars, timestamp])
    }

    func rating(skill: String, email: String) throws -> Int? {
        try database.scalar("SELECT stars FROM ratings WHERE skill = ? AND email = ?", [skill, email])?.int
    }

    func addThumbs(skill: String, identity: String, positive: Bool, query: String, reply: String, timestamp: Double) throws {
        try database.run("INSERT INTO thumbs (skill, identity, positive, query, reply, timestamp) VALUES (?, ?, ?, ?, ?, ?)",
                         [skill, identity, positive, query, reply, timestamp])
    }

    func setFeedback(skill: String, email: String, text: String, timestamp: Double) throws {
        try database.run("""
        INSERT INTO feedback (skill, email, text, timestamp) VALUES (?, ?, ?, ?)
        ON CONFLICT (skill, email) DO UPDATE SET text = excluded.text, timestamp = excluded.timestamp
        """, [skill, email, text, timestamp])
    }

    func feedback(skill: String) throws -> [SkillFeedback] {
        try database.query("""
        SELECT f.email, f.text, f.timestamp, ifnull(r.stars, 0) AS stars, ifnull(s.value, '') AS user_name
        FROM feedback f
        LEFT JOIN ratings r ON r.skill = f.skill AND r.email = f.email
        LEFT JOIN settings s ON s.email = f.email AND s.key = 'userName'
        WHERE f.skill = ? ORDER BY f.timestamp DESC, f.email
        """, [skill]).map { row in
            SkillFeedback(email: row["email"].string ?? "", userName: row["user_name"].string ?? "",
                          text: row["text"].string ?? "",
                          timestamp: Date(timeIntervalSince1970: row["timestamp"].double ?? 0),
                          stars: row["stars"].int ?? 0)
        }
    }

    func removeFeedback(skill: String, email: String) throws -> Bool {
        try database.run("DELETE FROM feedback WHERE skill = ? AND email = ?", [skill, email]) > 0
    }

    func addReport(skill: String, email: String, reason: String, timestamp: Double) throws -> Bool {
        try database.transaction {
            if try database.scalar("SELECT 1 FROM reports WHERE skill = ? AND email = ?", [skill, email]) != nil { return false }
            try database.run("INSERT INTO reports (skill, email, reason, timestamp) VALUES (?, ?, ?, ?)",
                             [skill, email, reason, timestamp])
            return true
        }
    }

    func setBookmark(skill: String, email: String, on: Bool, timestamp: Double) throws {
        if on {
            try database.run("INSERT INTO bookmarks (skill, email, timestamp) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                             [skill, email, timestamp])
        } else {
            try database.run("DELETE FROM bookmarks WHERE skill = ? AND email = ?", [skill, email])
        }
    }

    func bookmarks(email: String) throws -> [String] {
        try database.query("SELECT skill FROM bookmarks WHERE email = ? ORDER BY timestamp DESC", [email])
            .compactMap { $0["skill"].string }
    }

    func ratings(skill path: String?) throws -> [String: SkillRating] {
        var table: [String: SkillRating] = [:]
        let filter = path == nil ? "" : " WHERE skill = ?"
        let parameters: [SQLBindable] = path.map { [$0] } ?? []
        for row in try database.query("SELECT skill, stars, count(*) AS n FROM ratings\(filter) GROUP BY skill, stars", parameters) {
            let skill = row["skill"].string ?? ""
            let stars = row["stars"].int ?? 0
            guard (1...5).contains(stars) else { continue }
            table[skill, default: SkillRating()].stars[stars] = row["n"].int ?? 0
        }
        for row in try database.query("SELECT skill, sum(positive) AS up, sum(1 - positive) AS down FROM thumbs\(filter) GROUP BY skill", parameters) {
            table[row["skill"].string ?? "", default: SkillRating()].positive = row["up"].int ?? 0
            table[row["skill"].string ?? "", default: SkillRating()].negative = row["down"].int ?? 0
        }
        for row in try database.query("SELECT skill, count(*) AS n FROM feedback\(filter) GROUP BY skill", parameters) {
            table[row["skill"].string ?? "", default: SkillRating()].feedbackCount = row["n"].int ?? 0
        }
        for row in try database.query("SELECT skill, count(*) AS n FROM bookmarks\(filter) GROUP BY skill", parameters) {
            table[row["skill"].string ?? "", default: SkillRating()].bookmarkCount = row["n"].int ?? 0
        }
        return table
    }

    // MARK: Settings and devices

    func settings(email: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for row in try database.query("SELECT key, value FROM settings WHERE email = ?", [email]) {
            result[row["key"].string ?? ""] = row["value"].string ?? ""
        }
        return result
    }

    func changeSettings(email: String, _ settings: [String: String]) throws {
        try database.transaction {
            for (name, value) in settings {
                try database.run("INSERT INTO settings (email, key, value) VALUES (?, ?, ?) ON CONFLICT (email, key) DO UPDATE SET value = excluded.value",
                                 [email, name, value])
            }
        }
    }

    func saveDevice(email: String, _ device: Device, added: Double, checkCount: (Int) throws -> Void) throws {
        try database.transaction {
            if try database.scalar("SELECT 1 FROM devices WHERE email = ? AND mac = ?", [email, device.macAddress]) == nil {
                try checkCount(try database.scalar("SELECT count(*) FROM devices WHERE email = ?", [email])?.int ?? 0)
            }
            try database.run("""
            INSERT INTO devices (email, mac, name, room, added, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (email, mac) DO UPDATE SET name = excluded.name, room = excluded.room,
                latitude = excluded.latitude, longitude = excluded.longitude
            """, [email, device.macAddress, device.name, device.room, added, device.latitude, device.longitude])
        }
    }

    func devices(email: String) throws -> [Device] {
        try database.query("SELECT * FROM devices WHERE email = ? ORDER BY room, name, mac", [email]).map { row in
            Device(macAddress: row["mac"].string ?? "", name: row["name"].string ?? "", room: row["room"].string ?? "",
                   added: row["added"].double.map(Date.init(timeIntervalSince1970:)),
                   latitude: row["latitude"].double, longitude: row["longitude"].double)
        }
    }

    func removeDevices(email: String, mac: String?) throws -> Int {
        if let mac {
            return try database.run("DELETE FROM devices WHERE email = ? AND mac = ?", [email, mac])
        }
        return try database.run("DELETE FROM devices WHERE email = ?", [email])
    }

    // MARK: Conversation memory and usage counts

    func conversation(_ identity: String) throws -> StoredConversation? {
        // A prepared statement, reset after the step: this is every chat's read.
        let statement = try database.prepare("SELECT memory, updated FROM conversations WHERE identity = ?")
        try statement.bind([identity])
        guard try statement.step() else { return nil }
        let found = statement.value(at: 0).string.map { StoredConversation(memory: $0, updated: statement.value(at: 1).double ?? 0) }
        statement.reset()
        return found
    }

    func commit(_ batch: StoreBatch) throws {
        try database.transaction {
            for (identity, stored) in batch.conversations {
                try database.run("""
                INSERT INTO conversations (identity, memory, updated) VALUES (?, ?, ?)
                ON CONFLICT (identity) DO UPDATE SET memory = excluded.memory, updated = excluded.updated
                """, [identity, stored.memory, stored.updated])
            }
            for (skill, count) in batch.usage {
                try database.run("UPDATE skills SET usage_count = usage_count + ? WHERE path = ?", [count, skill])
            }
            if let prune = batch.prune {
                let pattern = prune.prefix + "%"
                try database.run("DELETE FROM conversations WHERE identity LIKE ? AND updated < ?", [pattern, prune.before])
                try database.run("""
                DELETE FROM conversations WHERE identity IN (
                    SELECT identity FROM conversations WHERE identity LIKE ? ORDER BY updated DESC LIMIT -1 OFFSET ?)
                """, [pattern, max(0, prune.keep)])
            }
        }
    }

    func usageCounts() throws -> [String: Int]? { nil }

    func isReachable() -> Bool {
        (try? database.scalar("SELECT 1")) != nil
    }
}
