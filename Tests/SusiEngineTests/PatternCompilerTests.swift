import Testing
@testable import SusiEngine

@Suite("Pattern compilation")
struct PatternCompilerTests {
    func expr(_ s: String) -> String { PatternCompiler.expression(for: s).text }

    @Test func wildcardPositions() {
        #expect(expr("hello *") == "hello (.*)")
        #expect(expr("* hello") == "(.*) hello")
        #expect(expr("a * b") == "a (.*) b")
        #expect(expr("*hello") == "(.*) ?hello")
        #expect(expr("hello*") == "hello ?(.*)")
        #expect(expr("*") == "(.*)")
    }

    @Test func plusOnlyAtStart() {
        #expect(expr("+ rocks") == "(^\\S+) rocks")
        #expect(expr("it + rocks") == "it (^\\S+) rocks")
    }

    @Test func firstInteriorDotIsPadded() {
        #expect(expr("Mr. Smith") == "mr . smith")
        #expect(expr("Bond. James Bond.") == "bond . james bond")
    }

    @Test func bracketsAreEscapedInASCIIAndOtherText() {
        #expect(PatternCompiler.escapingBrackets(Array("[a] b".unicodeScalars)) == "\\[a\\] b")
        #expect(PatternCompiler.escapingBrackets(Array("[é] 日".unicodeScalars)) == "\\[é\\] 日")
        #expect(PatternCompiler.escapingBrackets([]) == "")
        #expect(expr("what is [x] *") == "what is \\[x\\] (.*)")
        #expect(expr("qué es [x] *") == "qué es \\[x\\] (.*)")
    }

    @Test func underscoreAndHash() {
        #expect(expr("snake_case") == "snake*case")
        #expect(expr("C#") == "c^")
    }

    @Test func bracketsAreEscaped() {
        #expect(expr("[token] *") == "\\[token\\] (.*)")
    }

    @Test func literalVersusRegex() {
        guard case .literal(let s) = PatternCompiler.compile("Good Morning!") else {
            Issue.record("expected a literal")
            return
        }
        #expect(s == "good morning")
        guard case .regex = PatternCompiler.compile("good *") else {
            Issue.record("expected a regex")
            return
        }
    }

    @Test func brokenRegexIsInvalidNotFatal() {
        guard case .invalid = PatternCompiler.compile("smile (.* please") else {
            Issue.record("expected invalid")
            return
        }
    }
}
