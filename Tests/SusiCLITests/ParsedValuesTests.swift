import Testing
@_spi(Parsing) @testable import SusiCLI

/// `ParsedValues.inheriting`: a shell's global options under each line's own.
@Suite struct ParsedValuesTests {
    static func globals(_ argv: [String], environment: [String: String] = [:]) throws -> ParsedValues {
        try Fixture.parse(argv, environment: environment).invocation.globals
    }

    @Test func anOuterOptionHoldsWhereTheLineGivesNone() throws {
        let outer = try Self.globals(["--quiet", "--server", "http://127.0.0.1:9", "show", "x"])
        let line = try Self.globals(["show", "y"]).inheriting(outer)
        #expect(line.flag("quiet"))
        #expect(line.string("server") == "http://127.0.0.1:9")
        #expect(line.source(of: "server") == .commandLine)
    }

    @Test func theLinesOwnOptionWins() throws {
        let outer = try Self.globals(["--server", "http://127.0.0.1:9", "--json", "show", "x"])
        let line = try Self.globals(["show", "y", "--server", "local"]).inheriting(outer)
        #expect(line.string("server") == "local")
        #expect(line.flag("json"), "the other option still holds")
    }

    @Test func aLinkedGroupIsTakenWholeOrNotAtAll() throws {
        let outer = try Self.globals(["--quiet", "show", "x"])
        let loud = try Self.globals(["show", "y", "-v"]).inheriting(outer, linked: [["quiet", "verbose"]])
        #expect(loud.flag("verbose"))
        #expect(!loud.flag("quiet"), "-v on the line replaces the shell's --quiet")
        let unlinked = try Self.globals(["show", "y", "-v"]).inheriting(outer)
        #expect(unlinked.flag("quiet") && unlinked.flag("verbose"), "without the group both would hold")
    }

    @Test func onlyTheOuterCommandLineIsInherited() throws {
        var outer = ParsedValues()
        outer.setFlag(true, for: "json", from: .environment("TOOL_JSON"))
        outer.setFlag(true, for: "quiet", from: .defaultValue)
        let line = try Self.globals(["show", "y"]).inheriting(outer)
        #expect(!line.flag("json"))
        #expect(!line.flag("quiet"))
    }
}
