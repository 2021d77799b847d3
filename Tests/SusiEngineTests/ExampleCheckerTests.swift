import Testing
@testable import SusiEngine

/// The one example checker: `susi skills test` and the corpus conformance
/// test both grade with `Mind.checkExamples`.
@Suite struct ExampleCheckerTests {
    func verdicts(_ text: String) -> [ExampleCheck.Verdict] {
        let skill = SkillParser.parse(text: text, path: "models/general/Test/en/check.txt")
        return Mind(skills: [skill]).checkExamples(of: skill).map(\.verdict)
    }

    @Test func eachVerdict() {
        #expect(verdicts("hello\n!example:hello\n!expect:Hi there!\nHi there!\n") == [.exact])
        #expect(verdicts("hello\n!example:hello\n!expect:hi there\nHi there!\n") == [.loose])
        #expect(verdicts("hello\n!example:hello\n!expect:there\nHi there!\n") == [.substring])
        #expect(verdicts("hello\n!example:hello\n!expect:Goodbye\nHi there!\n") == [.different])
        #expect(verdicts("hello\n!example:goodbye\n!expect:Hi there!\nHi there!\n") == [.noAnswer])
        #expect(verdicts("hello\n!example:hello\nHi there!\n") == [.noExpect])
    }

    /// A random alternative counts, whichever one the answer happened to be.
    @Test func everyAlternativeIsConsidered() {
        #expect(verdicts("flip\n!example:flip\n!expect:tails\nheads|tails\n") == [.exact])
    }

    /// `*` stands for any text, for answers that change (the time, a count).
    @Test func aStarInTheExpectMatchesAnyText() {
        #expect(verdicts("count\n!example:count\n!expect:There are * of them.\nThere are 42 of them.\n") == [.exact])
        #expect(verdicts("count\n!example:count\n!expect:There were * of them.\nThere are 42 of them.\n") == [.different])
        #expect(Glob.matches("a*c", "abbbc"))
        #expect(Glob.matches("*", ""))
        #expect(!Glob.matches("a*c", "abd"))
        #expect(!Glob.matches("abc", "abc"), "without a star it is not a pattern")
    }

    /// A weather answer that only says the service cannot tell is not the skill's
    /// fault: the example is unavailable here (skipped), not failed.
    @Test func aServiceThatCannotTellIsUnavailable() {
        let weather = "weather in *\n!example:weather in Berlin\n!expect:In Berlin it is *\n!console:$answer$\n{\"url\": \"local:weather?place=$1$\", \"path\": \"$\"}\neol\n"
        #expect(verdicts(weather) == [.unavailable])
        #expect(ExampleCheck.Verdict.unavailable.passed)
        // Other answers are still compared.
        #expect(verdicts("hello\n!example:hello\n!expect:In Berlin it is *\nI can't reach it.\n") == [.different])
    }
}
