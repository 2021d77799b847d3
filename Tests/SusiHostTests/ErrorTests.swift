import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

@Suite("Errors and exit codes")
struct ErrorTests {
    @Test func unknownCommand() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["cnofig", "list"])
        #expect(result == InProcess.Result(stdout: "", stderr: """
            error: Unknown command 'cnofig' for 'susi'. Did you mean 'config'?
            Usage: susi <subcommand>
              See 'susi --help' for more information.

            """, status: 64))
    }

    @Test func unknownCommandWithoutASuggestion() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["zzzzzzzz"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: Unknown command 'zzzzzzzz' for 'susi'.\n"))
    }

    @Test func unknownSubcommand() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["config", "lsit"])
        #expect(result == InProcess.Result(stdout: "", stderr: """
            error: Unknown subcommand 'lsit' for 'susi config'. Did you mean 'list'?
            Usage: susi config <subcommand>
              See 'susi config --help' for more information.

            """, status: 64))
    }

    @Test func unknownOption() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["config", "list", "--jsno"])
        #expect(result == InProcess.Result(stdout: "", stderr: """
            error: Unknown option '--jsno'. Did you mean '--json'?
            Usage: susi config list
              See 'susi config list --help' for more information.

            """, status: 64))
    }

    @Test(arguments: [
        (["config", "list", "--quiet=x"], "The option '--quiet' does not take a value, but 'x' was specified."),
        (["config", "set", "speech.rate"], "Missing expected argument '<value>'."),
        (["config", "get"], "Missing expected argument '<key>'."),
        (["config", "get", "server", "extra"], "Unexpected argument 'extra'."),
        (["config", "path", "a", "b"], "2 unexpected arguments: 'a', 'b'."),
        (["--server"], "Missing value for '--server <url>'."),
        (["--color", "rainbow", "config", "list"],
         "The value 'rainbow' is invalid for '--color <when>': expected one of auto, always, never."),
        (["--server", "ftp://x", "config", "list"],
         "The value 'ftp://x' is invalid for '--server <url>': expected 'local' or an http(s) URL such as https://api.susi.ai."),
        (["--server", "127.0.0.1:4000", "config", "list"],
         "The value '127.0.0.1:4000' is invalid for '--server <url>': expected 'local' or an http(s) URL, so with the scheme: 'http://127.0.0.1:4000'."),
        (["config", "set", "server", "api.susi.ai"],
         "Invalid value 'api.susi.ai' for 'server': expected 'local' or an http(s) URL, so with the scheme: 'https://api.susi.ai'."),
        (["config", "get", "spech.rate"],
         "The value 'spech.rate' is invalid for '<key>': expected one of server, language, location, voice, speech.output, speech.rate, speech.pitch, room, speaker, color, units, weather.url, geocoding.url, pager, network, shell.fallback, serve.store, listen.hotword, onboarded. Did you mean 'speech.rate'?"),
    ] as [([String], String)])
    func usageErrors(_ argv: [String], _ message: String) throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(argv)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: \(message)\nUsage: susi"))
        #expect(result.stderr.hasSuffix(" --help' for more information.\n"))
    }

    @Test func invalidValueForConfigSetLeavesTheFileUnchanged() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        // No file yet: none is created.
        var result = harness.run(["config", "set", "speech.rate", "1000"])
        #expect(result == InProcess.Result(stdout: "", stderr: """
            error: Invalid value '1000' for 'speech.rate': expected a number from 0.5 to 2.
            Usage: susi config set <key> <value>
              See 'susi config set --help' for more information.

            """, status: 64))
        #expect(home.configBytes() == nil)
        // An existing file keeps its bytes.
        #expect(harness.run(["config", "set", "speech.rate", "1.5"]).status == 0)
        let before = try #require(home.configBytes())
        result = harness.run(["config", "set", "speech.rate", "1000"])
        #expect(result.status == 64)
        #expect(home.configBytes() == before)
        #expect(harness.run(["config", "get", "speech.rate"]).stdout == "1.5\n")
    }

    static let corrupt = "{\"server\": \"local\",, oops"

    @Test(arguments: [
        ["config", "set", "voice", "de"], ["config", "unset", "voice"], ["config", "list"], ["config", "get", "server"],
        ["config", "list", "--json"],
    ])
    func aCorruptConfigFileIsExit78AndIsNeverOverwritten(_ argv: [String]) throws {
        let home = try TemporaryHome()
        try home.writeConfig(Self.corrupt)
        let before = try #require(home.configBytes())
        let result = try home.harness().run(argv)
        #expect(result.status == 78)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: The config file \(home.configFile) is not valid JSON"))
        #expect(result.stderr.contains("susi never overwrites a config file it cannot read."))
        #expect(!result.stderr.contains("Usage:"))
        #expect(home.configBytes() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path + "/config")
        #expect(leftovers == ["config.json"])
    }

    @Test func anInvalidValueInTheFileIsExit78() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"speech.rate\": 5}")
        let result = try home.harness().run(["config", "list"])
        #expect(result.status == 78)
        #expect(result.stderr.hasPrefix(
            "error: The config file \(home.configFile) has an invalid value '5' for 'speech.rate': expected a number from 0.5 to 2.\n"))
    }

    @Test func aConfigPathStillWorksWithACorruptFile() throws {
        let home = try TemporaryHome()
        try home.writeConfig(Self.corrupt)
        let result = try home.harness().run(["config", "path"])
        #expect(result == InProcess.Result(stdout: home.configFile + "\n", stderr: "", status: 0))
    }

    @Test func anInvalidEnvironmentValueIsExit78() throws {
        let home = try TemporaryHome()
        let harness = try home.harness(["SUSI_SPEECH_RATE": "1000"])
        let message = "error: SUSI_SPEECH_RATE has an invalid value '1000' for 'speech.rate': expected a number from 0.5 to 2.\n"
        for argv in [["config", "list"], ["config", "get", "speech.rate"], ["config", "list", "--json"]] {
            let result = harness.run(argv)
            #expect(result == InProcess.Result(stdout: "", stderr: message, status: 78), "\(argv)")
        }
    }

    @Test func helpAndErrorsStillWorkWithACorruptFile() throws {
        let home = try TemporaryHome()
        try home.writeConfig(Self.corrupt)
        let harness = try home.harness()
        #expect(harness.run(["--help"]).status == 0)
        #expect(harness.run(["--version"]).status == 0)
        #expect(harness.run(["nope"]).status == 64)
    }
}
