import Foundation
import SusiBasics
import Testing
import SusiCLI
import SusiCore
import SusiStore
@testable import SusiLocal
#if canImport(Glibc)
import Glibc
#endif

/// Read-only, full, locked and damaged databases are told apart, each with
/// the file named and its own advice; only a damaged one is ever said to be
/// worth moving aside. The full disk is simulated here with SQLite's
/// max_page_count (the real thing, a tiny tmpfs, is in SusiHostTests).
@Suite struct DatabaseFaultTests {
    func fault(_ body: () throws -> Void) -> StorageError? {
        do {
            try body()
            Issue.record("expected a storage error, but the call succeeded")
        } catch let error as StorageError {
            return error
        } catch {
            Issue.record("expected a StorageError, got \(type(of: error)): \(error)")
        }
        return nil
    }

    @Test func aFullDiskIsReportedAsFullNotDamagedAndNothingIsLost() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        _ = try service.newAccount("ada@example.org")
        let pages = try #require(try service.database.scalar("PRAGMA page_count")?.int)
        try service.database.execute("PRAGMA max_page_count = \(pages)")
        // Accounts are added until the "disk" is full; the one refused leaves nothing behind.
        var before = try fixture.snapshot()
        let error = fault {
            for index in 0..<200 {
                before = try fixture.snapshot()
                _ = try service.newAccount("user\(index)-\(String(repeating: "x", count: 200))@example.org")
            }
        }
        #expect(error?.problem == .full)
        #expect(error?.exitCode == .ioError)
        #expect(error?.message == "Cannot write to the database \(fixture.path): the disk is full (database or disk is full).")
        #expect(error?.hint?.contains("Free some space") == true)
        #expect(error?.hint?.contains("not damaged") == true)
        #expect(error?.hint?.contains("aside") == false, "a healthy database is never to be thrown away")
        #expect(try fixture.snapshot()["accounts"] == before["accounts"], "the refused change left nothing behind")
        #expect(try fixture.raw().scalar("PRAGMA integrity_check")?.string == "ok")
    }

    @Test func aReadOnlyDatabaseIsReportedAsReadOnly() throws {
        let fixture = Fixture()
        _ = try fixture.service()
        let bytes = fixture.fileBytes()
        let readOnly = try Database(path: fixture.path, readOnly: true)
        var caught: StoreError?
        do { try readOnly.run("INSERT INTO accounts (email) VALUES ('x')") } catch { caught = error }
        let error = EmbeddedService.serviceError(try #require(caught)) as? StorageError
        #expect(error?.problem == .readOnly)
        #expect(error?.exitCode == .cannotCreate)
        #expect(error?.message.hasPrefix("Cannot write to the database \(fixture.path): it or its folder is read-only") == true)
        #expect(error?.hint?.contains("aside") == false)
        #expect(fixture.fileBytes() == bytes)
    }

    @Test func aDamagedDatabaseIsDataErrorLikeADamagedCredentialFile() throws {
        let fixture = Fixture()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        #expect(FileManager.default.createFile(atPath: fixture.path, contents: garbage))
        let error = fault { _ = try fixture.service() }
        #expect(error?.problem == .damaged)
        #expect(error?.exitCode == .dataError)
        #expect(error?.message.hasPrefix("The database \(fixture.path) is damaged or not a database") == true)
        #expect(error?.hint?.contains("Move it aside") == true)
        #expect(FileManager.default.contents(atPath: fixture.path) == garbage)
    }

    /// SQLite gives -wal and -shm the database's mode; a -shm left 0400 by a
    /// run against a read-only file kept every later run failing.
    @Test func aStaleReadOnlyShmIsMadePrivateAndWritableAgain() throws {
        let fixture = Fixture()
        _ = try fixture.service().newAccount("ada@example.org")
        for suffix in ["-shm", "-wal"] where FileManager.default.fileExists(atPath: fixture.path + suffix) {
            chmod(fixture.path + suffix, 0o400)
        }
        let service = try fixture.service()
        _ = try service.newAccount("bob@example.org")
        for suffix in ["-shm", "-wal"] where FileManager.default.fileExists(atPath: fixture.path + suffix) {
            var info = stat()
            #expect(stat(fixture.path + suffix, &info) == 0 && info.st_mode & 0o777 == 0o600, "\(suffix)")
        }
        #expect(try fixture.count("accounts") == 2)
    }

    /// A lock held longer than the busy timeout (10 s, too long for a test
    /// to wait out) is a temporary failure with its own advice.
    @Test func aLockedDatabaseIsTryAgainNotDamaged() {
        let path = "/data/susi.db"
        let error = EmbeddedService.serviceError(StoreError(.busy, "The database \(path) is busy: database is locked.",
                                                           code: 5, path: path, detail: "database is locked")) as? StorageError
        #expect(error?.problem == .busy)
        #expect(error?.exitCode == .tempFail)
        #expect(error?.message == "The database \(path) is locked by another process (database is locked).")
        #expect(error?.hint?.contains("try again") == true)
        #expect(error?.hint?.contains("aside") == false)
    }
}
