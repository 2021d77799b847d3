import Testing
@testable import SusiEngine

@Suite("Intent builder")
struct IntentBuilderTests {
    /// What `splitAlternatives` gave before its byte path: Character splitting, then the trims.
    static func characterSplit(_ text: String) -> [String] {
        var parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        while let last = parts.last, last.isEmpty { parts.removeLast() }
        return parts.map { Normalizer.javaTrim($0) }
    }

    @Test(arguments: [
        "hello | hi there|hey", "a||b|", "|a", "||", "", "no bar at all", " spaced | out ",
        "grüß dich|servus", "é|x", "x|é", "a|\u{301}b", "\u{600}|b", "日本|語", "tab\t|\tbar",
    ])
    func splitsAsCharactersDo(_ text: String) {
        #expect(IntentBuilder.splitAlternatives(text) == Self.characterSplit(text))
    }

    @Test func theBytePathTakesOnlyBarsBetweenASCII() {
        #expect(IntentBuilder.splitAtBars("a|b||c") == ["a", "b", "", "c"])
        #expect(IntentBuilder.splitAtBars("grüß | dich") == ["grüß ", " dich"])
        // A combining mark after '|' makes one Character of them: no split there, so the Character path decides.
        #expect(IntentBuilder.splitAtBars("a|\u{301}b") == nil)
        #expect(IntentBuilder.splitAlternatives("a|\u{301}b") == ["a|\u{301}b"])
        #expect(IntentBuilder.splitAtBars("é|x") == nil)
    }
}
