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
    public var isHidden: Bool
    public var run: Action?

    public init(
        name: String,
        aliases: [String] = [],
        abstract: String,
        discussion: String = "",
        examples: [Example] = [],
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        subcommands: [CommandSpec<Context>] = [],
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
