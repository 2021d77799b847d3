import Foundation
import SusiCore
import SusiPorts
import SusiStore
import Testing
@testable import SusiLocal

/// `skills list` at corpus scale: the listing reads the columns stored after a
/// skill's source from an index (schema 7), and the examples with SusiReply's parser.
@Suite("Skill listing")
struct SkillListingTests {
    @Test func aSchema5DatabaseGetsTheListingIndexAndTheListingUsesIt() throws {
        let fixture = Fixture()
        do {
            let old = try Database(path: fixture.path)
            try old.migrate(Array(Schema.migrations.filter { $0.version <= 5 }))
            #expect(try old.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'skills_listing'")?.int == 0)
        }
        let service = try fixture.service()
        let raw = try fixture.raw()
        #expect(try raw.schemaVersion >= 6)
        #expect(try raw.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'skills_listing'")?.int == 1)
        let plan = try raw.query("EXPLAIN QUERY PLAN SELECT imported_at, usage_count, name FROM skills WHERE language = ?", ["en"])
            .compactMap { $0["detail"].string }.joined(separator: "\n")
        #expect(plan.contains("skills_listing"), "\(plan)")
        // The listing still sees what changes behind the index.
        let before = try service.skills(SkillQuery(language: "en"))
        #expect(!before.isEmpty)
        let first = before[0].ref
        try raw.run("UPDATE skills SET usage_count = 41, imported_at = 7 WHERE path = ?", [first.path])
        let after = try service.skills(SkillQuery(language: "en")).first { $0.ref == first }
        #expect(after?.usageCount == 41)
        #expect(after?.modified == Date(timeIntervalSince1970: 7))
    }

    /// Names that differ only in case sort as equals: they stay in the order
    /// the rows were stored (the bundled skill first), whatever index finds them.
    @Test func namesThatDifferOnlyInCaseKeepTheStoredOrder() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let bundled = try service.skills(SkillQuery(language: "en")).first { $0.ref.name == "greetings" }
        let ref = try #require(bundled).ref
        let folder = fixture.directory + "/tree/models/general/\(ref.group)/en"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "good day\nGood day to you.\n".write(toFile: folder + "/Greetings.txt", atomically: true, encoding: .utf8)
        _ = try service.importSkills(fromTree: fixture.directory + "/tree")
        let names = try service.skills(SkillQuery(language: "en")).map(\.ref.name).filter { $0.lowercased() == "greetings" }
        #expect(names == ["greetings", "Greetings"])
    }

    @Test func examplesAreReadAsTheyWereStoredAndAnythingElseGivesNone() {
        #expect(EmbeddedService.examples(#"["what time is it","caf\u00e9 \"au\" lait \/ \\ 😀"]"#)
                == ["what time is it", "café \"au\" lait / \\ 😀"])
        #expect(EmbeddedService.examples("[]") == [])
        #expect(EmbeddedService.examples(nil) == [])
        #expect(EmbeddedService.examples("not json") == [])
        #expect(EmbeddedService.examples(#"["a", 1]"#) == [])
        #expect(EmbeddedService.examples(#"{"a": "b"}"#) == [])
    }
}
