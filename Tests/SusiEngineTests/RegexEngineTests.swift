import Testing
@testable import SusiEngine

@Suite("Regex engine")
struct RegexEngineTests {
    func groups(_ pattern: String, _ input: String) throws -> [String?]? {
        try Regex(pattern).matchWhole(PreparedQuery(normalized: input))
    }

    @Test func alternationPrefersTheFirstBranch() throws {
        #expect(try groups("(a|ab)(c|bcd)(d*)", "abcd")! == ["a", "bcd", ""])
    }

    @Test func lazyAndCounted() throws {
        #expect(try groups("(.*?)(b+)", "aabbb")! == ["aa", "bbb"])
        #expect(try groups("a{2,3}", "aaa") != nil)
        #expect(try groups("a{2,3}", "aaaa") == nil)
        #expect(try groups("x{2}", "xx") != nil)
    }

    @Test func classesAndEscapes() throws {
        #expect(try groups("[a-c]+\\d\\s\\S", "abc1 x") != nil)
        #expect(try groups("[^a]+", "bcd") != nil)
        #expect(try groups("\\.", "a") == nil)
        #expect(try groups("a.c", "a\nc") == nil)
    }

    @Test func anchorsAndOptionalGroups() throws {
        #expect(try groups("(^\\S+) x", "word x")! == ["word"])
        #expect(try groups("(a)?b", "b")! == [nil])
    }

    @Test func syntaxErrors() {
        #expect(throws: RegexSyntaxError.self) { try Regex("(a") }
        #expect(throws: RegexSyntaxError.self) { try Regex("a)") }
        #expect(throws: RegexSyntaxError.self) { try Regex("*a") }
        #expect(throws: RegexSyntaxError.self) { try Regex("a{x}") }
        #expect(throws: RegexSyntaxError.self) { try Regex("(a)\\1") }
    }

    @Test("catastrophic patterns complete (Pike VM, no backtracking)")
    func pathologicalPatternsComplete() throws {
        let input = String(repeating: "a", count: 100_000)
        #expect(try groups("(a*)*b", input) == nil)
        #expect(try groups("(a|aa)*c", input) == nil)
        #expect(try groups("(.*)(.*)(.*)(.*)(.*)x", input) == nil)
        #expect(try groups("(a+)+", input) != nil)
    }
}
