import Foundation
import SusiEngine
import SusiPorts
import Testing
@testable import SusiLocal

/// The fuzzy stage's index is built once and kept across chats (issue 37):
/// the store makes a mind per chat, and each used to build the index again
/// for every query no pattern matched (a third of `susi serve`'s time on a
/// varied query mix). A change to the skill index builds it again.
@Suite struct EmbeddedFuzzyCacheTests {
    @Test func unmatchedQueriesBuildTheFuzzyIndexOnceUntilTheSkillsChange() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let cache = service.fuzzyCache(language: "en")
        for query in ["qwxz plonk frobnicate", "zorblax quuxly", "qwxz plonk frobnicate again"] {
            _ = try service.chat(ChatRequest(query: query), token: nil)
        }
        #expect(cache.builds == 1, "built once for three unmatched queries")
        #expect(service.fuzzyCache(language: "en") === cache)

        let skill = SkillParser.parse(text: "frobnicate the zorblax\nDone.\n", path: "models/general/Fun/en/frob.txt")
        try service.storeSkills([(skill: skill, source: "frobnicate the zorblax\nDone.\n")], bundled: false)
        _ = try service.chat(ChatRequest(query: "qwxz plonk"), token: nil)
        #expect(cache.builds == 2, "a new skill index builds it again")
        #expect(try service.chat(ChatRequest(query: "frobnicate the zorblax please"), token: nil).text == "Done.")
    }
}
