import Foundation
import SusiPorts

/// The store port over a PostgreSQL database that several `susi serve`
/// processes share (docs/decisions/0420-the-store-port.md, 0421). Every
/// call reads the database (no cache: a conversation continues on another
/// server, a revoked token is refused everywhere at once) through this
/// process's bounded pool. Safe to use from any thread.
public final class PostgresStore: ServiceStore, @unchecked Sendable {
    let pool: ConnectionPool

    /// Connects, and migrates the schema (or refuses a newer one) before
    /// anything is served. `connections` bounds this process's pool; a
    /// caller finding them all busy waits `wait` seconds at most.
    public init(_ address: StoreAddress, connections: Int, wait: TimeInterval = 1) throws {
        pool = ConnectionPool(address, limit: connections, wait: wait)
        try pool.with { try PostgresSchema.migrate($0) }
    }

    /// The schema version this susi writes.
    public static var schemaVersion: Int { PostgresSchema.known }

    public var location: String { pool.address.shown }

    @discardableResult
    private func run(_ sql: String, _ parameters: [String?] = []) throws -> PostgresConnection.Rows {
        try pool.with { try $0.run(sql, parameters) }
    }

    private static func text(_ value: Double) -> String { String(value) }

    // MARK: Accounts and tokens

    public func account(tokenDigest: String, now: Double) throws -> String? {
        try run("SELECT email FROM tokens WHERE digest = $1 AND (expires IS NULL OR expires > $2)",
                [tokenDigest, Self.text(now)]).first("email")
    }

    public func accountExists(_ email: String) throws -> Bool {
        try !run("SELECT 1 AS found FROM accounts WHERE lower(email) = lower($1)", [email]).values.isEmpty
    }

    public func createAccount(email: String, passwordHash: String, created: Double) throws -> Bool {
        try run("INSERT INTO accounts (email, password_hash, created) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [email, passwordHash, Self.text(created)]).changed == 1
    }

    public func passwordHash(email: String) throws -> (email: String, hash: String)? {
        let rows = try run("SELECT email, password_hash FROM accounts WHERE lower(email) = lower($1)", [email])
        guard let stored = rows.first("email"), let hash = rows.first("password_hash") else { return nil }
        return (stored, hash)
    }

    public func addToken(digest: String, email: String, created: Double, expires: Double) throws {
        try run("INSERT INTO tokens (digest, email, created, expires) VALUES ($1, $2, $3, $4)",
                [digest, email, Self.text(created), Self.text(expires)])
    }

    public func removeToken(digest: String) throws {
        try run("DELETE FROM tokens WHERE digest = $1", [digest])
    }

    public func changePassword(email: String, passwordHash: String, keeping digest: String) throws {
        try pool.with { connection in
            try connection.transaction {
                try connection.run("UPDATE accounts SET password_hash = $1 WHERE email = $2", [passwordHash, email])
                try connection.run("DELETE FROM tokens WHERE email = $1 AND digest <> $2", [email, digest])
            }
        }
    }

    // MARK: Ratings, thumbs, feedback, reports, bookmarks

    public func setRating(skill: String, email: String, stars: Int, timestamp: Double) throws {
        try run("""
        INSERT INTO ratings (skill, email, stars, timestamp) VALUES ($1, $2, $3, $4)
        ON CONFLICT (skill, email) DO UPDATE SET stars = excluded.stars, timestamp = excluded.timestamp
        """, [skill, email, String(stars), Self.text(timestamp)])
    }

    public func rating(skill: String, email: String) throws -> Int? {
        try run("SELECT stars FROM ratings WHERE skill = $1 AND email = $2", [skill, email]).first("stars").flatMap { Int($0) }
    }

    public func addThumbs(skill: String, identity: String, positive: Bool, query: String, reply: String, timestamp: Double) throws {
        try run("INSERT INTO thumbs (skill, identity, positive, query, reply, timestamp) VALUES ($1, $2, $3, $4, $5, $6)",
                [skill, identity, positive ? "1" : "0", query, reply, Self.text(timestamp)])
    }

    public func setFeedback(skill: String, email: String, text: String, timestamp: Double) throws {
        try run("""
        INSERT INTO feedback (skill, email, text, timestamp) VALUES ($1, $2, $3, $4)
        ON CONFLICT (skill, email) DO UPDATE SET text = excluded.text, timestamp = excluded.timestamp
        """, [skill, email, text, Self.text(timestamp)])
    }

    public func feedback(skill: String) throws -> [SkillFeedback] {
        try run("""
        SELECT f.email, f.text, f.timestamp, coalesce(r.stars, 0) AS stars, coalesce(s.value, '') AS user_name
        FROM feedback f
        LEFT JOIN ratings r ON r.skill = f.skill AND r.email = f.email
        LEFT JOIN settings s ON s.email = f.email AND s.key = 'userName'
        WHERE f.skill = $1 ORDER BY f.timestamp DESC, f.email
        """, [skill]).maps().map { row in
            SkillFeedback(email: row["email"] ?? "", userName: row["user_name"] ?? "", text: row["text"] ?? "",
                          timestamp: Date(timeIntervalSince1970: Double(row["timestamp"] ?? "") ?? 0),
                          stars: Int(row["stars"] ?? "") ?? 0)
        }
    }

    public func removeFeedback(skill: String, email: String) throws -> Bool {
        try run("DELETE FROM feedback WHERE skill = $1 AND email = $2", [skill, email]).changed > 0
    }

    public func addReport(skill: String, email: String, reason: String, timestamp: Double) throws -> Bool {
        try run("INSERT INTO reports (skill, email, reason, timestamp) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                [skill, email, reason, Self.text(timestamp)]).changed == 1
    }

    public func setBookmark(skill: String, email: String, on: Bool, timestamp: Double) throws {
        if on {
            try run("INSERT INTO bookmarks (skill, email, timestamp) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                    [skill, email, Self.text(timestamp)])
        } else {
            try run("DELETE FROM bookmarks WHERE skill = $1 AND email = $2", [skill, email])
        }
    }

    public func bookmarks(email: String) throws -> [String] {
        try run("SELECT skill FROM bookmarks WHERE email = $1 ORDER BY timestamp DESC", [email]).values.compactMap { $0[0] }
    }

    public func ratings(skill path: String?) throws -> [String: SkillRating] {
        var table: [String: SkillRating] = [:]
        let filter = path == nil ? "" : " WHERE skill = $1"
        let parameters: [String?] = path.map { [$0] } ?? []
        try pool.with { connection in
            // One snapshot for the four counts.
            try connection.transaction {
                try connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                for row in try connection.run("SELECT skill, stars, count(*) AS n FROM ratings\(filter) GROUP BY skill, stars", parameters).maps() {
                    let stars = Int(row["stars"] ?? "") ?? 0
                    guard (1...5).contains(stars) else { continue }
                    table[row["skill"] ?? "", default: SkillRating()].stars[stars] = Int(row["n"] ?? "") ?? 0
                }
                for row in try connection.run("SELECT skill, sum(positive) AS up, sum(1 - positive) AS down FROM thumbs\(filter) GROUP BY skill", parameters).maps() {
                    table[row["skill"] ?? "", default: SkillRating()].positive = Int(row["up"] ?? "") ?? 0
                    table[row["skill"] ?? "", default: SkillRating()].negative = Int(row["down"] ?? "") ?? 0
                }
                for row in try connection.run("SELECT skill, count(*) AS n FROM feedback\(filter) GROUP BY skill", parameters).maps() {
                    table[row["skill"] ?? "", default: SkillRating()].feedbackCount = Int(row["n"] ?? "") ?? 0
                }
                for row in try connection.run("SELECT skill, count(*) AS n FROM bookmarks\(filter) GROUP BY skill", parameters).maps() {
                    table[row["skill"] ?? "", default: SkillRating()].bookmarkCount = Int(row["n"] ?? "") ?? 0
                }
            }
        }
        return table
    }

    // MARK: Settings and devices

    public func settings(email: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for row in try run("SELECT key, value FROM settings WHERE email = $1", [email]).values {
            result[row[0] ?? ""] = row[1] ?? ""
        }
        return result
    }

    public func changeSettings(email: String, _ settings: [String: String]) throws {
        try pool.with { connection in
            try connection.transaction {
                for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
                    try connection.run("""
                    INSERT INTO settings (email, key, value) VALUES ($1, $2, $3)
                    ON CONFLICT (email, key) DO UPDATE SET value = excluded.value
                    """, [email, name, value])
                }
            }
        }
    }

    public func saveDevice(email: String, _ device: Device, added: Double, checkCount: (Int) throws -> Void) throws {
        try pool.with { connection in
            try connection.transaction {
                // The account's row locked: two servers adding its devices at once count one after the other.
                try connection.run("SELECT 1 FROM accounts WHERE email = $1 FOR UPDATE", [email])
                if try connection.run("SELECT 1 FROM devices WHERE email = $1 AND mac = $2", [email, device.macAddress]).values.isEmpty {
                    try checkCount(Int(try connection.run("SELECT count(*) AS n FROM devices WHERE email = $1", [email]).first("n") ?? "") ?? 0)
                }
                try connection.run("""
                INSERT INTO devices (email, mac, name, room, added, latitude, longitude) VALUES ($1, $2, $3, $4, $5, $6, $7)
                ON CONFLICT (email, mac) DO UPDATE SET name = excluded.name, room = excluded.room,
                    latitude = excluded.latitude, longitude = excluded.longitude
                """, [email, device.macAddress, device.name, device.room, Self.text(added),
                      device.latitude.map(Self.text), device.longitude.map(Self.text)])
            }
        }
    }

    public func devices(email: String) throws -> [Device] {
        try run("SELECT * FROM devices WHERE email = $1 ORDER BY room, name, mac", [email]).maps().map { row in
            Device(macAddress: row["mac"] ?? "", name: row["name"] ?? "", room: row["room"] ?? "",
                   added: row["added"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)),
                   latitude: row["latitude"].flatMap(Double.init), longitude: row["longitude"].flatMap(Double.init))
        }
    }

    public func removeDevices(email: String, mac: String?) throws -> Int {
        if let mac {
            return try run("DELETE FROM devices WHERE email = $1 AND mac = $2", [email, mac]).changed
        }
        return try run("DELETE FROM devices WHERE email = $1", [email]).changed
    }

    // MARK: Conversation memory and usage counts

    public func conversation(_ identity: String) throws -> StoredConversation? {
        let rows = try run("SELECT memory, updated FROM conversations WHERE identity = $1", [identity])
        guard let memory = rows.first("memory") else { return nil }
        return StoredConversation(memory: memory, updated: rows.first("updated").flatMap(Double.init) ?? 0)
    }

    public func commit(_ batch: StoreBatch) throws {
        guard !batch.isEmpty else { return }
        try pool.with { connection in
            try connection.transaction {
                // In key order, so two servers' batches never wait for each other in a cycle.
                for (identity, stored) in batch.conversations.sorted(by: { $0.key < $1.key }) {
                    try connection.run("""
                    INSERT INTO conversations (identity, memory, updated) VALUES ($1, $2, $3)
                    ON CONFLICT (identity) DO UPDATE SET memory = excluded.memory, updated = excluded.updated
                    """, [identity, stored.memory, Self.text(stored.updated)])
                }
                for (skill, count) in batch.usage.sorted(by: { $0.key < $1.key }) {
                    try connection.run("""
                    INSERT INTO skill_usage (path, count) VALUES ($1, $2)
                    ON CONFLICT (path) DO UPDATE SET count = skill_usage.count + excluded.count
                    """, [skill, String(count)])
                }
                if let prune = batch.prune {
                    let pattern = prune.prefix + "%"
                    try connection.run("DELETE FROM conversations WHERE identity LIKE $1 AND updated < $2",
                                       [pattern, Self.text(prune.before)])
                    try connection.run("""
                    DELETE FROM conversations WHERE identity IN (
                        SELECT identity FROM conversations WHERE identity LIKE $1 ORDER BY updated DESC OFFSET $2)
                    """, [pattern, String(max(0, prune.keep))])
                }
            }
        }
    }

    public func usageCounts() throws -> [String: Int]? {
        var counts: [String: Int] = [:]
        for row in try run("SELECT path, count FROM skill_usage").values {
            counts[row[0] ?? ""] = Int(row[1] ?? "") ?? 0
        }
        return counts
    }

    public func isReachable() -> Bool {
        (try? run("SELECT 1 AS up")) != nil
    }
}
