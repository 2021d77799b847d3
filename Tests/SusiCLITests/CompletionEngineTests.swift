import Foundation
import Testing
@testable import SusiCLI

/// The completion engine against the parser's made-up tree, with
/// providers attached to an argument and an option, asked through a hook
/// that records what they were asked.
@Suite struct CompletionEngineTests {
    static let items = DynamicCompletion("items") { (_: CompletionRequest, _: Void) in
        [CompletionCandidate("apple", "A fruit."), CompletionCandidate("apricot"),
         CompletionCandidate("bad\u{1B}[2Jname"), CompletionCandidate("apple")]
    }
    static let rooms = DynamicCompletion("rooms") { (_: CompletionRequest, _: Void) in
        [CompletionCandidate("Living Room"), CompletionCandidate("Kitchen")]
    }

    static var tree: CommandSpec<Void> {
        var root = Fixture.root
        root.subcommands.append(CommandSpec(
            name: "rate", abstract: "Rate an item.",
            arguments: [ArgumentSpec("item", "The item.", completion: .dynamic(items)),
                        ArgumentSpec("stars", "Stars.", kind: .choice(["1", "2", "3"]))],
            options: [.value("file", "path", "A file.", completion: .file(extensions: ["txt"])),
                      .value("room", "room", "A room.", completion: .dynamic(rooms))]))
        root.subcommands.append(CommandSpec(name: "secret", abstract: "Hidden.", isHidden: true))
        return root
    }

    final class Asked: @unchecked Sendable {
        var requests: [CompletionRequest] = []
    }

    func engine(_ asked: Asked = Asked(), externals: [String] = [], timeLimit: TimeInterval = 1,
                delay: TimeInterval = 0) -> CompletionEngine<Void> {
        CompletionEngine(root: Self.tree, globalOptions: Fixture.globals, externals: { externals }, timeLimit: timeLimit) { completion, request in
            asked.requests.append(request)
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            return try completion.candidates(request, ())
        }
    }

    @Test func subcommandsAliasesAndExternalsCompleteTheFirstWord() {
        let result = engine(externals: ["rocket", "run"]).complete(["r"])
        // "run" the external is hidden behind the built-in; hidden commands never show.
        #expect(result.values == ["run", "r", "remote", "rate", "rocket"])
        #expect(result.candidates.first?.description == "Run a target.")
        #expect(!engine().complete([""]).values.contains("secret"))
    }

    @Test func nestedSubcommandsAfterAGroup() {
        #expect(engine().complete(["remote", ""]).values == ["add", "remove", "rm"])
        #expect(engine().complete(["--json", "remote", "re"]).values == ["remove"])
    }

    @Test func optionsAfterADashIncludingInversionsAndGlobals() {
        let values = engine().complete(["run", "--"]).values
        #expect(values.contains("--verify") && values.contains("--no-verify") && values.contains("--json"))
        #expect(values.firstIndex(of: "--name")! < values.firstIndex(of: "--json")!, "own options come first")
        #expect(values.contains("--help"))
        #expect(engine().complete(["run", "--mo"]).values == ["--mode"])
        // An option already given is not offered again, unless it repeats.
        let again = engine().complete(["run", "--force", "--tag", "x", "-"]).values
        #expect(!again.contains("--force"))
        #expect(again.contains("--tag"))
    }

    @Test func optionValuesFromAllowedValuesInBothSpellings() {
        #expect(engine().complete(["run", "--mode", ""]).values == ["fast", "slow"])
        #expect(engine().complete(["run", "--mode", "s"]).values == ["slow"])
        #expect(engine().complete(["run", "--mode=f"]).values == ["--mode=fast"])
        // A value option's value is never taken for a subcommand or positional.
        #expect(engine().complete(["run", "--name", "remote", ""]).values.isEmpty)
    }

    @Test func dynamicValuesAreAskedWithThePathAndPositionals() {
        let asked = Asked()
        let result = engine(asked).complete(["rate", "ap"])
        #expect(result.values == ["apple", "apricot"], "filtered by prefix, duplicates once")
        #expect(asked.requests == [CompletionRequest(path: ["tool", "rate"], positionals: [], prefix: "ap")])
        #expect(engine().complete(["rate", "apple", ""]).values == ["1", "2", "3"])
        #expect(engine().complete(["rate", "--room", "Liv"]).values == ["Living Room"])
    }

    @Test func filesAndFoldersAreLeftToTheShell() {
        let result = engine().complete(["rate", "--file", ""])
        #expect(result.paths == .files(extensions: ["txt"]))
        #expect(result.protocolText == ":files:txt\n")
    }

    @Test func theProtocolDropsValuesAShellCannotOfferAndEscapesDescriptions() {
        let text = engine().complete(["rate", ""]).protocolText
        #expect(text == ":none\napple\tA fruit.\napricot\n")
        let described = CompletionResult(candidates: [CompletionCandidate("x", "evil\u{1B}]0;title\u{07}\tdesc")]).protocolText
        #expect(!described.contains("\u{1B}"))
        #expect(described.components(separatedBy: "\t").count == 2)
    }

    @Test func aSlowProviderIsCutOffAtItsTimeBound() {
        let started = Date()
        let result = engine(timeLimit: 0.2, delay: 2).complete(["rate", ""])
        #expect(result.candidates.isEmpty)
        #expect(Date().timeIntervalSince(started) < 1.5)
    }

    @Test func afterDoubleDashOnlyPositionals() {
        #expect(engine().complete(["rate", "--", "-"]).values.isEmpty)
        #expect(engine().complete(["rate", "--", "ap"]).values == ["apple", "apricot"])
    }

    @Test func theScriptsCallBackIntoTheProgram() throws {
        for shell in CompletionScripts.shells {
            let script = try #require(CompletionScripts.script(for: shell, program: "tool"))
            #expect(script.contains("tool __complete"), "\(shell)")
        }
        #expect(CompletionScripts.script(for: "tcsh", program: "tool") == nil)
        #expect(CompletionScripts.script(for: "zsh", program: "tool")!.hasPrefix("#compdef tool\n"))
    }
}
