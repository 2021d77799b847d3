import Foundation
import Testing
@testable import SusiStore

/// A connection that wrote little leaves the WAL for the next one instead of
/// checkpointing it at close (no fsync, no re-creation of -wal and -shm);
/// what it committed is there for every later connection, and a long WAL
/// (an import) is still checkpointed and removed at close.
@Suite struct DatabaseWALTests {
    private func folder() -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("susi-wal-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }

    private func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    @Test func aSmallWriteStaysInTheWALAndEveryLaterConnectionReadsIt() throws {
        let path = folder() + "/test.db"
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE t (a TEXT)")
            try db.run("INSERT INTO t VALUES (?)", ["kept"])
        }
        let wal = try #require(size(path + "-wal"), "the WAL is left in place at close")
        #expect(wal > 0)
        // The database file alone does not have the row yet: it is in the WAL.
        let main = try #require(FileManager.default.contents(atPath: path))
        #expect(main.range(of: Data("kept".utf8)) == nil)
        // A new connection (as the next process) sees it, read-write or read-only.
        #expect(try Database(path: path, readOnly: true).scalar("SELECT a FROM t")?.string == "kept")
        let next = try Database(path: path)
        #expect(try next.scalar("SELECT count(*) FROM t")?.int == 1)
        try next.run("INSERT INTO t VALUES (?)", ["more"])
        #expect(try next.scalar("SELECT count(*) FROM t")?.int == 2)
    }

    @Test func aLongWALIsCheckpointedIntoTheDatabaseAndRemovedAtClose() throws {
        let path = folder() + "/test.db"
        let blob = String(repeating: "x", count: 3000)
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE t (a TEXT)")
            try db.transaction {
                for _ in 0..<Int(Database.walKeptAtClose) * 2 { try db.run("INSERT INTO t VALUES (?)", [blob]) }
            }
        }
        #expect(size(path + "-wal") == nil, "checkpointed and deleted as SQLite does by default")
        #expect(size(path + "-shm") == nil)
        #expect(try Database(path: path, readOnly: true).scalar("SELECT count(*) FROM t")?.int == Int(Database.walKeptAtClose) * 2)
    }

    @Test func aReadOnlyConnectionChangesNeitherFile() throws {
        let path = folder() + "/test.db"
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE t (a TEXT); INSERT INTO t VALUES ('one')")
        }
        let before = [path, path + "-wal"].map { FileManager.default.contents(atPath: $0) }
        do {
            let reader = try Database(path: path, readOnly: true)
            #expect(try reader.scalar("SELECT a FROM t")?.string == "one")
        }
        #expect([path, path + "-wal"].map { FileManager.default.contents(atPath: $0) } == before)
    }
}
