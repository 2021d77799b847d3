import Foundation
import SusiBasics
import SusiPorts
import Testing
import SusiCore
import SusiStore
@testable import SusiLocal

@Suite struct DatabaseFileTests {
    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func createdOwnerOnly() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        _ = try service.newAccount("ada@example.org")
        #expect(try mode(fixture.path) == 0o600)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: fixture.path + suffix) {
            #expect(try mode(fixture.path + suffix) == 0o600, "\(suffix)")
        }
    }

    @Test func createsTheFolder() throws {
        let fixture = Fixture()
        let path = fixture.directory + "/a/b/susi.db"
        let service = try EmbeddedService(path: path, environment: Fixture.environment, now: fixture.clock.now, passwordCost: .minimal)
        #expect(try service.groups().contains("Communication"))
        #expect(service.location.contains(path))
    }

    @Test(arguments: ["wal", "delete"])
    func newerSchemaIsRefusedAndLeftUntouched(_ journal: String) throws {
        let fixture = Fixture()
        do {
            let db = try Database(path: fixture.path)
            try db.execute("PRAGMA journal_mode=\(journal); CREATE TABLE future (x); PRAGMA user_version = 99")
        }
        let before = try #require(FileManager.default.contents(atPath: fixture.path))
        let error = refused(.unavailable, ["newer susi", "99"]) { _ = try fixture.service() }
        #expect(error?.exitCode.rawValue == 69)
        #expect(FileManager.default.contents(atPath: fixture.path) == before)
        #expect(try fixture.raw().scalar("PRAGMA user_version")?.int == 99)
        #expect(try fixture.raw().scalar("SELECT count(*) FROM sqlite_master WHERE name = 'skills'")?.int == 0)
    }

    /// The chat history opens the database the same way as the embedded SUSI
    /// (it used to skip the schema check and migrate a newer database).
    @Test func theChatHistoryRefusesANewerSchemaToo() throws {
        let fixture = Fixture()
        do {
            let db = try Database(path: fixture.path)
            try db.execute("CREATE TABLE future (x); PRAGMA user_version = 99")
        }
        let before = try #require(FileManager.default.contents(atPath: fixture.path))
        let error = refused(.unavailable, ["newer susi", "99"]) { _ = try ChatHistory(path: fixture.path) }
        #expect(error?.exitCode.rawValue == 69)
        #expect(FileManager.default.contents(atPath: fixture.path) == before)
        #expect(try fixture.raw().scalar("SELECT count(*) FROM sqlite_master WHERE name = 'chat_history'")?.int == 0)
    }

    @Test func garbageFileIsRefusedWithAHintAndLeftUntouched() throws {
        let fixture = Fixture()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        #expect(FileManager.default.createFile(atPath: fixture.path, contents: garbage))
        var caught: Error?
        do { _ = try fixture.service() } catch { caught = error }
        let error = caught as? StorageError
        #expect(error?.problem == .damaged)
        #expect(error?.exitCode.rawValue == 65)
        #expect(error?.message.contains("not a database") == true)
        #expect(error?.hint?.contains("aside") == true)
        #expect(FileManager.default.contents(atPath: fixture.path) == garbage)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    }

    @Test func textFileIsRefusedAndLeftUntouched() throws {
        let fixture = Fixture()
        let text = Data("theme = dark\nthis is not sqlite at all, but long enough to look like a page.\n".utf8)
        #expect(FileManager.default.createFile(atPath: fixture.path, contents: text))
        #expect(throws: StorageError(.damaged, name: "the database", path: fixture.path, detail: "file is not a database")) {
            _ = try fixture.service()
        }
        #expect(FileManager.default.contents(atPath: fixture.path) == text)
    }
}

@Suite struct ConcurrencyTests {
    /// Four connections (as four processes would have) sign up and rate at
    /// once on a fresh file: nothing may fail with "database is locked".
    @Test func fourWritersNeverSeeALockedDatabase() throws {
        let fixture = Fixture()
        let errors = ErrorLog()
        var threads: [Thread] = []
        let done = DispatchGroup()
        for worker in 0..<4 {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                do {
                    let service = try fixture.service()
                    for index in 0..<10 {
                        let email = "w\(worker)-u\(index)@example.org"
                        let token = try service.newAccount(email)
                        _ = try service.rate(greetings, stars: worker + 1, token: token)
                        try service.thumbs(jokes, positive: index % 2 == 0, query: "q", reply: "r", token: token)
                        _ = try service.chat(ChatRequest(query: "hello"), token: token)
                    }
                } catch {
                    errors.append("worker \(worker): \(error)")
                }
            }
            thread.stackSize = 4 << 20
            threads.append(thread)
        }
        threads.forEach { $0.start() }
        done.wait()
        #expect(errors.all.isEmpty, "\(errors.all)")

        let service = try fixture.service()
        #expect(try fixture.count("accounts") == 40)
        #expect(try fixture.count("tokens") == 40)
        let stars = try service.skill(greetings).rating.stars
        #expect(stars == StarRatings(oneStar: 10, twoStar: 10, threeStar: 10, fourStar: 10))
        #expect(stars.total == 40 && stars.average == 2.5)
        let thumbs = try service.skill(jokes).rating
        #expect((thumbs.positive, thumbs.negative) == (20, 20))
        #expect(try service.skill(greetings).usageCount == 40)
        #expect(try fixture.count("skills") == service.skills(SkillQuery()).count)
        #expect(try fixture.count("conversations") == 40)
    }
}

private final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}
