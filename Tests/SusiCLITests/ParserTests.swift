import Testing
@_spi(Parsing) @testable import SusiCLI

/// One accepted command line and what it must parse to. Only the listed keys
/// are checked; `absent` lists keys that must have no value at all.
struct ParseCase: Sendable, CustomTestStringConvertible {
    var argv: [String]
    var environment: [String: String] = [:]
    var path: [String]
    var values: [String: [String]] = [:]
    var flags: [String: Bool] = [:]
    var globalValues: [String: [String]] = [:]
    var globalFlags: [String: Bool] = [:]
    var absent: [String] = []

    var testDescription: String {
        (environment.isEmpty ? "" : environment.map { "\($0)=\($1) " }.sorted().joined()) + argv.joined(separator: " ")
    }
}

@Suite("Parser: accepted command lines")
struct ParserTests {
    static let cases: [ParseCase] = [
        // Option spellings.
        ParseCase(argv: ["run", "x", "--name", "bob"], path: ["tool", "run"], values: ["target": ["x"], "name": ["bob"]]),
        ParseCase(argv: ["run", "--name=bob", "x"], path: ["tool", "run"], values: ["target": ["x"], "name": ["bob"]]),
        ParseCase(argv: ["run", "--name=", "x"], path: ["tool", "run"], values: ["target": ["x"], "name": [""]]),
        ParseCase(argv: ["run", "--name=a=b", "x"], path: ["tool", "run"], values: ["name": ["a=b"]]),
        ParseCase(argv: ["run", "-n", "bob", "x"], path: ["tool", "run"], values: ["target": ["x"], "name": ["bob"]]),
        ParseCase(argv: ["run", "-nbob", "x"], path: ["tool", "run"], values: ["target": ["x"], "name": ["bob"]]),
        ParseCase(argv: ["run", "-c5", "x"], path: ["tool", "run"], values: ["count": ["5"]]),
        // A value that starts with a dash but is not an option.
        ParseCase(argv: ["run", "--name", "-x", "x"], path: ["tool", "run"], values: ["name": ["-x"], "target": ["x"]]),
        // Grouped short flags, global and local, and a short value option at the end of a group.
        ParseCase(argv: ["run", "-qv", "x"], path: ["tool", "run"], values: ["target": ["x"]],
                  globalFlags: ["quiet": true, "verbose": true]),
        ParseCase(argv: ["run", "-fqv", "x"], path: ["tool", "run"], flags: ["force": true],
                  globalFlags: ["quiet": true, "verbose": true]),
        ParseCase(argv: ["run", "-fn", "bob", "x"], path: ["tool", "run"], values: ["name": ["bob"]], flags: ["force": true]),
        ParseCase(argv: ["run", "-fnbob", "x"], path: ["tool", "run"], values: ["name": ["bob"]], flags: ["force": true]),
        // `--` ends options: what follows is positional, even option-like words.
        ParseCase(argv: ["run", "--", "--name"], path: ["tool", "run"], values: ["target": ["--name"]], absent: ["name"]),
        ParseCase(argv: ["show", "--", "--json"], path: ["tool", "show"], values: ["item": ["--json"]],
                  globalFlags: ["json": false]),
        ParseCase(argv: ["show", "--", "-q"], path: ["tool", "show"], values: ["item": ["-q"]], globalFlags: ["quiet": false]),
        ParseCase(argv: ["show", "-"], path: ["tool", "show"], values: ["item": ["-"]]),
        ParseCase(argv: ["show", "-5 degrees"], path: ["tool", "show"], values: ["item": ["-5 degrees"]]),
        // Repeated options: arrays for repeating ones, last one wins otherwise.
        ParseCase(argv: ["run", "x", "-t", "a", "--tag", "b", "--tag=c", "-td"], path: ["tool", "run"],
                  values: ["tag": ["a", "b", "c", "d"]]),
        ParseCase(argv: ["run", "x", "--name", "a", "--name", "b"], path: ["tool", "run"], values: ["name": ["b"]]),
        // Flag inversions: the last spelling wins.
        ParseCase(argv: ["run", "x", "--verify"], path: ["tool", "run"], flags: ["verify": true]),
        ParseCase(argv: ["run", "x", "--no-verify"], path: ["tool", "run"], flags: ["verify": false]),
        ParseCase(argv: ["run", "x", "--verify", "--no-verify"], path: ["tool", "run"], flags: ["verify": false]),
        ParseCase(argv: ["run", "x", "--no-verify", "--verify"], path: ["tool", "run"], flags: ["verify": true]),
        // Typed integers at the edges of their range, and choices.
        ParseCase(argv: ["run", "x", "--count", "1"], path: ["tool", "run"], values: ["count": ["1"]]),
        ParseCase(argv: ["run", "x", "--count", "10"], path: ["tool", "run"], values: ["count": ["10"]]),
        ParseCase(argv: ["run", "x", "--mode", "slow"], path: ["tool", "run"], values: ["mode": ["slow"]]),
        // Negative numbers are positionals, not options.
        ParseCase(argv: ["add", "-5", "3", "-12"], path: ["tool", "add"], values: ["numbers": ["-5", "3", "-12"]]),
        ParseCase(argv: ["add", "-0", "--", "-7"], path: ["tool", "add"], values: ["numbers": ["-0", "-7"]]),
        // Environment binding: values and flags; the command line beats the environment.
        ParseCase(argv: ["run", "x"], environment: ["TOOL_LEVEL": "3"], path: ["tool", "run"], values: ["level": ["3"]]),
        ParseCase(argv: ["run", "x", "--level", "1"], environment: ["TOOL_LEVEL": "3"], path: ["tool", "run"],
                  values: ["level": ["1"]]),
        ParseCase(argv: ["run", "x"], environment: ["TOOL_LEVEL": ""], path: ["tool", "run"], absent: ["level"]),
        ParseCase(argv: ["run", "x"], environment: ["TOOL_DRY_RUN": "yes"], path: ["tool", "run"], flags: ["dry-run": true]),
        ParseCase(argv: ["run", "x"], environment: ["TOOL_DRY_RUN": "TRUE"], path: ["tool", "run"], flags: ["dry-run": true]),
        ParseCase(argv: ["run", "x"], environment: ["TOOL_DRY_RUN": "1"], path: ["tool", "run"], flags: ["dry-run": true]),
        ParseCase(argv: ["run", "x"], environment: ["TOOL_DRY_RUN": "0"], path: ["tool", "run"], flags: ["dry-run": false]),
        ParseCase(argv: ["run", "x"], environment: ["TOOL_DRY_RUN": "off"], path: ["tool", "run"], flags: ["dry-run": false]),
        ParseCase(argv: ["run", "x", "--dry-run"], environment: ["TOOL_DRY_RUN": "no"], path: ["tool", "run"],
                  flags: ["dry-run": true]),
        // Defaults.
        ParseCase(argv: ["run", "x"], path: ["tool", "run"], values: ["mode": ["fast"]], flags: ["verify": false],
                  absent: ["name", "count", "tag", "level"]),
        // Global options before and after the subcommand, in every spelling.
        ParseCase(argv: ["--json", "run", "x"], path: ["tool", "run"], globalFlags: ["json": true]),
        ParseCase(argv: ["run", "x", "--json"], path: ["tool", "run"], globalFlags: ["json": true]),
        ParseCase(argv: ["run", "--json", "x"], path: ["tool", "run"], values: ["target": ["x"]], globalFlags: ["json": true]),
        ParseCase(argv: ["--server", "http://a", "run", "x"], path: ["tool", "run"], globalValues: ["server": ["http://a"]]),
        ParseCase(argv: ["run", "x", "--server=http://b"], path: ["tool", "run"], globalValues: ["server": ["http://b"]]),
        ParseCase(argv: ["-q", "remote", "-v", "add", "u", "--json"], path: ["tool", "remote", "add"],
                  values: ["url": ["u"]], globalFlags: ["json": true, "quiet": true, "verbose": true]),
        // Aliases.
        ParseCase(argv: ["r", "x"], path: ["tool", "run"], values: ["target": ["x"]]),
        ParseCase(argv: ["remote", "rm", "u"], path: ["tool", "remote", "remove"], values: ["url": ["u"]]),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: ParseCase) throws {
        let result = try Fixture.parse(testCase.argv, environment: testCase.environment)
        #expect(result.invocation.path == testCase.path)
        #expect(result.shortCircuit == nil)
        let values = result.invocation.values
        let globals = result.invocation.globals
        for (key, expected) in testCase.values {
            #expect(values.strings(key) == expected, "value of \(key)")
        }
        for (key, expected) in testCase.flags {
            #expect(values.flag(key) == expected, "flag \(key)")
        }
        for (key, expected) in testCase.globalValues {
            #expect(globals.strings(key) == expected, "global value of \(key)")
        }
        for (key, expected) in testCase.globalFlags {
            #expect(globals.flag(key) == expected, "global flag \(key)")
        }
        for key in testCase.absent {
            #expect(values.strings(key).isEmpty, "\(key) should have no value")
            #expect(values.source(of: key) == nil, "\(key) should have no source")
        }
    }

    @Test func sourcesSayWhereEachValueCameFrom() throws {
        let result = try Fixture.parse(["run", "x", "--name", "n"], environment: ["TOOL_LEVEL": "2", "TOOL_DRY_RUN": "1"])
        let values = result.invocation.values
        #expect(values.source(of: "name") == .commandLine)
        #expect(values.source(of: "target") == .commandLine)
        #expect(values.source(of: "level") == .environment("TOOL_LEVEL"))
        #expect(values.source(of: "dry-run") == .environment("TOOL_DRY_RUN"))
        #expect(values.source(of: "mode") == .defaultValue)
        #expect(values.isSet("name"))
        #expect(values.isSet("level"))
        #expect(!values.isSet("mode"))
        #expect(values.string("mode") == "fast")
        #expect(values.int("level") == 2)
        #expect(values.optionalFlag("verify") == nil)
        #expect(values.optionalFlag("dry-run") == true)
    }

    @Test func typedAccessors() throws {
        let values = try Fixture.parse(["run", "x", "-c", "7"]).invocation.values
        #expect(values.int("count") == 7)
        #expect(values.double("count") == 7)
        #expect(values.int("name") == nil)
        #expect(values.string("missing") == nil)
        #expect(values.strings("missing") == [])
    }

    @Test func commandLineRepeatsReplaceEnvironmentValues() throws {
        let spec = CommandSpec<Void>(name: "t", abstract: "T.", options: [
            .value("tag", "tag", "Tags.", environment: "T_TAG", isRepeating: true),
        ])
        let parser = Parser(root: spec, globalOptions: [], environment: ["T_TAG": "env"])
        #expect(try parser.parse([]).invocation.values.strings("tag") == ["env"])
        #expect(try parser.parse(["--tag", "a", "--tag", "b"]).invocation.values.strings("tag") == ["a", "b"])
    }

    @Test func aDigitShortOptionWinsOverANegativeNumber() throws {
        let spec = CommandSpec<Void>(name: "t", abstract: "T.",
                                     arguments: [ArgumentSpec("words", "Words.", isOptional: true, isRepeating: true)],
                                     options: [.flag("five", short: "5", "Five.")])
        let parser = Parser(root: spec, globalOptions: [], environment: [:])
        let values = try parser.parse(["-5", "-6"]).invocation.values
        #expect(values.flag("five"))
        #expect(values.strings("words") == ["-6"])
    }

    @Test func shortCircuitSkipsArgumentChecks() throws {
        let result = try Fixture.parse(["run", "--help"])
        #expect(result.shortCircuit == "help")
        #expect(result.invocation.path == ["tool", "run"])
        let atRoot = try Fixture.parse(["-h", "whatever"])
        #expect(atRoot.shortCircuit == "help")
        #expect(atRoot.invocation.path == ["tool"])
    }

    @Test func theSubcommandIsNotConsumedAsAPositional() throws {
        // `show` has an argument named like a sibling command: still an argument.
        let result = try Fixture.parse(["show", "run"])
        #expect(result.invocation.path == ["tool", "show"])
        #expect(result.invocation.values.strings("item") == ["run"])
    }
}
