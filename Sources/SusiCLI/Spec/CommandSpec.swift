/// A command described as data. Parsing, help, usage errors, `--dump-help`
/// and (later) completion and man pages are all rendered from this tree, so
/// nothing about a command is written twice.
///
/// `Context` is whatever the host hands to `run`; the framework never looks
/// inside it, which keeps SusiCLI free of anything SUSI-specific.
public struct CommandSpec<Context> {
    public typealias Action = (Invocation, Context) throws -> Void

    public var name: String
    public var aliases: [String]
    public var abstract: String
    public var discussion: String
    public var examples: [Example]
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    public var subcommands: [CommandSpec<Context>]
    /// Rules between this command's options (exclusive, requires).
    public var relations: [OptionRelation]
    public var isHidden: Bool
    public var run: Action?
    /// For a command that takes arguments as well as subcommands (`susi
    /// chat`): a subcommand word is a subcommand only when the rest of the
    /// line parses for it; otherwise the whole line is this command's
    /// arguments (decision 0440). When neither parses, the subcommand's error stands.
    public var subcommandsYieldToArguments = false

    public init(
        name: String,
        aliases: [String] = [],
        abstract: String,
        discussion: String = "",
        examples: [Example] = [],
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        subcommands: [CommandSpec<Context>] = [],
        relations: [OptionRelation] = [],
        isHidden: Bool = false,
        run: Action? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.relations = relations
        self.isHidden = isHidden
        self.run = run
    }

    /// True when `word` names this command or one of its aliases.
    public func answers(to word: String) -> Bool {
        name == word || aliases.contains(word)
    }

    public func subcommand(named word: String) -> CommandSpec<Context>? {
        subcommands.first { $0.answers(to: word) }
    }

    public var visibleSubcommands: [CommandSpec<Context>] {
        subcommands.filter { !$0.isHidden }
    }

    /// This tree with `command` added under the command at `path` (names
    /// below this one; empty for this command itself), so that one
    /// definition (spec and run) answers at more than one place, e.g.
    /// `susi rate` and `susi skills rate`. Throws when the path does not
    /// exist or a name or alias there is taken.
    public func grafting(_ command: CommandSpec<Context>, under path: [String]) throws(GraftError) -> CommandSpec<Context> {
        var copy = self
        guard let first = path.first else {
            let words = [command.name] + command.aliases
            if let clash = subcommands.first(where: { sub in words.contains(where: sub.answers(to:)) }) {
                throw GraftError(message: "'\(name) \(command.name)' clashes with '\(name) \(clash.name)'.")
            }
            copy.subcommands.append(command)
            return copy
        }
        guard let index = subcommands.firstIndex(where: { $0.name == first }) else {
            throw GraftError(message: "'\(name)' has no subcommand '\(first)' to put '\(command.name)' under.")
        }
        copy.subcommands[index] = try subcommands[index].grafting(command, under: Array(path.dropFirst()))
        return copy
    }
}

/// Why a command could not be placed at a second path.
public struct GraftError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// One worked example shown under EXAMPLES in help and in man pages.
public struct Example: Sendable, Equatable {
    public var command: String
    public var explanation: String

    public init(_ command: String, _ explanation: String) {
        self.command = command
        self.explanation = explanation
    }
}
