import Foundation
import Testing
import SusiCLI
@testable import SusiCore

@Suite("Context")
struct ContextTests {
    func context(stdinTTY: Bool = true, stdoutTTY: Bool = true, environment: [String: String] = [:],
                 globals: ParsedValues = ParsedValues()) -> Context {
        Context(io: .captured(stdinTTY: stdinTTY, stdoutTTY: stdoutTTY),
                environment: ["SUSI_HOME": "/nonexistent/susi-home"].merging(environment) { _, new in new },
                invocation: Invocation(path: ["susi"], values: ParsedValues(), globals: globals))
    }

    @Test func promptingNeedsAPerson() {
        #expect(context().canPrompt)
        #expect(!context(stdinTTY: false).canPrompt)
        #expect(!context(stdoutTTY: false).canPrompt)
        #expect(!context(environment: ["TERM": "dumb"]).canPrompt)
    }

    @Test func withoutAPersonThePrompterNamesTheFlag() {
        #expect(throws: UsageError("A room is needed: pass --room when not running interactively.")) {
            _ = try context(stdinTTY: false).prompter(orPass: "--room", for: "A room")
        }
    }

    @Test func pathsComeFromTheEnvironment() {
        #expect(context().paths.configFile == "/nonexistent/susi-home/config/config.json")
    }

    @Test func aMissingConfigFileGivesDefaults() throws {
        let settings = try context().settings()
        #expect(try settings.resolve(.server) == ("local", .defaultValue))
    }
}
