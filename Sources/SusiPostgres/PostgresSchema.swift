import Foundation
import SusiPorts

/// The store's tables in PostgreSQL, one migration per version (never edit
/// a released step: add one). Run once, under an advisory lock, by whichever
/// server starts first; the others wait for the lock and find nothing left to do.
enum PostgresSchema {
    /// The advisory lock's key (any constant no other program of the database uses).
    static let lockKey = "7305111955"

    static let migrations: [(version: Int, sql: [String])] = [
        (1, [
            """
            CREATE TABLE accounts (email text PRIMARY KEY, password_hash text NOT NULL, created double precision NOT NULL)
            """,
            "CREATE UNIQUE INDEX accounts_by_lower_email ON accounts (lower(email))",
            """
            CREATE TABLE tokens (digest text PRIMARY KEY, email text NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
                created double precision NOT NULL, expires double precision)
            """,
            "CREATE INDEX tokens_by_email ON tokens (email)",
            """
            CREATE TABLE settings (email text NOT NULL REFERENCES accounts (email) ON DELETE CASCADE, key text NOT NULL,
                value text NOT NULL, PRIMARY KEY (email, key))
            """,
            """
            CREATE TABLE devices (email text NOT NULL REFERENCES accounts (email) ON DELETE CASCADE, mac text NOT NULL,
                name text NOT NULL, room text NOT NULL, added double precision NOT NULL, latitude double precision,
                longitude double precision, PRIMARY KEY (email, mac))
            """,
            """
            CREATE TABLE ratings (skill text NOT NULL, email text NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
                stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5), timestamp double precision NOT NULL, PRIMARY KEY (skill, email))
            """,
            """
            CREATE TABLE feedback (skill text NOT NULL, email text NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
                text text NOT NULL CHECK (length(trim(text)) > 0), timestamp double precision NOT NULL, PRIMARY KEY (skill, email))
            """,
            "CREATE INDEX feedback_by_time ON feedback (skill, timestamp)",
            """
            CREATE TABLE thumbs (id bigserial PRIMARY KEY, skill text NOT NULL, identity text NOT NULL,
                positive integer NOT NULL CHECK (positive IN (0, 1)), query text NOT NULL, reply text NOT NULL,
                timestamp double precision NOT NULL)
            """,
            "CREATE INDEX thumbs_by_skill ON thumbs (skill)",
            """
            CREATE TABLE reports (skill text NOT NULL, email text NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
                reason text NOT NULL, timestamp double precision NOT NULL, PRIMARY KEY (skill, email))
            """,
            """
            CREATE TABLE bookmarks (skill text NOT NULL, email text NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
                timestamp double precision NOT NULL, PRIMARY KEY (skill, email))
            """,
            "CREATE TABLE conversations (identity text PRIMARY KEY, memory text NOT NULL, updated double precision NOT NULL)",
            "CREATE INDEX conversations_by_update ON conversations (updated)",
            "CREATE TABLE skill_usage (path text PRIMARY KEY, count bigint NOT NULL)",
        ]),
    ]

    static var known: Int { migrations.map(\.version).max() ?? 0 }

    /// Brings the database to `known`, or refuses one that is newer. Under
    /// the advisory lock, held on this connection (released however it ends).
    static func migrate(_ connection: PostgresConnection) throws {
        try connection.run("SELECT pg_advisory_lock(\(lockKey))")
        defer { if connection.isUp { _ = try? connection.run("SELECT pg_advisory_unlock(\(lockKey))") } }
        try connection.run("CREATE TABLE IF NOT EXISTS susi_schema (version integer PRIMARY KEY, applied double precision NOT NULL)")
        let current = Int(try connection.run("SELECT coalesce(max(version), 0) AS v FROM susi_schema").first("v") ?? "0") ?? 0
        if current > known {
            throw ServiceError(.unavailable,
                               "The store at \(connection.shown) has schema version \(current), newer than this susi knows (\(known)): a newer susi has upgraded it, and this one would not understand it.",
                               hint: "Upgrade susi on this machine to the version the other servers run.")
        }
        for migration in migrations where migration.version > current {
            try connection.transaction {
                for statement in migration.sql { try connection.run(statement) }
                try connection.run("INSERT INTO susi_schema (version, applied) VALUES ($1, $2)",
                                   [String(migration.version), String(Date().timeIntervalSince1970)])
            }
        }
    }
}
