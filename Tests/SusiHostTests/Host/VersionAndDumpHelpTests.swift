import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
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
        #expect(harness.run(["--dump-help"]).stdout == harness.run(["config", "set", "--dump-help"]).stdout)
    }

    @Test func dumpHelpIsHiddenFromHelp() throws {
        let home = try TemporaryHome()
        #expect(!(try home.harness().run(["--help"]).stdout.contains("dump-help")))
    }
}
