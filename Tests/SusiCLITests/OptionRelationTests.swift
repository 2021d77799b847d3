import SusiBasics
import Testing
@_spi(Parsing) @testable import SusiCLI

/// Typed option keys, relations between options, and one command at two paths.
@Suite struct OptionRelationTests {
    enum Keys {
        static let limit = OptionKey.integer("limit", short: "n", "count", "Show only the newest.", in: 1...100)
        static let search = OptionKey.string("search", "words", "Only matching.")
        static let clear = OptionKey.flag("clear", "Delete everything.")
        static let yes = OptionKey.flag("yes", short: "y", "Do not ask.", environment: "TOOL_YES")
        static let speak = OptionKey.toggle("speak", "Speak.")
        static let tag = OptionKey.repeating("tag", "tag", "A tag.")
        static let mode = OptionKey.string("mode", "mode", "How.", kind: .choice(["fast", "slow"]), default: "fast")
    }

    static var history: CommandSpec<Void> {
        CommandSpec(name: "history", abstract: "Show or clear.",
                    options: [Keys.limit.spec, Keys.search.spec, Keys.clear.spec, Keys.yes.spec, Keys.speak.spec,
                              Keys.tag.spec, Keys.mode.spec],
                    relations: [.conflicts("clear", ["limit", "search"]), .exclusive(["limit", "mode"]), .requires("yes", ["clear"])])
    }

    static var root: CommandSpec<Void> {
        CommandSpec(name: "tool", abstract: "A made-up tool.", subcommands: [
            CommandSpec(name: "chat", abstract: "Chat.", subcommands: [history]),
        ])
    }

    func parse(_ argv: [String], environment: [String: String] = [:]) throws(ParseError) -> ParsedValues {
        try Parser(root: Self.root, globalOptions: [], environment: environment).parse(argv).invocation.values
    }

    func message(_ argv: [String], environment: [String: String] = [:]) -> String? {
        do {
            _ = try parse(argv, environment: environment)
            return nil
        } catch {
            return error.usage.message
        }
    }

    @Test func typedKeysReadWhatWasGiven() throws {
        let values = try parse(["chat", "history", "-n", "5", "--search", "rain", "--no-speak", "--tag", "a", "--tag", "b"])
        #expect(values[Keys.limit] == 5)
        #expect(values[Keys.search] == "rain")
        #expect(values[Keys.clear] == false)
        #expect(values[Keys.speak] == false)
        #expect(values[Keys.tag] == ["a", "b"])
        #expect(values[Keys.mode] == "fast")
        #expect(values.isSet(Keys.limit))
        #expect(!values.isSet(Keys.mode))

        let none = try parse(["chat", "history"])
        #expect(none[Keys.limit] == nil)
        #expect(none[Keys.speak] == nil)
        #expect(none[Keys.tag].isEmpty)
    }

    @Test(arguments: [
        (["chat", "history", "--clear", "--limit", "3"], "--clear cannot be combined with --limit."),
        (["chat", "history", "--clear", "--search", "x", "-n", "2"], "--clear cannot be combined with --limit or --search."),
        (["chat", "history", "--mode", "slow", "-n", "2"], "--limit and --mode cannot be used together."),
        (["chat", "history", "--yes"], "--yes needs --clear."),
        (["chat", "history", "-y", "--limit", "2"], "--yes needs --clear."),
    ])
    func relationsAreEnforced(_ argv: [String], _ expected: String) {
        #expect(message(argv) == expected)
    }

    @Test func relationsCountTheEnvironmentButNotDefaults() {
        #expect(message(["chat", "history", "--clear", "--yes"]) == nil)
        #expect(message(["chat", "history", "--limit", "2"]) == nil)
        #expect(message(["chat", "history", "--limit", "2"], environment: ["TOOL_YES": "1"]) == "--yes needs --clear.")
    }

    @Test func helpAndDumpListTheRules() {
        let text = HelpRenderer<Void>(globalOptions: [], width: 80, style: Style(enabled: false)).render([Self.root, Self.root.subcommands[0], Self.history])
        // Set apart from the option rows (a blank line, "Note:"), never indented like an option.
        #expect(text.contains("\n\n  Note: --clear cannot be combined with --limit or --search.\n"))
        #expect(text.contains("\n  Note: --limit and --mode cannot be used together.\n"))
        #expect(text.contains("\n  Note: --yes needs --clear.\n"))
        #expect(!text.contains("\n  --clear cannot"))
        let info = ToolInfo(root: Self.root, version: "1", globalOptions: [], topics: [])
        let command = info.command.subcommands[0].subcommands[0]
        #expect(command.relations?.map(\.kind) == ["conflicts", "exclusive", "requires"])
        #expect(command.relations?.first?.options == ["clear", "limit", "search"])
    }

    @Test func oneCommandAnswersAtTwoPaths() throws {
        var ran: [[String]] = []
        let rate = CommandSpec<Void>(name: "rate", abstract: "Rate.", arguments: [ArgumentSpec("stars", "1 to 5.")])
        let root = CommandSpec<Void>(name: "tool", abstract: "Tool.", subcommands: [
            CommandSpec(name: "skills", abstract: "Skills.", subcommands: [CommandSpec(name: "list", abstract: "List.")]),
            rate,
        ])
        let tree = try root.grafting(rate, under: ["skills"])
        for argv in [["rate", "5"], ["skills", "rate", "4"]] {
            let result = try Parser(root: tree, globalOptions: [], environment: [:]).parse(argv)
            ran.append(result.invocation.path + [result.invocation.values.string("stars") ?? ""])
        }
        #expect(ran == [["tool", "rate", "5"], ["tool", "skills", "rate", "4"]])
        #expect(tree.subcommand(named: "skills")?.subcommand(named: "rate")?.abstract == "Rate.")

        #expect(throws: GraftError.self) { try tree.grafting(rate, under: ["skills"]) }
        #expect(throws: GraftError.self) { try root.grafting(rate, under: ["nowhere"]) }
    }
}
