import Foundation
import SusiCore
import SusiEngine
import SusiPorts
import SusiStore
import Testing
@testable import SusiLocal

/// The ranked candidates of a query are kept per service for one generation
/// of the skill index; any import, removal or re-ranking, by this connection
/// or another (another process's is the same to SQLite), shows in the very
/// next answer, and a chat's own writes (memory, usage) keep the cache.
@Suite("Candidate cache")
struct CandidateCacheTests {
    private func tree(_ fixture: Fixture, _ answer: String) throws -> String {
        let root = fixture.directory + "/tree"
        let file = root + "/models/general/Fun/en/parrot.txt"
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "hello\n\(answer)\n".write(toFile: file, atomically: true, encoding: .utf8)
        return root
    }

    private func answer(_ service: EmbeddedService, _ query: String = "hello") throws -> String {
        try service.chat(ChatRequest(query: query), token: nil).text
    }

    private func generation(_ fixture: Fixture) throws -> Int? {
        try CandidateCache().generation(fixture.raw())
    }

    @Test func anotherConnectionsImportRemovalAndRerankingShowInTheNextAnswer() throws {
        let fixture = Fixture()
        let server = try fixture.service()
        let other = try fixture.service()
        let greeting = "Hello! How can I help you today?"
        #expect(try answer(server) == greeting)
        #expect(server.candidateLists.count == 1)
        #expect(try answer(server) == greeting, "answered from the cache")

        let root = try tree(fixture, "Squawk!")
        _ = try other.importSkills(fromTree: root, display: nil, priority: .high)
        #expect(try answer(server) == "Squawk!")
        // The same file with another answer: the skill row is rewritten, its intents replaced.
        _ = try other.importSkills(fromTree: try tree(fixture, "Polly!"), display: nil, priority: .high)
        #expect(try answer(server) == "Polly!")
        // Re-ranked below the bundled skills without a change to its text.
        _ = try other.importSkills(fromTree: root, display: nil, priority: .low)
        #expect(try answer(server) == greeting)
        _ = try other.importSkills(fromTree: root, display: nil, priority: .high)
        #expect(try answer(server) == "Polly!")
        try other.removeSkill(try #require(SkillRef(path: "models/general/Fun/en/parrot.txt")))
        #expect(try answer(server) == greeting)
        _ = try other.importSkills(fromTree: root, display: nil, priority: .high)
        #expect(try answer(server) == "Polly!")
        #expect(try other.removeImportedSkills() == 1)
        #expect(try answer(server) == greeting)
    }

    @Test func thisConnectionsOwnImportShowsInTheNextAnswer() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        #expect(try answer(service) == "Hello! How can I help you today?")
        _ = try service.importSkills(fromTree: try tree(fixture, "Squawk!"), display: nil, priority: .high)
        #expect(try answer(service) == "Squawk!")
    }

    @Test func chatsAndUsageCountsLeaveTheGenerationAndTheCacheAlone() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let before = try #require(try generation(fixture))
        for _ in 0..<3 { _ = try answer(service) }
        _ = try answer(service, "what is your name")
        #expect(try generation(fixture) == before)
        #expect(service.candidateLists.count == 2)
        #expect(try fixture.raw().scalar("SELECT sum(usage_count) FROM skills")?.int ?? 0 >= 4)
        // Under susi serve the group commit's writes are the same kind.
        let commit = try GroupCommit(path: fixture.path, window: 0)
        service.groupCommit = commit
        _ = try answer(service)
        try commit.close()
        #expect(try generation(fixture) == before)
        #expect(service.candidateLists.count == 2)
    }

    @Test func everyKindOfSkillWriteBumpsTheGeneration() throws {
        let fixture = Fixture()
        let raw = try fixture.raw()
        _ = try fixture.service()
        func bumped(_ sql: String) throws -> Bool {
            let before = try generation(fixture)
            try raw.execute(sql)
            return try generation(fixture) != before
        }
        let path = "models/general/Fun/en/x.txt"
        #expect(try bumped("""
        INSERT INTO skills (path, model, grp, language, name, source, bundled, imported_at)
        VALUES ('\(path)', 'general', 'Fun', 'en', 'x', 'x\nX.', 0, 1)
        """))
        #expect(try bumped("UPDATE skills SET source = 'y\nY.' WHERE path = '\(path)'"))
        #expect(try bumped("UPDATE skills SET priority = 2 WHERE path = '\(path)'"))
        #expect(try bumped("UPDATE skills SET language = 'de' WHERE path = '\(path)'"))
        #expect(try !bumped("UPDATE skills SET usage_count = usage_count + 1 WHERE path = '\(path)'"))
        #expect(try bumped("DELETE FROM skills WHERE path = '\(path)'"))
    }

    @Test func theGenerationIsReadAgainOnlyAfterSomethingWasCommitted() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let other = try fixture.raw()
        let lists = CandidateCache()
        let first = try #require(try lists.generation(service.database))
        #expect(service.database.walStamp() != nil, "a WAL connection has a stamp to compare")
        #expect(try lists.generation(service.database) == first)
        #expect(lists.reads == 1, "nothing committed since the read: the WAL-index header is the same")
        // A commit that leaves the generation alone (a usage count) is still a commit: read again.
        try other.execute("UPDATE skills SET usage_count = usage_count + 1 WHERE bundled = 1")
        #expect(try lists.generation(service.database) == first)
        #expect(lists.reads == 2)
        try other.execute("""
        INSERT INTO skills (path, model, grp, language, name, source, bundled, imported_at)
        VALUES ('models/general/Fun/en/x.txt', 'general', 'Fun', 'en', 'x', 'x\nX.', 0, 1)
        """)
        #expect(try lists.generation(service.database) == first + 1)
        #expect(try lists.generation(service.database) == first + 1)
        #expect(lists.reads == 3)
        // This connection's own commit moves the header as well.
        try service.database.execute("DELETE FROM skills WHERE path = 'models/general/Fun/en/x.txt'")
        #expect(try lists.generation(service.database) == first + 2)
        #expect(lists.reads == 4)
        // A connection that did not switch to WAL itself (read-only) has no stamp: it reads every time.
        let readOnly = try Database(path: fixture.path, readOnly: true)
        #expect(readOnly.walStamp() == nil)
        let fresh = CandidateCache()
        _ = try fresh.generation(readOnly)
        _ = try fresh.generation(readOnly)
        #expect(fresh.reads == 2)
    }

    @Test func aDatabaseWithoutAGenerationIsReadEveryTime() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try fixture.raw().execute("DELETE FROM meta WHERE key = 'index_generation'")
        #expect(try answer(service) == "Hello! How can I help you today?")
        #expect(service.candidateLists.count == 0)
    }

    @Test func aCachedListGivesTheSameCandidatesInTheSameOrderAsTheDatabase() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let lists = CandidateCache()
        let cached = SkillIndexSource(database: service.database, language: "en", cache: RestoredIntentCache(), candidates: lists)
        let fresh = SkillIndexSource(database: service.database, language: "en", cache: RestoredIntentCache())
        func describe(_ intents: [Intent]) -> [String] { intents.map { "\($0.skillPath):\($0.line):\($0.origin ?? "")" } }
        let words: Set<String> = ["what", "is", "your", "name"]
        let first = describe(Array(cached.orderedCandidates(text: "what is your name", words: words)))
        let second = describe(Array(cached.orderedCandidates(text: "what is your name", words: words)))
        #expect(lists.count == 1)
        #expect(first == describe(fresh.candidates(text: "what is your name", words: words)))
        #expect(second == first)
        #expect(!first.isEmpty)
        // The same text with other words (never from the mind, which splits the text) is not a hit.
        let other = describe(Array(cached.orderedCandidates(text: "what is your name", words: ["name"])))
        #expect(other == describe(fresh.candidates(text: "what is your name", words: ["name"])))
    }
}
