import Foundation
import SusiPorts
import Testing
@testable import SusiCore

/// The listing's order: names A-Z case-insensitively (then group), or best
/// first with ties by name; equal keys keep the backend's order; reverse,
/// offset and limit apply after sorting.
@Suite struct SkillQueryOrderingTests {
    func info(_ name: String, _ group: String = "Fun", language: String = "en", usage: Int = 0) -> SkillInfo {
        SkillInfo(ref: SkillRef(group: group, language: language, name: name), usageCount: usage)
    }

    func names(_ infos: [SkillInfo]) -> [String] { infos.map { "\($0.ref.name)/\($0.ref.group)/\($0.ref.language)" } }

    @Test func byNameCaseInsensitivelyThenGroupWithTiesInTheGivenOrder() {
        let given = [info("beta"), info("Alpha", "Zoo"), info("alpha", "Art"), info("same", language: "de"), info("same", language: "en")]
        #expect(names(SkillQuery().ordered(given)) == ["alpha/Art/en", "Alpha/Zoo/en", "beta/Fun/en", "same/Fun/de", "same/Fun/en"])
        let swapped = [given[4], given[3]]
        #expect(names(SkillQuery().ordered(swapped)) == ["same/Fun/en", "same/Fun/de"], "equal keys keep their order")
    }

    @Test func byUsageMostFirstTiesByNameThenReversedOffsetAndLimit() {
        let given = [info("c", usage: 1), info("b", usage: 5), info("a", usage: 1), info("d")]
        #expect(names(SkillQuery(sort: .usage).ordered(given)) == ["b/Fun/en", "a/Fun/en", "c/Fun/en", "d/Fun/en"])
        #expect(names(SkillQuery(sort: .usage, reversed: true).ordered(given)) == ["d/Fun/en", "c/Fun/en", "a/Fun/en", "b/Fun/en"])
        #expect(names(SkillQuery(sort: .usage, limit: 2, offset: 1).ordered(given)) == ["a/Fun/en", "c/Fun/en"])
        #expect(SkillQuery(sort: .usage, offset: 9).ordered(given).isEmpty)
    }
}
