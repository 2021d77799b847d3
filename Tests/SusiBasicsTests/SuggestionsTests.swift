@testable import SusiBasics
import Testing

@Suite("Suggestions")
struct SuggestionsTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0),
        ("kitten", "sitting", 3), ("flaw", "lawn", 2), ("abc", "abd", 1), ("abc", "abcd", 1),
        ("ab", "ba", 1), ("lsit", "list", 1), ("conifg", "config", 1), ("Case", "case", 1),
        ("日本", "日本語", 1),
    ])
    func editDistance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestions.editDistance(a, b) == expected)
        #expect(Suggestions.editDistance(b, a) == expected)
    }

    @Test func closestPicksTheNearestWithinTheLimit() {
        #expect(Suggestions.closest(to: "lsit", among: ["get", "list", "set"]) == "list")
        #expect(Suggestions.closest(to: "sett", among: ["get", "list", "set"]) == "set")
        #expect(Suggestions.closest(to: "LIST", among: ["list"]) == "list")
        #expect(Suggestions.closest(to: "--verbos", among: ["--version", "--verbose"]) == "--verbose")
        // Equal distances: the first candidate wins, so suggestions are stable.
        #expect(Suggestions.closest(to: "bat", among: ["cat", "hat"]) == "cat")
    }

    @Test func closestGivesUpWhenNothingIsNear() {
        #expect(Suggestions.closest(to: "xyz", among: ["list", "get"]) == nil)
        #expect(Suggestions.closest(to: "x", among: []) == nil)
        #expect(Suggestions.closest(to: "completely", among: ["config"]) == nil)
    }

    @Test func theLimitGrowsWithTheWord() {
        // One edit for short words...
        #expect(Suggestions.closest(to: "ab", among: ["xy"]) == nil)
        #expect(Suggestions.closest(to: "ab", among: ["ax"]) == "ax")
        // ...up to three for long ones.
        #expect(Suggestions.closest(to: "speech.rte", among: ["speech.rate"]) == "speech.rate")
        #expect(Suggestions.closest(to: "spxxch.rate", among: ["speech.rate"]) == "speech.rate")
        #expect(Suggestions.closest(to: "sxxxxh.rate", among: ["speech.rate"]) == nil)
    }

    @Test func aPrefixIsSuggestedWhenNoNearMissExists() {
        #expect(Suggestions.closest(to: "spe", among: ["server", "speech.rate"]) == "speech.rate")
        #expect(Suggestions.closest(to: "--ver", among: ["--json", "--verbose"]) == "--verbose")
        // A single letter is too little to go on.
        #expect(Suggestions.closest(to: "--q", among: ["--quietly-now"]) == nil)
    }
}
