import Testing
@testable import SusiEngine

@Suite("Normalisation")
struct NormalizerTests {
    @Test func lowerCasesAndTrims() {
        #expect(Normalizer.normalize("  Hello World  ") == "hello world")
    }

    @Test func stripsTrailingPunctuationRepeatedly() {
        #expect(Normalizer.normalize("What?!") == "what")
        #expect(Normalizer.normalize("Really... ?") == "really")
        #expect(Normalizer.normalize("time:") == "time")
    }

    @Test func keepsEscapedTrailingPunctuation() {
        #expect(Normalizer.normalize("why\\?") == "why\\?")
    }

    @Test func commaAndSemicolonColonBecomeSpaces() {
        #expect(Normalizer.normalize("yes, please") == "yes please")
        #expect(Normalizer.normalize("a;:b") == "a b")
        #expect(Normalizer.normalize("a;b") == "a;b")
    }

    @Test func keepsInnerPunctuation() {
        #expect(Normalizer.normalize("What's up? Kopi-O") == "what's up? kopi-o")
    }

    @Test func collapsesDoubleSpaces() {
        #expect(Normalizer.normalize("a    b") == "a b")
    }
}
