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

    /// The query's words are one parameter each (their count rounded up to a
    /// power of two) up to `wordPlaceholders`, and one JSON array beyond:
    /// either way an intent keyed by any one of the words is a candidate and
    /// one keyed by none is not, and the statements stay a handful.
    @Test func everyWordCountFindsTheIntentsKeyedByItsWords() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let skills = [
            ("models/general/Fun/en/zebra.txt", "zebra *\nStripes.\n"),
            ("models/general/Fun/en/yak.txt", "yak *\nWool.\n"),
        ].map { path, text in (skill: SkillParser.parse(text: text, path: path), source: text) }
        try service.storeSkills(skills, bundled: false)
        let limit = SkillIndexSource.wordPlaceholders
        for count in [1, 2, 3, 5, 8, 33, limit - 1, limit, limit + 1, 3 * limit] {
            var words = Set((1..<count).map { "filler\($0)" })
            words.insert("zebra")
            #expect(words.count == count)
            let text = words.sorted().joined(separator: " ")
            let source = SkillIndexSource(database: service.database, language: "en", cache: RestoredIntentCache())
            let paths = source.candidates(text: text, words: words).map(\.skillPath)
            #expect(source.failure == nil, "\(count) words")
            #expect(paths.contains("models/general/Fun/en/zebra.txt"), "\(count) words")
            #expect(!paths.contains("models/general/Fun/en/yak.txt"), "\(count) words")
            let sql = SkillIndexSource.candidateQuery(words: count)
            #expect(sql.contains("json_each") == (count > limit))
            let parameters = SkillIndexSource.candidateParameters(language: "en", text: text, words: words)
            #expect(parameters.count == 2 + (count > limit ? 1 : SkillIndexSource.placeholderSlots(count)))
        }
        #expect([0, 1, 2, 3, 4, 5, 63, 64].map(SkillIndexSource.placeholderSlots) == [0, 1, 2, 4, 4, 8, 64, 64])
        // No words (a text of punctuation): only the exact text's and the unindexed intents.
        let source = SkillIndexSource(database: service.database, language: "en", cache: RestoredIntentCache())
        let paths = source.candidates(text: "?!", words: []).map(\.skillPath)
        #expect(source.failure == nil)
        #expect(!paths.contains("models/general/Fun/en/zebra.txt") && !paths.contains("models/general/Fun/en/yak.txt"))
    }
}
