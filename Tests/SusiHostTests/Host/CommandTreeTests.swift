import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// The whole command tree, as the binary builds it, checked for what help,
/// completion and man pages rely on.
@Suite struct CommandTreeTests {
    /// Every command with the path that reaches it.
    static func walk(_ command: Command, _ path: [Command] = []) -> [[Command]] {
        let here = path + [command]
        return [here] + command.subcommands.flatMap { walk($0, here) }
    }

    static var tree: Command { SusiApp.program.root }
    static var paths: [[Command]] { walk(tree) }

    @Test func everyCommandOptionAndArgumentHasHelpText() {
        #expect(Self.paths.count > 20)
        for path in Self.paths {
            let command = path.last!
            let name = path.map(\.name).joined(separator: " ")
            #expect(!command.abstract.isEmpty, "\(name) has no abstract")
            #expect(command.abstract.hasSuffix("."), "\(name): the abstract is a sentence")
            for option in command.options {
                #expect(!option.abstract.isEmpty, "\(name) --\(option.name) has no help text")
            }
            for argument in command.arguments {
                #expect(!argument.abstract.isEmpty, "\(name) <\(argument.name)> has no help text")
            }
            // `help` and `completion` are run by the program itself.
            #expect(command.run != nil || !command.subcommands.isEmpty || name == "susi help" || name == "susi completion",
                    "\(name) neither runs nor has subcommands")
        }
    }

    @Test func noNameOrAliasIsTakenTwice() {
        let globals = SusiApp.program.globalOptions
        for path in Self.paths {
            let command = path.last!
            let name = path.map(\.name).joined(separator: " ")
            var words: [String] = []
            for sub in command.subcommands { words += [sub.name] + sub.aliases }
            #expect(Set(words).count == words.count, "\(name): a subcommand name or alias is taken twice: \(words.sorted())")

            let options = command.options + globals
            let longs = options.map(\.name) + options.filter(\.hasInversion).map { "no-" + $0.name }
            #expect(Set(longs).count == longs.count, "\(name): an option name is taken twice (or by a global): \(longs.sorted())")
            let shorts = options.compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "\(name): a short option is taken twice: \(shorts)")
        }
    }

    @Test func relationsNameOptionsTheCommandHas() {
        for path in Self.paths {
            let command = path.last!
            let names = Set(command.options.map(\.name))
            for relation in command.relations {
                for option in relation.names {
                    #expect(names.contains(option), "\(path.map(\.name).joined(separator: " ")): relation names unknown --\(option)")
                }
            }
        }
    }

    /// Every `.dynamic(provider)` answers in a fresh home (the embedded
    /// SUSI with the bundled skills), and a name stands for one provider.
    @Test func everyDynamicCompletionHasAProviderThatAnswers() throws {
        var providers: [String: DynamicCompletion] = [:]
        var attached: [String: [DynamicCompletion]] = [:]
        for path in Self.paths {
            let command = path.last!
            for completion in command.options.map(\.completion) + command.arguments.map(\.completion) {
                if case let .dynamic(provider) = completion {
                    providers[provider.name] = provider
                    attached[provider.name, default: []].append(provider)
                }
            }
        }
        let kinds = Set(providers.keys)
        #expect(kinds.contains("skills"))
        let home = try TemporaryHome()
        let harness = try home.harness()
        let context = Context(io: .captured(), environment: harness.environment, services: SusiApp.makeScope(harness.makers))
        for kind in kinds.sorted() {
            let provider = try #require(providers[kind], "no completion provider for '\(kind)'")
            // The account's devices and stored logins need a login: CompletionProvidersTests checks those.
            if kind == "device-macs" || kind == "accounts" { continue }
            let request = CompletionRequest(path: ["susi"], positionals: kind == "config-values" ? ["color"] : [], prefix: "")
            let values = try provider.candidates(request, context)
            #expect(!values.isEmpty, "the '\(kind)' provider offered nothing")
            // A name stands for one provider: wherever it is attached, it answers alike.
            for other in attached[kind] ?? [] {
                #expect(try other.candidates(request, context) == values, "two '\(kind)' providers")
            }
        }
        // No provider waits in a table for a command to use it: each hangs on its argument or option.
        #expect(kinds.isSuperset(of: ["help-topics", "rooms", "voices", "config-values"]))
    }

    /// Every example in every command's help parses as the command line it shows.
    @Test func everyExampleParses() throws {
        let parser = Parser(root: Self.tree, globalOptions: SusiApp.program.globalOptions, environment: [:])
        var count = 0
        for path in Self.paths {
            for example in path.last!.examples {
                // The susi command of a pipeline (`printf ... | susi chat --json`)
                // or of a substitution (`curl "...$(susi login token)"`).
                var command = example.command.components(separatedBy: " | ").last { $0.hasPrefix("susi ") } ?? example.command
                if let start = command.range(of: "$(susi "), let end = command[start.upperBound...].firstIndex(of: ")") {
                    command = "susi " + command[start.upperBound..<end]
                }
                var words = try ShellWords.split(command)
                // Redirections belong to the shell.
                while let redirect = words.firstIndex(where: { ["<", ">", "2>", ">>"].contains($0) }) {
                    words.removeSubrange(redirect..<min(redirect + 2, words.count))
                }
                #expect(words.first == "susi", "\(example.command)")
                do {
                    let result = try parser.parse(Array(words.dropFirst()))
                    #expect(result.path.count > 1 || result.shortCircuit != nil, "\(example.command) reaches no command")
                } catch {
                    Issue.record("the example '\(example.command)' does not parse: \(error.usage.message)")
                }
                count += 1
            }
        }
        #expect(count > 25)
    }
}

/// Splits a command line the way sh does for the examples' simple quoting.
enum ShellWords {
    struct Unbalanced: Error {}

    static func split(_ line: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { throw Unbalanced() }
        if inWord { words.append(current) }
        return words
    }
}
