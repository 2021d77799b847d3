import Foundation
import Testing
@testable import SusiStore

private func temporaryDatabasePath() -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("susi-store-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("test.db").path
}

@Suite struct DatabaseTests {
    @Test func roundTripsEveryValueType() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
        try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [42, 2.5, "héllo ✓", [UInt8]([0, 1, 255]), SQLValue.null])
        let row = try #require(try db.query("SELECT * FROM t").first)
        #expect(row["i"] == .integer(42))
        #expect(row["r"] == .real(2.5))
        #expect(row["s"] == .text("héllo ✓"))
        #expect(row["b"] == .blob([0, 1, 255]))
        #expect(row["n"] == .null)
        #expect(row["missing"] == .null)
    }

    /// A writer held out by a lock that is never released gives up with a
    /// "busy" error after the busy timeout (it used to retry BEGIN IMMEDIATE
    /// ten thousand times, each a whole timeout), writes nothing, and its
    /// connection works once the lock is gone.
    @Test func aWriterHeldOutGivesUpAfterTheBusyTimeout() throws {
        let path = temporaryDatabasePath()
        let holder = try Database(path: path)
        try holder.execute("CREATE TABLE t (a TEXT)")
        try holder.execute("BEGIN IMMEDIATE")
        nonisolated(unsafe) var outcome: (error: StoreError?, seconds: Double)?
        nonisolated(unsafe) var afterwards: Error?
        let finished = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { finished.signal() }
            do {
                let writer = try Database(path: path)
                let start = Date()
                var caught: StoreError?
                do { try writer.transaction { try writer.run("INSERT INTO t VALUES ('lost')") } } catch { caught = error as? StoreError }
                outcome = (caught, Date().timeIntervalSince(start))
                finished.signal()
                released.wait()
                try writer.transaction { try writer.run("INSERT INTO t VALUES ('kept')") }
            } catch {
                afterwards = error
            }
        }
        thread.start()
        let timeout = Double(Database.busyTimeoutMilliseconds) / 1000
        let gaveUp = finished.wait(timeout: .now() + timeout * 4) == .success
        #expect(try holder.scalar("SELECT count(*) FROM t")?.int == 0)
        try holder.execute("COMMIT")
        if !gaveUp { finished.wait() }
        released.signal()
        finished.wait()
        #expect(gaveUp, "still waiting after \(timeout * 4) s")
        let result = try #require(outcome)
        #expect(result.error?.kind == .busy)
        #expect(result.error?.message.contains("is busy") == true)
        #expect(result.seconds >= timeout * 0.9)
        #expect(afterwards == nil)
        #expect(try holder.scalar("SELECT a FROM t")?.string == "kept")
    }

    @Test func usesWALAndForeignKeys() throws {
        let db = try Database(path: temporaryDatabasePath())
        #expect(try db.scalar("PRAGMA journal_mode")?.string == "wal")
        #expect(try db.scalar("PRAGMA foreign_keys")?.int == 1)
    }

    @Test func aWriterWaitsForAnotherConnectionsLockInsteadOfFailing() throws {
        let path = temporaryDatabasePath()
        let holder = try Database(path: path)
        try holder.execute("CREATE TABLE t (a)")
        try holder.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (1)")
        let failures = LockedList()
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                let waiter = try Database(path: path)
                try waiter.transaction { try waiter.run("INSERT INTO t VALUES (2)") }
            } catch {
                failures.append("\(error)")
            }
            done.signal()
        }.start()
        // Hold the write lock for a while; the other writer must wait, not fail.
        Thread.sleep(forTimeInterval: 0.3)
        try holder.execute("COMMIT")
        done.wait()
        #expect(failures.items.isEmpty)
        #expect(try holder.scalar("SELECT count(*) FROM t")?.int == 2)
    }

    @Test func wrongParameterCountIsAnError() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a)")
        #expect(throws: StoreError.self) { try db.run("INSERT INTO t VALUES (?)", []) }
    }

    @Test func transactionRollsBackOnError() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a INTEGER UNIQUE)")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.scalar("SELECT count(*) FROM t")?.int == 0)
    }

    @Test func nestedTransactionsUseSavepoints() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a INTEGER UNIQUE)")
        try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            do {
                try db.transaction {
                    try db.run("INSERT INTO t VALUES (2)")
                    try db.run("INSERT INTO t VALUES (1)")  // unique violation
                }
                Issue.record("the inner transaction should have failed")
            } catch let error as StoreError {
                #expect(error.kind == .constraint)
            }
        }
        #expect(try db.query("SELECT a FROM t").map { $0["a"] } == [.integer(1)])
    }

    @Test func migratesStepByStepAndIsIdempotent() throws {
        let path = temporaryDatabasePath()
        let migrations = [
            Migration(1, "CREATE TABLE a (x)"),
            Migration(2, "CREATE TABLE b (y)"),
        ]
        do {
            let db = try Database(path: path)
            try db.migrate(Array(migrations.prefix(1)))
            #expect(try db.schemaVersion == 1)
        }
        let db = try Database(path: path)
        try db.migrate(migrations)
        try db.migrate(migrations)
        #expect(try db.schemaVersion == 2)
        #expect(try db.query("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name").map { $0["name"] }
                == [.text("a"), .text("b")])
    }

    @Test func refusesANewerSchemaAndLeavesTheFileAlone() throws {
        let path = temporaryDatabasePath()
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE future (z); PRAGMA user_version = 7")
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        do {
            try db.migrate([Migration(1, "CREATE TABLE a (x)")])
            Issue.record("a newer schema must be refused")
        } catch let error as StoreError {
            #expect(error.kind == .newerSchema(found: 7, known: 1))
            #expect(error.message.contains("newer susi"))
        }
        #expect(try db.schemaVersion == 7)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'a'")?.int == 0)
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(before == after)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsDamaged() throws {
        let path = temporaryDatabasePath()
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Database(path: path)
            Issue.record("opening garbage must fail")
        } catch {
            #expect(error.kind == .damaged)
            #expect(error.message.contains(path))
            #expect(error.path == path)
        }
    }

    @Test func twoConnectionsWritingAtOnceNeverSeeLocked() throws {
        let path = temporaryDatabasePath()
        let setup = try Database(path: path)
        try setup.migrate([Migration(1, "CREATE TABLE counter (writer INTEGER, n INTEGER)")])
        let writers = 4, rows = 100
        let failures = LockedList()
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            do {
                let db = try Database(path: path)
                for n in 0..<rows {
                    try db.transaction {
                        try db.run("INSERT INTO counter VALUES (?, ?)", [writer, n])
                    }
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.items.isEmpty)
        #expect(try setup.scalar("SELECT count(*) FROM counter")?.int == writers * rows)
    }
}

private final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ item: String) { lock.lock(); storage.append(item); lock.unlock() }
    var items: [String] { lock.lock(); defer { lock.unlock() }; return storage }
}

@Suite("Numbers read from a database file")
struct DatabaseNumberTests {
    @Test func aRealOutsideIntsRangeIsNilNotATrap() {
        for value in [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan, 9.3e18] {
            #expect(SQLValue.real(value).int == nil, "\(value)")
        }
        #expect(SQLValue.real(42.9).int == 42)
        #expect(SQLValue.text("9223372036854775808").int == nil)
    }
}
