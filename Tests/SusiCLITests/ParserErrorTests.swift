import Testing
@_spi(Parsing) @testable import SusiCLI

struct ErrorCase: Sendable, CustomTestStringConvertible {
    var argv: [String]
    var environment: [String: String] = [:]
    var message: String

    var testDescription: String {
        (environment.isEmpty ? "" : environment.map { "\($0)=\($1) " }.sorted().joined()) + argv.joined(separator: " ")
    }
}

@Suite("Parser: rejected command lines and their exact messages")
struct ParserErrorTests {
    static let cases: [ErrorCase] = [
        // Missing values.
        ErrorCase(argv: ["run", "x", "--name"], message: "Missing value for '--name <name>'."),
        ErrorCase(argv: ["run", "x", "-n"], message: "Missing value for '-n <name>'."),
        ErrorCase(argv: ["run", "x", "--name", "--force"], message: "Missing value for '--name <name>'."),
        ErrorCase(argv: ["run", "x", "--name", "--json"], message: "Missing value for '--name <name>'."),
        ErrorCase(argv: ["run", "x", "--name", "-q"], message: "Missing value for '--name <name>'."),
        ErrorCase(argv: ["run", "x", "--name", "--"], message: "Missing value for '--name <name>'."),
        ErrorCase(argv: ["run", "x", "--server"], message: "Missing value for '--server <url>'."),
        // Missing and unexpected arguments.
        ErrorCase(argv: ["run"], message: "Missing expected argument '<target>'."),
        ErrorCase(argv: ["show"], message: "Missing expected argument '<item>'."),
        ErrorCase(argv: ["add"], message: "Missing expected argument '<numbers>'."),
        ErrorCase(argv: ["remote", "add"], message: "Missing expected argument '<url>'."),
        ErrorCase(argv: ["show", "a", "b"], message: "Unexpected argument 'b'."),
        ErrorCase(argv: ["show", "a", "b", "c"], message: "2 unexpected arguments: 'b', 'c'."),
        ErrorCase(argv: ["show", "a", "--", "-b"], message: "Unexpected argument '-b'."),
        // Unknown options, with a suggestion for near misses of long names.
        ErrorCase(argv: ["run", "x", "--nmae", "y"], message: "Unknown option '--nmae'. Did you mean '--name'?"),
        ErrorCase(argv: ["run", "x", "--nmae=y"], message: "Unknown option '--nmae'. Did you mean '--name'?"),
        ErrorCase(argv: ["run", "x", "--jsn"], message: "Unknown option '--jsn'. Did you mean '--json'?"),
        ErrorCase(argv: ["run", "x", "--no-verfy"], message: "Unknown option '--no-verfy'. Did you mean '--no-verify'?"),
        ErrorCase(argv: ["run", "x", "--no-force"], message: "Unknown option '--no-force'. Did you mean '--force'?"),
        ErrorCase(argv: ["run", "x", "--zzzzzzzz"], message: "Unknown option '--zzzzzzzz'."),
        ErrorCase(argv: ["run", "x", "-z"], message: "Unknown option '-z'."),
        ErrorCase(argv: ["run", "x", "-fz"], message: "Unknown option '-z'."),
        ErrorCase(argv: ["show", "x", "--force"], message: "Unknown option '--force'."),
        // Unknown commands, with a suggestion.
        ErrorCase(argv: ["rnu"], message: "Unknown command 'rnu' for 'tool'. Did you mean 'run'?"),
        ErrorCase(argv: ["shwo", "x"], message: "Unknown command 'shwo' for 'tool'. Did you mean 'show'?"),
        ErrorCase(argv: ["zzzzzz"], message: "Unknown command 'zzzzzz' for 'tool'."),
        ErrorCase(argv: ["remote", "ad", "u"], message: "Unknown subcommand 'ad' for 'tool remote'. Did you mean 'add'?"),
        ErrorCase(argv: ["remote", "rn"], message: "Unknown subcommand 'rn' for 'tool remote'. Did you mean 'rm'?"),
        // A value given to a flag.
        ErrorCase(argv: ["run", "x", "--json=x"], message: "The option '--json' does not take a value, but 'x' was specified."),
        ErrorCase(argv: ["run", "x", "--force=yes"], message: "The option '--force' does not take a value, but 'yes' was specified."),
        ErrorCase(argv: ["run", "x", "--no-verify="],
                  message: "The option '--no-verify' does not take a value, but '' was specified."),
        // Typed values.
        ErrorCase(argv: ["run", "x", "--count", "0"],
                  message: "The value '0' is invalid for '--count <n>': expected an integer from 1 to 10."),
        ErrorCase(argv: ["run", "x", "--count", "11"],
                  message: "The value '11' is invalid for '--count <n>': expected an integer from 1 to 10."),
        ErrorCase(argv: ["run", "x", "-c", "many"],
                  message: "The value 'many' is invalid for '--count <n>': expected an integer from 1 to 10."),
        ErrorCase(argv: ["run", "x", "--count=2.5"],
                  message: "The value '2.5' is invalid for '--count <n>': expected an integer from 1 to 10."),
        ErrorCase(argv: ["run", "x", "--mode", "fsat"],
                  message: "The value 'fsat' is invalid for '--mode <mode>': expected one of fast, slow. Did you mean 'fast'?"),
        ErrorCase(argv: ["run", "x", "--mode", "medium"],
                  message: "The value 'medium' is invalid for '--mode <mode>': expected one of fast, slow."),
        ErrorCase(argv: ["add", "1", "two"], message: "The value 'two' is invalid for '<numbers>': expected an integer."),
        ErrorCase(argv: ["add", "-1.5"], message: "The value '-1.5' is invalid for '<numbers>': expected an integer."),
        // Invalid environment values name the variable.
        ErrorCase(argv: ["run", "x"], environment: ["TOOL_LEVEL": "9"],
                  message: "The value '9' of TOOL_LEVEL is invalid for '--level <n>': expected an integer from 0 to 5."),
        ErrorCase(argv: ["run", "x"], environment: ["TOOL_LEVEL": "high"],
                  message: "The value 'high' of TOOL_LEVEL is invalid for '--level <n>': expected an integer from 0 to 5."),
        ErrorCase(argv: ["run", "x"], environment: ["TOOL_DRY_RUN": "maybe"],
                  message: "The value 'maybe' of TOOL_DRY_RUN is invalid for '--dry-run': expected 1, 0, true, false, yes or no."),
    ]

    @Test(arguments: cases)
    func rejects(_ testCase: ErrorCase) {
        #expect(Fixture.errorMessage(testCase.argv, environment: testCase.environment) == testCase.message)
    }

    @Test func anInvalidEnvironmentValueIsIgnoredWhenTheCommandLineGivesOne() throws {
        let result = try Fixture.parse(["run", "x", "--level", "2", "--dry-run"],
                                       environment: ["TOOL_LEVEL": "9", "TOOL_DRY_RUN": "maybe"])
        #expect(result.invocation.values.int("level") == 2)
        #expect(result.invocation.values.flag("dry-run"))
    }

    @Test func unknownCommandCarriesTheWordAndTheRestForExternals() {
        do {
            _ = try Fixture.parse(["--json", "hello", "a", "--b"])
            Issue.record("expected a parse error")
        } catch {
            #expect(error.unknownCommand == "hello")
            #expect(error.remainder == ["a", "--b"])
            #expect(error.path == ["tool"])
            #expect(error.usage.exitCode == .usage)
        }
    }

    @Test func errorsRecordTheCommandPathForUsage() {
        do {
            _ = try Fixture.parse(["remote", "add"])
            Issue.record("expected a parse error")
        } catch {
            #expect(error.path == ["tool", "remote", "add"])
            #expect(error.unknownCommand == nil)
        }
        do {
            _ = try Fixture.parse(["remote", "zap"])
            Issue.record("expected a parse error")
        } catch {
            #expect(error.path == ["tool", "remote"])
            #expect(error.unknownCommand == "zap")
        }
    }
}
