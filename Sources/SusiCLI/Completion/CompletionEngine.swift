import Foundation
import SusiBasics

/// One value a shell may offer, with a short description (zsh and fish show it).
public struct CompletionCandidate: Sendable, Equatable {
    public var value: String
    public var description: String

    public init(_ value: String, _ description: String = "") {
        self.value = value
        self.description = description
    }
}

/// What a dynamic provider is asked: where on the command line the value goes.
public struct CompletionRequest: Sendable, Equatable {
    /// Command names from the root to the command being completed.
    public var path: [String]
    /// The positional words already given to that command.
    public var positionals: [String]
    /// The word being completed, as typed so far.
    public var prefix: String

    public init(path: [String], positionals: [String], prefix: String) {
        self.path = path
        self.positionals = positionals
        self.prefix = prefix
    }
}

/// The engine's answer: candidates, and whether the shell should also
/// offer files (with these extensions; empty: any) or folders.
public struct CompletionResult: Sendable, Equatable {
    public enum Paths: Sendable, Equatable {
        case files(extensions: [String])
        case directories
    }

    public var candidates: [CompletionCandidate]
    public var paths: Paths?

    public init(candidates: [CompletionCandidate] = [], paths: Paths? = nil) {
        self.candidates = candidates
        self.paths = paths
    }

    public var values: [String] { candidates.map(\.value) }

    /// The `__complete` protocol: a first line with the directive (`:none`,
    /// `:files:txt,wav`, `:dirs`), then one `value<TAB>description` line per
    /// candidate. Values with a control character are left out (a shell
    /// cannot offer them safely), descriptions are one escaped line.
    public var protocolText: String {
        var text: String
        switch paths {
        case nil: text = ":none\n"
        case let .files(extensions)?: text = ":files:" + extensions.joined(separator: ",") + "\n"
        case .directories?: text = ":dirs\n"
        }
        for candidate in candidates where CompletionResult.isOfferable(candidate.value) {
            text += candidate.value
            var description = UntrustedText.line(candidate.description)
            // A tab would end the description: a space instead (tested on
            // UTF-8 first, as Foundation's replacing costs a Tab a fiftieth).
            if description.utf8.contains(9) {
                description = String(String.UnicodeScalarView(description.unicodeScalars.map { $0 == "\t" ? " " : $0 }))
            }
            if !description.isEmpty { text += "\t" + description }
            text += "\n"
        }
        return text
    }

    /// A value a shell can insert as it is: not empty, no control,
    /// invisible or direction character (UntrustedText.needsEscape), which
    /// would show the command line other than it runs.
    public static func isOfferable(_ value: String) -> Bool {
        !value.isEmpty && !value.unicodeScalars.contains(where: UntrustedText.needsEscape)
    }
}

/// Completes a command line by walking the command tree: subcommands and
/// aliases, options after `-`, option and argument values from their
/// `CompletionKind`, dynamic values from a provider (asked with a time
/// bound), and external commands as bare names. It never parses strictly:
/// an unknown word is taken as a positional and completion goes on.
public struct CompletionEngine<Context> {
    /// Answers `CompletionKind.dynamic(completion)`, usually by asking the
    /// completion with a context; nil or a throw offers nothing.
    public typealias Provider = (_ completion: DynamicCompletion, _ request: CompletionRequest) throws -> [CompletionCandidate]?

    public var root: CommandSpec<Context>
    public var globalOptions: [OptionSpec]
    /// Names of external commands (`susi-NAME` on PATH), asked only when
    /// the first word is completed.
    public var externals: () -> [String]
    public var provider: Provider
    /// How long a provider may take before its answer is dropped.
    public var timeLimit: TimeInterval

    public init(root: CommandSpec<Context>, globalOptions: [OptionSpec], externals: @escaping () -> [String] = { [] },
                timeLimit: TimeInterval = 1, provider: @escaping Provider = { _, _ in nil }) {
        self.root = root
        self.globalOptions = globalOptions
        self.externals = externals
        self.timeLimit = timeLimit
        self.provider = provider
    }

    /// Completes the last of `words` (the words after the program name; the
    /// last one is the word under the cursor, empty after a space).
    public func complete(_ words: [String]) -> CompletionResult {
        let current = words.last ?? ""
        var path = [root]
        var positionals: [String] = []
        var terminated = false
        var used = Set<String>()
        var pendingValue: OptionSpec?

        for word in words.dropLast() {
            if let option = pendingValue {
                pendingValue = nil
                used.insert(option.name)
                continue
            }
            if terminated {
                positionals.append(word)
                continue
            }
            if word == "--" {
                terminated = true
                continue
            }
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                if let option = option(named: name, in: path) {
                    used.insert(option.name)
                    if !option.isFlag && !body.contains("=") { pendingValue = option }
                }
                continue
            }
            if word.hasPrefix("-"), word.count > 1, Double(word) == nil {
                for (offset, letter) in word.dropFirst().enumerated() {
                    guard let option = shortOption(letter, in: path) else { break }
                    used.insert(option.name)
                    if !option.isFlag {
                        if offset == word.count - 2 { pendingValue = option }
                        break
                    }
                }
                continue
            }
            let command = path[path.count - 1]
            if positionals.isEmpty, let next = command.subcommand(named: word) {
                path.append(next)
                used.removeAll()
            } else {
                positionals.append(word)
            }
        }

        let names = path.map(\.name)
        let request = { (prefix: String) in CompletionRequest(path: names, positionals: positionals, prefix: prefix) }
        if let option = pendingValue {
            return values(option.completion, request(current), prefix: current)
        }
        if !terminated, current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            let name = String(current[current.index(current.startIndex, offsetBy: 2)..<equals])
            guard let option = option(named: name, in: path), !option.isFlag else { return CompletionResult() }
            let valuePrefix = String(current[current.index(after: equals)...])
            var result = values(option.completion, request(valuePrefix), prefix: valuePrefix)
            let head = String(current[...equals])
            result.candidates = result.candidates.map { CompletionCandidate(head + $0.value, $0.description) }
            return result
        }
        if !terminated, current.hasPrefix("-") {
            return CompletionResult(candidates: options(for: path, used: used).filter { $0.value.hasPrefix(current) })
        }

        let command = path[path.count - 1]
        var result = CompletionResult()
        if positionals.isEmpty {
            for sub in command.visibleSubcommands {
                result.candidates.append(CompletionCandidate(sub.name, sub.abstract))
                for alias in sub.aliases { result.candidates.append(CompletionCandidate(alias, sub.abstract)) }
            }
            if path.count == 1 {
                let taken = Set(result.candidates.map(\.value))
                for name in externals() where !taken.contains(name) {
                    result.candidates.append(CompletionCandidate(name, "external command"))
                }
            }
        }
        // Command names match exactly; values (already filtered) in any case.
        result.candidates = result.candidates.filter { $0.value.hasPrefix(current) }
        if let argument = argument(at: positionals.count, of: command) {
            let more = values(argument.completion, request(current), prefix: current)
            result.candidates += more.candidates
            result.paths = more.paths
        }
        return result
    }

    // MARK: - The tree

    private func option(named name: String, in path: [CommandSpec<Context>]) -> OptionSpec? {
        let all = path[path.count - 1].options + globalOptions
        if let exact = all.first(where: { $0.name == name }) { return exact }
        if name.hasPrefix("no-") {
            return all.first { $0.hasInversion && $0.name == name.dropFirst(3) }
        }
        return nil
    }

    private func shortOption(_ letter: Character, in path: [CommandSpec<Context>]) -> OptionSpec? {
        (path[path.count - 1].options + globalOptions).first { $0.short == letter }
    }

    /// The command's own options first, then the global ones; options
    /// already given are left out unless they repeat.
    private func options(for path: [CommandSpec<Context>], used: Set<String>) -> [CompletionCandidate] {
        var seen = Set<String>()
        var candidates: [CompletionCandidate] = []
        for option in path[path.count - 1].options + globalOptions where !option.isHidden {
            guard seen.insert(option.name).inserted, option.isRepeating || !used.contains(option.name) else { continue }
            candidates.append(CompletionCandidate("--" + option.name, option.abstract))
            if option.hasInversion { candidates.append(CompletionCandidate("--no-" + option.name, option.abstract)) }
        }
        return candidates
    }

    private func argument(at index: Int, of command: CommandSpec<Context>) -> ArgumentSpec? {
        if index < command.arguments.count { return command.arguments[index] }
        if let last = command.arguments.last, last.isRepeating { return last }
        return nil
    }

    private func values(_ kind: CompletionKind, _ request: CompletionRequest, prefix: String) -> CompletionResult {
        switch kind {
        case .none:
            return CompletionResult()
        case let .values(values):
            return CompletionResult(candidates: values.filter { Self.matches($0, prefix) }.map { CompletionCandidate($0) })
        case let .file(extensions):
            return CompletionResult(paths: .files(extensions: extensions))
        case .directory:
            return CompletionResult(paths: .directories)
        case let .dynamic(completion):
            let provider = self.provider
            let found = Bounded.run(within: timeLimit) { try? provider(completion, request) } ?? nil
            var seen = Set<String>()
            let candidates = (found ?? []).filter { Self.matches($0.value, prefix) && seen.insert($0.value).inserted }
            return CompletionResult(candidates: candidates)
        }
    }

    /// A value matches what was typed in any case ("en-g" finds "en-GB"),
    /// as the shells' own case-insensitive completion does.
    static func matches(_ value: String, _ prefix: String) -> Bool {
        value.hasPrefix(prefix) || value.lowercased().hasPrefix(prefix.lowercased())
    }
}

/// Runs work on another thread and waits at most a time limit for it: a
/// completion provider that hangs (a locked database, a slow disk) must not
/// hang the shell. A late answer is dropped.
enum Bounded {
    final class Box<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T?
        func set(_ value: T) { lock.withLock { stored = value } }
        var value: T? { lock.withLock { stored } }
    }

    static func run<T>(within seconds: TimeInterval, _ body: @escaping () -> T) -> T? {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let work = UncheckedSendable(body)
        let thread = Thread {
            box.set(work.value())
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.value
    }
}

struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
