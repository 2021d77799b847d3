import SusiBasics
/// Runs a command tree: parses argv, answers help, version and
/// `--dump-help`, dispatches external commands, runs the chosen command and
/// turns every error into a message and an exit status.
public struct Program<Context> {
    public typealias ContextFactory = (IOStreams, [String: String], Invocation) throws -> Context

    public var root: CommandSpec<Context>
    public var version: String
    public var globalOptions: [OptionSpec]
    public var topics: [HelpTopic]
    public var makeContext: ContextFactory
    /// The colour setting from configuration, read only when help or an
    /// error is printed; nil when unset or unreadable.
    public var configuredColor: ([String: String]) -> ColorChoice?
    /// A last look at a command's error with the environment it ran in,
    /// before it is reported (the host adds what only it knows).
    public var refineError: ([String: String], Error) -> Error = { $1 }
    /// Where external commands' `--susi-spec` answers are cached, for an environment.
    public var externalSpecCache: ([String: String]) -> String? = { _ in nil }
    /// Where the PATH directories' external command names are remembered
    /// between runs (`ExternalCommandCache`); nil: every listing reads them.
    public var externalCommandCache: ([String: String]) -> String? = { _ in nil }
    /// The session an external command is run with (server, identity, the
    /// token on request), for the global options given with it; nil runs
    /// it without one.
    public var externalSession: (IOStreams, [String: String], ParsedValues) -> ExternalSession? = { _, _, _ in nil }
    /// Global options every command line gets unless it gives its own
    /// (`ParsedValues.inheriting`): a shell's, for each of its lines.
    public var inheritedGlobals = ParsedValues()
    /// Global options that override one another, so a line that gives one
    /// inherits none of its group.
    public var linkedGlobals: [[String]] = []

    public static var helpOption: OptionSpec {
        .flag("help", short: "h", "Show help information.", shortCircuits: true)
    }
    public static var versionOption: OptionSpec {
        .flag("version", "Show the version.", shortCircuits: true)
    }
    public static var dumpHelpOption: OptionSpec {
        .flag("dump-help", "Print the whole command tree as versioned JSON.", isHidden: true, shortCircuits: true)
    }

    public init(
        root: CommandSpec<Context>,
        version: String,
        globalOptions: [OptionSpec],
        topics: [HelpTopic],
        helpExamples: [Example] = [],
        configuredColor: @escaping ([String: String]) -> ColorChoice? = { _ in nil },
        helpCompletion: DynamicCompletion? = nil,
        makeContext: @escaping ContextFactory
    ) {
        var tree = root
        tree.subcommands.append(Self.completionCommand(program: root.name))
        tree.subcommands.append(Self.helpCommand(root: root, topics: topics, examples: helpExamples, completion: helpCompletion))
        self.root = tree
        self.version = version
        self.globalOptions = globalOptions + [Self.helpOption, Self.versionOption, Self.dumpHelpOption]
        self.topics = topics
        self.configuredColor = configuredColor
        self.makeContext = makeContext
    }

    /// `help`; `completion` offers its topics (the program's own: it knows them).
    private static func helpCommand(root: CommandSpec<Context>, topics: [HelpTopic], examples: [Example],
                                    completion: DynamicCompletion?) -> CommandSpec<Context> {
        CommandSpec(
            name: "help",
            abstract: "Show help for a command or a help topic.",
            discussion: "'\(root.name) help <command> ...' is the same as '\(root.name) <command> ... --help'.",
            examples: examples,
            arguments: [ArgumentSpec("topic", "A command path or a help topic.", isOptional: true,
                                     isRepeating: true, completion: completion.map(CompletionKind.dynamic) ?? CompletionKind.none)])
    }

    /// The whole tree as `--dump-help` JSON describes it.
    public var toolInfo: ToolInfo {
        ToolInfo(root: root, version: version, globalOptions: globalOptions, topics: topics)
    }

    // MARK: - Running

    /// Runs `arguments` (argv without the program name) and returns the exit
    /// status. Statuses are Int32 rather than ExitCode because an external
    /// command's own status (any number) is passed through unchanged.
    public func run(_ arguments: [String], io: IOStreams, environment: [String: String]) -> Int32 {
        let status = execute(arguments, io: io, environment: environment)
        io.flush()
        return status
    }

    private func execute(_ arguments: [String], io: IOStreams, environment: [String: String]) -> Int32 {
        if arguments.first == Self.completeWord {
            let words = Array(arguments.dropFirst())
            let engine = completionEngine(environment: environment, externals: !completesInsideBuiltin(words))
            io.stdout.write(engine.complete(words).protocolText)
            return ExitCode.success.rawValue
        }
        let parser = Parser(root: root, globalOptions: globalOptions, environment: environment)
        let parsed: ParseResult<Context>
        do {
            parsed = try parser.parse(arguments)
        } catch {
            if let word = error.unknownCommand, error.path.count == 1,
               let external = ExternalCommands.locate(word, program: root.name, environment: environment,
                                                      builtins: builtinNames) {
                if Self.asksForHelp(error.remainder),
                   let spec = externalSpec(external, io: io, environment: environment) {
                    let words = error.remainder.prefix { $0 != "--" }.filter { !$0.hasPrefix("-") }
                    return externalHelp(spec, words: Array(words), io: io, environment: environment, arguments: arguments)
                }
                let globals = error.globals.inheriting(inheritedGlobals, linked: linkedGlobals)
                return ExternalCommands.run(external, arguments: error.remainder, io: io, environment: environment,
                                            session: externalSession(io, environment, globals))
            }
            reportUsage(error.usage, path: resolve(error.path), io: io, environment: environment, arguments: arguments)
            return ExitCode.usage.rawValue
        }

        var invocation = parsed.invocation
        invocation.globals = invocation.globals.inheriting(inheritedGlobals, linked: linkedGlobals)
        switch parsed.shortCircuit {
        case "help"?:
            io.stdout.write(helpText(for: parsed.path, io: io, environment: environment, arguments: arguments))
            return ExitCode.success.rawValue
        case "version"?:
            guard invocation.globals.isSet("json") else {
                io.stdout.line("\(root.name) \(version)")
                return ExitCode.success.rawValue
            }
            do {
                io.stdout.write(try JSONOutput.encode(["name": root.name, "version": version]))
                return ExitCode.success.rawValue
            } catch {
                return report(error, path: parsed.path, io: io, environment: environment, arguments: arguments)
            }
        case "dump-help"?:
            do {
                // Under a command, that command's subtree.
                io.stdout.write(try JSONOutput.encode(ToolInfo(path: parsed.path, version: version,
                                                               globalOptions: globalOptions, topics: topics)))
                return ExitCode.success.rawValue
            } catch {
                return report(error, path: parsed.path, io: io, environment: environment, arguments: arguments)
            }
        default:
            break
        }

        if parsed.path.count == 2, parsed.command.name == "completion", let shell = invocation.values.string("shell"),
           let script = CompletionScripts.script(for: shell, program: root.name) {
            io.stdout.write(script)
            return ExitCode.success.rawValue
        }
        if parsed.path.count == 2, parsed.command.name == "help" {
            return showHelp(topic: invocation.values.strings("topic"), json: invocation.globals.isSet("json"),
                            io: io, environment: environment, arguments: arguments)
        }
        guard let action = parsed.command.run else {
            io.stdout.write(helpText(for: parsed.path, io: io, environment: environment, arguments: arguments))
            return ExitCode.success.rawValue
        }
        do {
            let context = try makeContext(io, environment, invocation)
            try action(invocation, context)
            return ExitCode.success.rawValue
        } catch {
            return report(refineError(environment, error), path: parsed.path, io: io, environment: environment,
                          arguments: arguments)
        }
    }

    private var builtinNames: Set<String> {
        Set(root.subcommands.flatMap { [$0.name] + $0.aliases })
    }

    /// Specs for a path of names; stops at the first name it cannot find.
    private func resolve(_ names: [String]) -> [CommandSpec<Context>] {
        var path = [root]
        for name in names.dropFirst() {
            guard let next = path[path.count - 1].subcommand(named: name) else { break }
            path.append(next)
        }
        return path
    }

    // MARK: - Help

    private func renderer(io: IOStreams, environment: [String: String], arguments: [String],
                          forErrors: Bool = false) -> HelpRenderer<Context> {
        let stream = forErrors ? io.stderr : io.stdout
        let flag = Self.colorFlag(in: arguments)
        let enabled = TerminalInfo.colorEnabled(flag: flag, configured: flag == nil ? configuredColor(environment) : nil,
                                                environment: environment, isTTY: stream.isTTY)
        return HelpRenderer(globalOptions: globalOptions,
                            width: TerminalInfo.width(environment: environment, stdout: io.stdout),
                            style: Style(enabled: enabled))
    }

    /// `--color` read straight from argv, for the messages printed before or
    /// without a successful parse.
    static func colorFlag(in arguments: [String]) -> ColorChoice? {
        var found: ColorChoice?
        for (index, word) in arguments.enumerated() {
            if word == "--" { break }
            if word.hasPrefix("--color=") {
                found = ColorChoice(rawValue: String(word.dropFirst("--color=".count))) ?? found
            } else if word == "--color", index + 1 < arguments.count {
                found = ColorChoice(rawValue: arguments[index + 1]) ?? found
            }
        }
        return found
    }

    private func helpText(for path: [CommandSpec<Context>], io: IOStreams, environment: [String: String],
                          arguments: [String]) -> String {
        let isRoot = path.count == 1
        var externals = isRoot
            ? ExternalCommands.list(program: root.name, environment: environment, builtins: builtinNames,
                                    cacheFile: externalCommandCache(environment))
            : []
        if !externals.isEmpty {
            // A command with a spec is listed with its own abstract.
            let specs = ExternalSpecs(cacheFile: externalSpecCache(environment))
            externals = externals.map { external in
                guard case let .success(spec?) = specs.spec(for: external, environment: environment), !spec.abstract.isEmpty else {
                    return external
                }
                return ExternalCommand(name: external.name, path: external.path, abstract: spec.abstract)
            }
        }
        return renderer(io: io, environment: environment, arguments: arguments)
            .render(path, externals: externals, topics: isRoot ? topics : [])
    }

    private func showHelp(topic words: [String], json: Bool = false, io: IOStreams, environment: [String: String],
                          arguments: [String]) -> Int32 {
        if let first = words.first, words.count == 1, let topic = topics.first(where: { $0.name == first }) {
            guard json else {
                io.stdout.write(topic.render(TerminalInfo.width(environment: environment, stdout: io.stdout), environment))
                return ExitCode.success.rawValue
            }
            do {
                io.stdout.write(try topic.json(environment))
                return ExitCode.success.rawValue
            } catch {
                return report(error, path: [root], io: io, environment: environment, arguments: arguments)
            }
        }
        var path = [root]
        for word in words {
            guard let next = path[path.count - 1].subcommand(named: word) else {
                if path.count == 1, let external = ExternalCommands.locate(
                    word, program: root.name, environment: environment, builtins: builtinNames) {
                    if let spec = externalSpec(external, io: io, environment: environment) {
                        return externalHelp(spec, words: Array(words.dropFirst()), io: io, environment: environment,
                                            arguments: arguments)
                    }
                    return ExternalCommands.run(external, arguments: ["--help"], io: io, environment: environment)
                }
                let names = path[path.count - 1].visibleSubcommands.flatMap { [$0.name] + $0.aliases }
                    + (path.count == 1 ? topics.map(\.name) : [])
                var message = "No help for '\((path.dropFirst().map(\.name) + [word]).joined(separator: " "))': no such command or topic."
                if let best = Suggestions.closest(to: word, among: names) { message += " Did you mean '\(best)'?" }
                let helpPath = [root, root.subcommands.last!]
                reportUsage(UsageError(message), path: helpPath, io: io, environment: environment, arguments: arguments)
                return ExitCode.usage.rawValue
            }
            path.append(next)
        }
        io.stdout.write(helpText(for: path, io: io, environment: environment, arguments: arguments))
        return ExitCode.success.rawValue
    }

    // MARK: - External commands

    /// The whole tree with the external commands on PATH in it: those with a
    /// spec as their spec describes them, the others as a bare name taking
    /// any arguments. For the shell and completion, which walk the tree;
    /// running one still goes through `run` (the host runs the program).
    public func tree(environment: [String: String]) -> CommandSpec<Context> {
        var tree = root
        let specs = ExternalSpecs(cacheFile: externalSpecCache(environment))
        for external in ExternalCommands.list(program: root.name, environment: environment, builtins: builtinNames,
                                              cacheFile: externalCommandCache(environment)) {
            if case let .success(spec?) = specs.spec(for: external, environment: environment) {
                tree.subcommands.append(spec.command())
            } else {
                tree.subcommands.append(Self.bare(external))
            }
        }
        return tree
    }

    static func bare(_ external: ExternalCommand) -> CommandSpec<Context> {
        CommandSpec(name: external.name, abstract: "Runs \(external.path)",
                    arguments: [ArgumentSpec("arguments", "Passed to the command as they are.", isOptional: true, isRepeating: true)])
    }

    /// `-h` or `--help` before any `--`.
    static func asksForHelp(_ words: [String]) -> Bool {
        words.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    }

    /// The command's spec; a spec that is there but invalid is reported as a
    /// warning (the command then answers help itself).
    private func externalSpec(_ external: ExternalCommand, io: IOStreams, environment: [String: String]) -> ExternalSpec? {
        switch ExternalSpecs(cacheFile: externalSpecCache(environment)).spec(for: external, environment: environment) {
        case let .success(spec):
            return spec
        case let .failure(refusal):
            io.stderr.line("warning: Ignoring the spec of \(external.path): \(refusal.description).")
            return nil
        }
    }

    /// Help for an external command from its spec, for the subcommand the words name.
    private func externalHelp(_ spec: ExternalSpec, words: [String], io: IOStreams, environment: [String: String],
                              arguments: [String]) -> Int32 {
        var path: [CommandSpec<Context>] = [root, spec.command()]
        for word in words {
            guard let next = path[path.count - 1].subcommand(named: word) else { break }
            path.append(next)
        }
        io.stdout.write(helpText(for: path, io: io, environment: environment, arguments: arguments))
        return ExitCode.success.rawValue
    }

    // MARK: - Errors

    private func reportUsage(_ error: UsageError, path: [CommandSpec<Context>], io: IOStreams,
                             environment: [String: String], arguments: [String]) {
        let help = renderer(io: io, environment: environment, arguments: arguments, forErrors: true)
        io.stdout.flush()
        var text = help.style.red(help.style.bold("error:")) + " " + UntrustedText.line(FullStops.collapsed(URLText.withoutUserinfo(error.message))) + "\n"
        if let hint = error.hint { text += UntrustedText.escape(FullStops.collapsed(URLText.withoutUserinfo(hint))) + "\n" }
        let usage = help.usage(path)
        text += "Usage: " + usage[0] + "\n"
        for line in usage.dropFirst() { text += "       " + line + "\n" }
        text += "  See '\(path.map(\.name).joined(separator: " ")) --help' for more information.\n"
        io.stderr.write(text)
    }

    private func report(_ error: Error, path: [CommandSpec<Context>], io: IOStreams,
                        environment: [String: String], arguments: [String]) -> Int32 {
        if let silent = error as? SilentExit { return silent.status }
        if let usage = error as? UsageError {
            reportUsage(usage, path: path, io: io, environment: environment, arguments: arguments)
            return ExitCode.usage.rawValue
        }
        if let input = error as? RefusedValue {
            reportUsage(UsageError(input.message, hint: input.hint), path: path, io: io, environment: environment, arguments: arguments)
            return ExitCode.usage.rawValue
        }
        let style = renderer(io: io, environment: environment, arguments: arguments, forErrors: true).style
        io.stdout.flush()
        let label = style.red(style.bold("error:"))
        if let reportable = error as? ReportableError {
            // Messages carry outside text (a server's words, a file name): one escaped line.
            io.stderr.line(label + " " + UntrustedText.line(FullStops.collapsed(URLText.withoutUserinfo(reportable.message))))
            if let hint = reportable.hint { io.stderr.line(UntrustedText.escape(FullStops.collapsed(URLText.withoutUserinfo(hint)))) }
            return reportable.exitCode.rawValue
        }
        // An error no layer made reportable is susi's own fault: 70, as README lists.
        io.stderr.line(label + " " + UntrustedText.line(URLText.withoutUserinfo(String(describing: error))))
        return ExitCode.software.rawValue
    }
}
