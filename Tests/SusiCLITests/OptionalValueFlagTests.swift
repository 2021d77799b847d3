import Testing
@_spi(Parsing) @testable import SusiCLI

/// `--json`, `--json=name,group` and `--json name,group`: a flag that may
/// carry a list of names, and the rule for when the next word is that list.
@Suite("Parser: a flag with an optional value")
struct OptionalValueFlagTests {
    static let globals: [OptionSpec] = Fixture.globals.filter { $0.name != "json" } + [
        .flag("json", "Print JSON.", optionalValue: "fields", validate: { raw in
            raw.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty } ? nil : "expected field names"
        }),
    ]

    static var list: CommandSpec<Void> { CommandSpec(name: "list", abstract: "List things.") }

    func parse(_ argv: [String]) throws(ParseError) -> ParseResult<Void> {
        var root = Fixture.root
        root.subcommands.append(Self.list)
        return try Parser(root: root, globalOptions: Self.globals, environment: [:]).parse(argv)
    }

    func message(_ argv: [String]) -> String? {
        do { _ = try parse(argv); return nil } catch { return error.usage.message }
    }

    @Test func onItsOwnItIsAFlag() throws {
        let result = try parse(["run", "--json", "x"])
        #expect(result.invocation.globals.flag("json"))
        #expect(result.invocation.globals.string("json") == nil)
        #expect(result.invocation.values.string("target") == "x")
    }

    @Test func anAttachedValueIsTheFieldList() throws {
        let result = try parse(["run", "x", "--json=name,group"])
        #expect(result.invocation.globals.flag("json"))
        #expect(result.invocation.globals.string("json") == "name,group")
        let one = try parse(["run", "--json=name", "x"])
        #expect(one.invocation.globals.string("json") == "name")
        #expect(one.invocation.values.string("target") == "x")
    }

    @Test func aSeparatedCommaListIsTheFieldList() throws {
        let result = try parse(["run", "--json", "name,group", "x"])
        #expect(result.invocation.globals.string("json") == "name,group")
        #expect(result.invocation.values.string("target") == "x")
    }

    @Test func aSeparatedSingleNameIsTheListOnlyWhereItCannotBeAnArgument() throws {
        let list = try parse(["list", "--json", "name"])
        #expect(list.invocation.globals.string("json") == "name")
        // `run` takes an argument: the word stays the argument.
        let run = try parse(["run", "--json", "name"])
        #expect(run.invocation.globals.flag("json"))
        #expect(run.invocation.globals.string("json") == nil)
        #expect(run.invocation.values.string("target") == "name")
        // Before a subcommand, the word is the subcommand.
        let first = try parse(["--json", "list"])
        #expect(first.command.name == "list")
        #expect(first.invocation.globals.string("json") == nil)
    }

    /// At a command with subcommands, a bare word names a subcommand or an
    /// external command (`susi --json NAME`), never the fields.
    @Test func aWordWhereACommandMayStandIsNeverTheList() {
        do {
            _ = try parse(["--json", "envdump"])
            Issue.record("parsed")
        } catch {
            #expect(error.unknownCommand == "envdump")
            #expect(error.globals.flag("json"))
            #expect(error.globals.string("json") == nil)
        }
    }

    @Test func wordsThatAreNotNamesAreNeverTaken() throws {
        let spaced = try parse(["run", "--json", "tell me a joke"])
        #expect(spaced.invocation.values.string("target") == "tell me a joke")
        let dashed = try parse(["run", "--json", "--force", "x"])
        #expect(dashed.invocation.values.flag("force"))
    }

    @Test func aBadAttachedListIsAUsageErrorNamingTheOption() {
        #expect(message(["run", "x", "--json=name,,stars"])
                == "The value 'name,,stars' is invalid for '--json[=<fields>]': expected field names.")
    }

    @Test func otherFlagsStillRefuseAValue() {
        #expect(message(["run", "x", "--force=yes"]) == "The option '--force' does not take a value, but 'yes' was specified.")
    }

    @Test func helpShowsTheOptionalValue() {
        #expect(Self.globals.last?.display == "--json[=<fields>]")
    }
}
