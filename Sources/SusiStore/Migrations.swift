/// One schema step. Versions start at 1 and increase by one; the database's
/// `user_version` records the last step applied.
public struct Migration: Sendable {
    public var version: Int
    public var sql: String

    public init(_ version: Int, _ sql: String) {
        self.version = version
        self.sql = sql
    }
}

extension Database {
    public var schemaVersion: Int {
        get throws(StoreError) { try scalar("PRAGMA user_version")?.int ?? 0 }
    }

    /// Brings the schema up to the last migration, each step in its own
    /// transaction. A database from a newer susi is refused and left as it is.
    public func migrate(_ migrations: [Migration]) throws {
        let known = migrations.map(\.version).max() ?? 0
        let current = try schemaVersion
        if current > known {
            throw Self.newerSchema(path: path, found: current, known: known)
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
            try transaction {
                // Another process may have migrated while this one waited for the lock.
                guard try schemaVersion < migration.version else { return }
                try execute(migration.sql)
                try execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}

extension Database {
    static func newerSchema(path: String, found: Int, known: Int) -> StoreError {
        StoreError(.newerSchema(found: found, known: known),
                   "The database \(path) was written by a newer susi (schema \(found); this version knows up to \(known)). It was left untouched; upgrade susi to use it.")
    }
}
