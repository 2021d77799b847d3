import Testing
@testable import SusiEngine

@Suite("Matching")
struct MatchingTests {
    func captures(_ pattern: String, _ query: String) -> [String?]? {
        switch PatternCompiler.compile(pattern) {
        case .literal(let s): return s == Normalizer.normalize(query) ? [] : nil
        case .regex(let r): return r.matchWhole(PreparedQuery(normalized: Normalizer.normalize(query)))
        case .invalid: return nil
        }
    }

    @Test func wholeStringOnly() {
        #expect(captures("hello *", "hello") == nil)
        #expect(captures("hello *", "hello world")! == ["world"])
        #expect(captures("* create a gif *", "create a gif please") == nil)
        #expect(captures("good morning", "good morning sunshine") == nil)
    }

    @Test func gluedWildcardsMatchWithOrWithoutSpace() {
        #expect(captures("hello*", "hello")! == [""])
        #expect(captures("hello*", "hellothere")! == ["there"])
        #expect(captures("*hello", "say hello")! == ["say "])
    }

    @Test func greedyCaptures() {
        #expect(captures("fruit * and *", "fruit a and b and c")! == ["a and b", "c"])
    }

    @Test func caseInsensitiveCapturesAreLowerCase() {
        #expect(captures("my name is *", "My name is Alice")! == ["alice"])
    }

    @Test func plusCapturesOneWordAtStartOnly() {
        #expect(captures("+ rocks", "music rocks")! == ["music"])
        #expect(captures("+ rocks", "loud music rocks") == nil)
        #expect(captures("it + rocks", "it really rocks") == nil)
    }

    @Test func quirkyPatternsNeverMatchTypedText() {
        #expect(captures("Mr. Smith", "mr. smith") == nil)
        #expect(captures("C#", "c#") == nil)
    }

    @Test func underscoreBecomesRegexStar() {
        // `snake_case` compiles to the regex snake*case: "snak" + "e"* + "case".
        #expect(captures("snake_case", "snakecase") != nil)
        #expect(captures("snake_case", "snakcase") != nil)
        #expect(captures("snake_case", "snake_case") == nil)
    }

    @Test func commaInQueryIsASpace() {
        #expect(captures("yes please", "Yes, please!") != nil)
    }

    @Test func rawRegexPatterns() {
        #expect(captures("(.*) ?b(a|e)d", "so bad") != nil)
        // A trailing `*` is still rewritten, so `.*` becomes `. ?(.*)` with a capture of its own.
        #expect(captures("i (love|like) .*", "I like cats")! == ["like", "ats"])
        // Without `*` the reference compares even a regex-looking pattern as plain text.
        #expect(captures("^(ab)+$", "ababab") == nil)
        #expect(captures("^(ab)+$", "^(ab)+$") != nil)
    }
}
