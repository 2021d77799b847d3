import Foundation
import SusiCore
import SusiPorts
import SusiStore
import Testing
@testable import SusiLocal

/// `skills import --priority`: stored per skill, ranking whole imports against
/// the bundled skills; a database from before priorities is migrated.
@Suite("Import priority")
struct ImportPriorityTests {
    /// An imported "hello" whose shortest pattern outranks the bundled greeting's
    /// ("hi") by the reference score alone.
    private func tree(_ fixture: Fixture, answer: String = "Squawk!") throws -> String {
        let root = fixture.directory + "/tree"
        let file = root + "/models/general/Fun/en/parrot.txt"
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "hello\n\(answer)\n".write(toFile: file, atomically: true, encoding: .utf8)
        return root
    }

    private func answer(_ service: EmbeddedService, _ query: String) throws -> String {
        try service.chat(ChatRequest(query: query), token: nil).text
    }

    @Test func bundledSkillsWinAtNormalPriorityAndAHighImportWins() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let root = try tree(fixture)
        let report = try service.importSkills(fromTree: root)
        #expect(report.priority == .normal)
        #expect(try answer(service, "hello") == "Hello! How can I help you today?")
        #expect(try fixture.raw().scalar("SELECT priority FROM skills WHERE path LIKE '%parrot.txt'")?.int == 1)

        _ = try service.importSkills(fromTree: root, display: nil, priority: .high)
        #expect(try fixture.raw().scalar("SELECT priority FROM skills WHERE path LIKE '%parrot.txt'")?.int == 2)
        #expect(try answer(service, "hello") == "Squawk!")

        // Importing again at low priority ranks it below the bundled skills again.
        _ = try service.importSkills(fromTree: root, display: nil, priority: .low)
        #expect(try answer(service, "hello") == "Hello! How can I help you today?")
    }

    @Test func withinOnePriorityTheReferenceRankingDecides() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let root = fixture.directory + "/tree"
        let folder = root + "/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Both match "polly parrot"; the longer shortest pattern has the higher reference score.
        try "polly *\nshort pattern\n".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        try "polly parrot|polly parrot please\nlong pattern\n".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        _ = try service.importSkills(fromTree: root)
        #expect(try answer(service, "polly parrot") == "long pattern")
    }

    @Test func aDatabaseFromBeforePrioritiesIsMigratedAndKeepsItsImports() throws {
        let fixture = Fixture()
        // Schema 4, as the previous susi left it, with one imported skill.
        do {
            let old = try Database(path: fixture.path)
            try old.migrate(Array(Schema.migrations.filter { $0.version <= 4 }))
            #expect(try old.schemaVersion == 4)
            try old.run("""
            INSERT INTO skills (path, model, grp, language, name, source, bundled, imported_at)
            VALUES ('models/general/Fun/en/old.txt', 'general', 'Fun', 'en', 'old', 'old one\nOld answer.', 0, 1)
            """)
        }
        let service = try fixture.service()
        let raw = try fixture.raw()
        #expect(try raw.schemaVersion == Schema.migrations.map(\.version).max())
        #expect(try raw.scalar("SELECT priority FROM skills WHERE path = 'models/general/Fun/en/old.txt'")?.int == 1)
        #expect(try raw.scalar("SELECT count(*) FROM skills WHERE bundled = 1 AND priority = 1")?.int ?? 0 > 0)
        _ = try service.importSkills(fromTree: try tree(fixture), display: nil, priority: .high)
        #expect(try answer(service, "hello") == "Squawk!")
        // A value outside the three levels is refused by the schema itself.
        #expect(throws: StoreError.self) { try raw.run("UPDATE skills SET priority = 7") }
        #expect(try raw.scalar("SELECT count(*) FROM skills WHERE priority NOT BETWEEN 0 AND 2")?.int == 0)
    }
}
