import SusiBasics
/// A parse failure, with the command path it happened at so the host can
/// print that command's usage.
public struct ParseError: Error, Equatable {
    public var usage: UsageError
    /// Names from the root to the command being parsed.
    public var path: [String]
    /// Set when a word did not name a subcommand of a command that takes no
    /// arguments; the host may still find an external `susi-<word>`.
    public var unknownCommand: String?
    /// The words after `unknownCommand`.
    public var remainder: [String]
    /// The global options given before `unknownCommand` (`susi -q --server
    /// URL NAME`), for the external command that may take its place.
    public var globals: ParsedValues

    init(_ usage: UsageError, path: [String], unknownCommand: String? = nil, remainder: [String] = [],
         globals: ParsedValues = ParsedValues()) {
        self.usage = usage
        self.path = path
        self.unknownCommand = unknownCommand
        self.remainder = remainder
        self.globals = globals
    }
}

/// The result of a successful parse.
public struct ParseResult<Context> {
    /// Specs from the root to the invoked command.
    public var path: [CommandSpec<Context>]
    public var invocation: Invocation
    /// The name of a short-circuit option that was given (help, version...).
    /// When set, arguments were not checked.
    public var shortCircuit: String?

    public var command: CommandSpec<Context> { path[path.count - 1] }
}

/// Turns argv into a validated `Invocation` by walking a `CommandSpec` tree.
///
/// Unlike swift-argument-parser, global options are accepted anywhere before
/// `--`, options may be bound to environment variables, and unknown
/// subcommands get suggestions too.
public struct Parser<Context> {
    public var root: CommandSpec<Context>
    public var globalOptions: [OptionSpec]
    public var environment: [String: String]

    public init(root: CommandSpec<Context>, globalOptions: [OptionSpec], environment: [String: String]) {
        self.root = root
        self.globalOptions = globalOptions
        self.environment = environment
    }

    public func parse(_ argv: [String]) throws(ParseError) -> ParseResult<Context> {
        var fallback: Int?
        do {
            return try parse(argv, argumentAt: nil, fallback: &fallback)
        } catch {
            // A subcommand word of a command whose subcommands yield to its
            // arguments, with a rest that does not parse: try it as an argument.
            guard let word = fallback else { throw error }
            var again: Int?
            if let result = try? parse(argv, argumentAt: word, fallback: &again) { return result }
            throw error
        }
    }

    /// `argumentAt`: the index of a word that is an argument even if it names
    /// a subcommand; `fallback` gets the index of a subcommand word that could be one.
    private func parse(_ argv: [String], argumentAt: Int?, fallback: inout Int?) throws(ParseError) -> ParseResult<Context> {
        var state = State(path: [root])
        var index = 0
        var terminated = false

        func failure(_ message: String) -> ParseError {
            ParseError(UsageError(message), path: state.path.map(\.name))
        }

        func nextValue(for option: OptionSpec, flagSpelling: String) throws(ParseError) -> String {
            guard index < argv.count, !looksLikeOption(argv[index], in: state.command) else {
                throw failure("Missing value for '\(optionDisplay(option, spelled: flagSpelling))'.")
            }
            defer { index += 1 }
            return argv[index]
        }

        while index < argv.count {
            let word = argv[index]
            index += 1
            if terminated {
                state.positionals.append(word)
                continue
            }
            if word == "--" {
                terminated = true
                continue
            }
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name: String
                let inline: String?
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inline = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                    inline = nil
                }
                guard let (option, isGlobal, inverted) = lookupLong(name, in: state.command) else {
                    throw failure(unknownOptionMessage("--" + name, in: state.command))
                }
                if option.isFlag {
                    if let inline {
                        guard option.optionalValueName != nil, !inverted else {
                            throw failure("The option '--\(name)' does not take a value, but '\(inline)' was specified.")
                        }
                        state.setFlag(true, option: option, global: isGlobal)
                        try state.setValue(inline, option: option, global: isGlobal, source: .commandLine)
                    } else {
                        state.setFlag(!inverted, option: option, global: isGlobal)
                        if option.optionalValueName != nil, !inverted, index < argv.count,
                           takesSeparatedValue(argv[index], after: state) {
                            try state.setValue(argv[index], option: option, global: isGlobal, source: .commandLine)
                            index += 1
                        }
                    }
                } else {
                    var raw: String
                    if let inline { raw = inline } else { raw = try nextValue(for: option, flagSpelling: "--" + option.name) }
                    try state.setValue(raw, option: option, global: isGlobal, source: .commandLine)
                }
                if option.shortCircuits { state.shortCircuit = state.shortCircuit ?? option.name }
            } else if word.hasPrefix("-"), word.count > 1, !isPositionalDash(word, in: state.command) {
                let letters = Array(word.dropFirst())
                var position = 0
                while position < letters.count {
                    let letter = letters[position]
                    position += 1
                    guard let (option, isGlobal) = lookupShort(letter, in: state.command) else {
                        throw failure(unknownOptionMessage("-\(letter)", in: state.command))
                    }
                    if option.isFlag {
                        state.setFlag(true, option: option, global: isGlobal)
                    } else {
                        let rest = String(letters[position...])
                        position = letters.count
                        var raw = rest
                        if rest.isEmpty { raw = try nextValue(for: option, flagSpelling: "-\(letter)") }
                        try state.setValue(raw, option: option, global: isGlobal, source: .commandLine)
                    }
                    if option.shortCircuits { state.shortCircuit = state.shortCircuit ?? option.name }
                }
            } else {
                let command = state.command
                if state.positionals.isEmpty, !command.subcommands.isEmpty {
                    if let sub = command.subcommand(named: word), index - 1 != argumentAt {
                        if command.subcommandsYieldToArguments { fallback = index - 1 }
                        state.path.append(sub)
                        continue
                    }
                    if command.arguments.isEmpty {
                        if state.shortCircuit != nil { continue }
                        throw ParseError(
                            UsageError(unknownCommandMessage(word, in: state.path)),
                            path: state.path.map(\.name),
                            unknownCommand: word,
                            remainder: Array(argv[index...]),
                            globals: state.globals)
                    }
                }
                state.positionals.append(word)
            }
        }

        if state.shortCircuit == nil {
            let names = state.path.map(\.name)
            let fail = { (message: String) in ParseError(UsageError(message), path: names) }
            try applyEnvironmentAndDefaults(&state, fail: fail)
            try assignArguments(&state, fail: fail)
            for relation in state.command.relations {
                if let message = relation.violation(in: state.values) { throw fail(message) }
            }
        }
        return ParseResult(
            path: state.path,
            invocation: Invocation(path: state.path.map(\.name), values: state.values, globals: state.globals),
            shortCircuit: state.shortCircuit)
    }

    // MARK: - State

    private struct State {
        var path: [CommandSpec<Context>]
        var values = ParsedValues()
        var globals = ParsedValues()
        var positionals: [String] = []
        var shortCircuit: String?

        var command: CommandSpec<Context> { path[path.count - 1] }

        mutating func setFlag(_ value: Bool, option: OptionSpec, global: Bool) {
            if global {
                globals.setFlag(value, for: option.name, from: .commandLine)
            } else {
                values.setFlag(value, for: option.name, from: .commandLine)
            }
        }

        mutating func setValue(
            _ raw: String, option: OptionSpec, global: Bool, source: ValueSource
        ) throws(ParseError) {
            if let problem = option.kind.problem(with: raw) {
                var origin = ""
                if case let .environment(variable) = source { origin = " of \(variable)" }
                throw ParseError(UsageError("The value '\(raw)'\(origin) is invalid for '\(option.display)': \(problem)."
                                            + Parser.suggestion(for: raw, kind: option.kind)),
                                 path: path.map(\.name))
            }
            if global {
                globals.append(raw, for: option.name, from: source, repeating: option.isRepeating)
            } else {
                values.append(raw, for: option.name, from: source, repeating: option.isRepeating)
            }
        }
    }

    // MARK: - Lookup

    private func lookupLong(_ name: String, in command: CommandSpec<Context>) -> (OptionSpec, Bool, Bool)? {
        for (options, isGlobal) in [(command.options, false), (globalOptions, true)] {
            if let option = options.first(where: { $0.name == name }) {
                return (option, isGlobal, false)
            }
            if name.hasPrefix("no-"),
               let option = options.first(where: { $0.isFlag && $0.hasInversion && "no-" + $0.name == name }) {
                return (option, isGlobal, true)
            }
        }
        return nil
    }

    private func lookupShort(_ letter: Character, in command: CommandSpec<Context>) -> (OptionSpec, Bool)? {
        if let option = command.options.first(where: { $0.short == letter }) { return (option, false) }
        if let option = globalOptions.first(where: { $0.short == letter }) { return (option, true) }
        return nil
    }

    /// `-5`, `-0.5` and a lone `-` are values, unless a digit is a short option;
    /// so is any word with a space in it (a quoted query such as "-5 degrees").
    private func isPositionalDash(_ word: String, in command: CommandSpec<Context>) -> Bool {
        if word.contains(" ") { return true }
        guard Double(word) != nil, let first = word.dropFirst().first else { return false }
        return lookupShort(first, in: command) == nil
    }

    /// Whether the word after a flag with an optional value is that value:
    /// a comma-separated list of names always is (`--json name,group`); one
    /// name only where it cannot be an argument or a subcommand (`skills
    /// list --json name`); `rate --json weather 5` keeps `weather` an argument.
    private func takesSeparatedValue(_ word: String, after state: State) -> Bool {
        let items = word.split(separator: ",", omittingEmptySubsequences: false)
        guard items.allSatisfy({ item in
            guard let first = item.first, first.isASCII, first.isLetter else { return false }
            return item.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }) else { return false }
        if items.count > 1 { return true }
        // A bare word where a subcommand may stand names one (or an
        // external command), never the fields: `susi --json NAME`.
        let command = state.command
        return command.arguments.isEmpty && command.subcommands.isEmpty
    }

    private func looksLikeOption(_ word: String, in command: CommandSpec<Context>) -> Bool {
        if word == "--" { return true }
        if word.hasPrefix("--") {
            let name = word.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return lookupLong(name, in: command) != nil
        }
        if word.hasPrefix("-"), word.count == 2, let letter = word.last {
            return lookupShort(letter, in: command) != nil
        }
        return false
    }

    private func optionDisplay(_ option: OptionSpec, spelled: String) -> String {
        guard let valueName = option.valueName else { return spelled }
        return "\(spelled) <\(valueName)>"
    }

    // MARK: - Messages

    private func unknownOptionMessage(_ spelled: String, in command: CommandSpec<Context>) -> String {
        var message = "Unknown option '\(spelled)'."
        let visible = (command.options + globalOptions).filter { !$0.isHidden }
        let candidates: [String]
        if spelled.hasPrefix("--") {
            candidates = visible.flatMap { option -> [String] in
                var names = ["--" + option.name]
                if option.hasInversion { names.append("--no-" + option.name) }
                return names
            }
        } else {
            candidates = visible.compactMap { $0.short.map { "-\($0)" } }
        }
        if spelled.hasPrefix("--"), let best = Suggestions.closest(to: spelled, among: candidates) {
            message += " Did you mean '\(best)'?"
        }
        return message
    }

    private func unknownCommandMessage(_ word: String, in path: [CommandSpec<Context>]) -> String {
        let command = path[path.count - 1]
        let kind = path.count == 1 ? "command" : "subcommand"
        var message = "Unknown \(kind) '\(word)' for '\(path.map(\.name).joined(separator: " "))'."
        let names = command.visibleSubcommands.flatMap { [$0.name] + $0.aliases }
        if let best = Suggestions.closest(to: word, among: names) {
            message += " Did you mean '\(best)'?"
        }
        return message
    }

    // MARK: - After the words

    private func applyEnvironmentAndDefaults(
        _ state: inout State, fail: (String) -> ParseError
    ) throws(ParseError) {
        for (options, isGlobal) in [(state.command.options, false), (globalOptions, true)] {
            for option in options {
                let current = isGlobal ? state.globals : state.values
                if current.isSet(option.name) { continue }
                if let variable = option.environment, let raw = environment[variable], !raw.isEmpty {
                    if option.isFlag {
                        guard let value = Self.boolean(raw) else {
                            throw fail("The value '\(raw)' of \(variable) is invalid for '\(option.display)': expected 1, 0, true, false, yes or no.")
                        }
                        if isGlobal {
                            state.globals.setFlag(value, for: option.name, from: .environment(variable))
                        } else {
                            state.values.setFlag(value, for: option.name, from: .environment(variable))
                        }
                    } else {
                        try state.setValue(raw, option: option, global: isGlobal,
                                           source: .environment(variable))
                    }
                } else if let value = option.defaultValue {
                    try state.setValue(value, option: option, global: isGlobal, source: .defaultValue)
                }
            }
        }
    }

    /// " Did you mean 'x'?" for a near miss among a choice's values.
    static func suggestion(for raw: String, kind: ValueKind) -> String {
        guard let values = kind.allowedValues, let best = Suggestions.closest(to: raw, among: values) else { return "" }
        return " Did you mean '\(best)'?"
    }

    static func boolean(_ raw: String) -> Bool? {
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: return nil
        }
    }

    private func assignArguments(_ state: inout State, fail: (String) -> ParseError) throws(ParseError) {
        var remaining = state.positionals[...]
        for argument in state.command.arguments {
            var taken: [String] = []
            if argument.isRepeating {
                taken = Array(remaining)
                remaining = []
            } else if let word = remaining.popFirst() {
                taken = [word]
            }
            if taken.isEmpty {
                if let value = argument.defaultValue {
                    state.values.append(value, for: argument.name, from: .defaultValue, repeating: false)
                } else if !argument.isOptional {
                    throw fail("Missing expected argument '<\(argument.name)>'.")
                }
                continue
            }
            for word in taken {
                if let problem = argument.kind.problem(with: word) {
                    throw fail("The value '\(word)' is invalid for '<\(argument.name)>': \(problem)."
                               + Self.suggestion(for: word, kind: argument.kind))
                }
                state.values.append(word, for: argument.name, from: .commandLine, repeating: true)
            }
        }
        if !remaining.isEmpty {
            if remaining.count == 1 {
                throw fail("Unexpected argument '\(remaining[remaining.startIndex])'.")
            }
            let list = remaining.map { "'\($0)'" }.joined(separator: ", ")
            throw fail("\(remaining.count) unexpected arguments: \(list).")
        }
    }
}
