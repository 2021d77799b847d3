@testable import SusiCLI

/// A small made-up command tree, independent of susi's own commands, so the
/// parser is tested against exactly the features it has to support.
enum Fixture {
    static var run: CommandSpec<Void> { CommandSpec(
        name: "run", aliases: ["r"], abstract: "Run a target.",
        arguments: [ArgumentSpec("target", "What to run.")],
        options: [
            .value("name", short: "n", "name", "A name."),
            .value("count", short: "c", "n", "How many.", kind: .integer(min: 1, max: 10)),
            .value("mode", "mode", "How to run.", kind: .choice(["fast", "slow"]), default: "fast"),
            .value("tag", short: "t", "tag", "A tag; repeat for more.", isRepeating: true),
            .flag("verify", "Verify the result.", hasInversion: true),
            .flag("force", short: "f", "Do it anyway."),
            .value("level", "n", "Log level.", kind: .integer(min: 0, max: 5), environment: "TOOL_LEVEL"),
            .flag("dry-run", "Only pretend.", environment: "TOOL_DRY_RUN"),
        ])
    }

    static var add: CommandSpec<Void> { CommandSpec(
        name: "add", abstract: "Add numbers.",
        arguments: [ArgumentSpec("numbers", "The numbers.", kind: .integer(), isRepeating: true)])
    }

    static var show: CommandSpec<Void> { CommandSpec(
        name: "show", abstract: "Show one item.",
        arguments: [ArgumentSpec("item", "The item.")])
    }

    static var remote: CommandSpec<Void> { CommandSpec(
        name: "remote", abstract: "Manage remotes.",
        subcommands: [
            CommandSpec(name: "add", abstract: "Add a remote.", arguments: [ArgumentSpec("url", "Where.")]),
            CommandSpec(name: "remove", aliases: ["rm"], abstract: "Remove a remote.",
                        arguments: [ArgumentSpec("url", "Where.")]),
        ])
    }

    static var root: CommandSpec<Void> { CommandSpec(name: "tool", abstract: "A made-up tool.",
                                        subcommands: [run, add, show, remote])
    }

    static let globals: [OptionSpec] = [
        .flag("json", "Print JSON."),
        .flag("quiet", short: "q", "Be quiet."),
        .flag("verbose", short: "v", "Be loud."),
        .value("server", "url", "Which server."),
        .flag("help", short: "h", "Show help.", shortCircuits: true),
    ]

    static func parser(_ environment: [String: String] = [:]) -> Parser<Void> {
        Parser(root: root, globalOptions: globals, environment: environment)
    }

    static func parse(_ argv: [String], environment: [String: String] = [:]) throws(ParseError) -> ParseResult<Void> {
        try parser(environment).parse(argv)
    }

    /// The parse error's message, or nil when the line parsed.
    static func errorMessage(_ argv: [String], environment: [String: String] = [:]) -> String? {
        do {
            _ = try parse(argv, environment: environment)
            return nil
        } catch {
            return error.usage.message
        }
    }
}
