import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
import SusiBasics
@testable import SusiHost

@Suite("--version and --dump-help")
struct VersionAndDumpHelpTests {
    @Test func version() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let expected = InProcess.Result(stdout: "susi \(SusiVersion.current)\n", stderr: "", status: 0)
        #expect(harness.run(["--version"]) == expected)
        #expect(harness.run(["config", "--version"]) == expected)
        #expect(SusiVersion.current == "0.1.0")
    }

    @Test func dumpHelpIsVersionedJSONOfTheWholeTree() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["--dump-help"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(raw["serializationVersion"] as? Int == 1)

        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(result.stdout.utf8))
        #expect(info.serializationVersion == ToolInfo.currentVersion)
        #expect(info.tool == "susi")
        #expect(info.version == SusiVersion.current)
        #expect(info.command.path == ["susi"])
        // Every registered module, in the registry's order, then the host's own commands.
        var registered: [String] = []
        for module in Registry.modules { registered.append(module.command.name) }
        #expect(info.command.subcommands.map(\.name) == registered + ["__generate-manual", "completion", "help"])
        #expect(Set(registered).count == registered.count, "one module per name")
        // The man page writer is in the tree, hidden.
        #expect(info.command.subcommands.first { $0.name == "__generate-manual" }?.hidden == true)
        let config = try #require(info.command.subcommands.first { $0.name == "config" })
        #expect(config.subcommands.map(\.name) == ["list", "get", "set", "unset", "edit", "path"])
        #expect(config.runnable == false)
        let set = try #require(config.subcommands.first { $0.name == "set" })
        #expect(set.path == ["susi", "config", "set"])
        #expect(set.runnable)
        #expect(set.usage == ["susi config set <key> <value>"])
        #expect(set.arguments.map(\.name) == ["key", "value"])
        #expect(set.arguments[0].allowedValues == SusiApp.settings.map(\.name))
        #expect(set.arguments[0].completion.kind == "dynamic")
        #expect(set.arguments[0].completion.provider == "config-keys")
        #expect(set.arguments[1].completion.provider == "config-values")
        #expect(config.subcommands.first { $0.name == "list" }?.aliases == ["ls"])

        let globalNames = info.globalOptions.map(\.name)
        for name in ["server", "json", "no-input", "color", "quiet", "verbose", "help", "version", "dump-help"] {
            #expect(globalNames.contains(name), "\(name) missing")
        }
        #expect(info.globalOptions.first { $0.name == "dump-help" }?.hidden == true)
        #expect(info.globalOptions.first { $0.name == "no-input" }?.environment == "SUSI_NO_INPUT")
        #expect(info.globalOptions.first { $0.name == "color" }?.allowedValues == ["auto", "always", "never"])
        #expect(info.topics.map(\.name) == ["environment", "exit-codes", "files", "formatting"])
    }

    @Test func dumpHelpIsStable() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["--dump-help"]) == harness.run(["--dump-help"]))
    }

    @Test func versionWithJSONIsJSON() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        for argv in [["--version", "--json"], ["--json", "--version"], ["config", "--version", "--json"]] {
            let result = harness.run(argv)
            #expect(result.status == 0)
            #expect(result.stderr == "")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(argv)")
            #expect(object["name"] as? String == "susi")
            #expect(object["version"] as? String == SusiVersion.current)
        }
    }

    /// Under a command, --dump-help is that command's subtree (with the
    /// same envelope: tool, version, global options, topics).
    @Test func dumpHelpUnderACommandDumpsItsSubtree() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let config = harness.run(["config", "--dump-help"])
        #expect(config.status == 0)
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(config.stdout.utf8))
        #expect(info.tool == "susi")
        #expect(info.command.path == ["susi", "config"])
        #expect(info.command.subcommands.map(\.name) == ["list", "get", "set", "unset", "edit", "path"])
        let set = try JSONDecoder().decode(ToolInfo.self, from: Data(harness.run(["config", "set", "--dump-help"]).stdout.utf8))
        #expect(set.command.path == ["susi", "config", "set"])
        #expect(set.command.arguments.map(\.name) == ["key", "value"])
        #expect(set.command.subcommands.isEmpty)
        #expect(!set.globalOptions.isEmpty)
        // An alias reaches the same subtree.
        #expect(harness.run(["config", "ls", "--dump-help"]).stdout == harness.run(["config", "list", "--dump-help"]).stdout)
    }

    /// `help TOPIC --json`: the topic's rows as data; exit codes as numbers.
    @Test func helpTopicsWithJSON() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let result = harness.run(["help", "exit-codes", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["code"] as? Int } == ExitCode.allCases.map { Optional(Int($0.rawValue)) })
        #expect(rows.first?["name"] as? String == "OK")
        #expect(rows.first { $0["code"] as? Int == 77 }?["meaning"] as? String == Reference.meaning(of: .noPermission))
        #expect(harness.run(["--json", "help", "exit-codes"]).stdout == result.stdout)
        // Every topic has a JSON form.
        for topic in ["environment", "files", "formatting"] {
            let other = harness.run(["help", topic, "--json"])
            #expect(other.status == 0, "\(topic)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(other.stdout.utf8)) as? [String: Any], "\(topic)")
            #expect(object["topic"] as? String == topic)
            #expect((object["rows"] as? [[String: Any]])?.isEmpty == false)
        }
    }

    @Test func dumpHelpIsHiddenFromHelp() throws {
        let home = try TemporaryHome()
        #expect(!(try home.harness().run(["--help"]).stdout.contains("dump-help")))
    }
}
