import Foundation
import SusiEngine
import SusiStore
import Testing
@testable import SusiLocal

/// The index hands its candidates over one at a time: a block is rebuilt
/// only when the mind reaches it, and the whole stream is exactly what
/// `candidates` returns (the same intents, in the same order).
@Suite struct EmbeddedSkillIndexTests {
    @Test func candidatesAreRebuiltOnlyWhenReachedAndInTheSameOrder() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        // Three skills whose patterns all admit "hello there" (two catch-alls among them).
        let skills = [
            ("models/general/Fun/en/a.txt", "hello *\nA says hi.\n"),
            ("models/general/Fun/en/b.txt", "* there\nB says hi.\n"),
            ("models/general/Fun/en/c.txt", "*hello*\nC says hi.\n"),
        ].map { path, text in (skill: SkillParser.parse(text: text, path: path), source: text) }
        try service.storeSkills(skills, bundled: false)

        let lazy = RestoredIntentCache()
        let source = SkillIndexSource(database: service.database, language: "en", cache: lazy)
        var stream = source.orderedCandidates(text: "hello there", words: ["hello", "there"])
        let next = stream.next()
        let first = try #require(next)
        let rebuiltForFirst = lazy.count
        let rest = Array(stream)
        #expect(source.failure == nil)

        let eager = SkillIndexSource(database: service.database, language: "en", cache: RestoredIntentCache())
        let all = eager.candidates(text: "hello there", words: ["hello", "there"])
        #expect(all.count >= 3, "the three imports at least")
        #expect(rebuiltForFirst == 1, "only the first candidate's block was rebuilt")
        #expect(lazy.count > rebuiltForFirst)
        #expect(([first] + rest).map { "\($0.skillPath):\($0.line):\($0.origin ?? "")" }
                == all.map { "\($0.skillPath):\($0.line):\($0.origin ?? "")" })
    }

    @Test func aDatabaseErrorGivesNoCandidatesAndIsReported() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try service.database.execute("DROP TABLE intent_keys")
        let source = SkillIndexSource(database: service.database, language: "en", cache: RestoredIntentCache())
        #expect(Array(source.orderedCandidates(text: "hello", words: ["hello"])).isEmpty)
        #expect(source.failure != nil)
    }
}
