// libFuzzer target: the command framework's host loop (Parser, usage errors,
// suggestions, help and --dump-help) over a made-up command tree.
// Input: argv words, one a line; leading `@NAME=value` lines set the environment
// (COLUMNS, the options' variables); PATH is never taken from the input.
@_spi(Parsing) import SusiCLI

private enum Tree {
    static func check(_ invocation: Invocation) {
        let values = invocation.values
        if values.isSet("count") {
            precondition((1...10).contains(values.int("count") ?? 0), "count outside its range")
        }
        if values.isSet("ratio") {
            precondition(values.double("ratio").map { $0.isFinite && $0 >= 0 && $0 <= 1 } ?? false, "ratio outside its range")
        }
        if values.isSet("mode") {
            precondition(["fast", "slow"].contains(values.string("mode") ?? ""), "mode outside its choices")
        }
        for number in values.strings("numbers") {
            precondition(Int(number) != nil, "a non-integer positional passed")
        }
    }

    static let action: CommandSpec<Void>.Action = { invocation, _ in check(invocation) }

    static var root: CommandSpec<Void> {
        CommandSpec(name: "tool", abstract: "A made-up tool.", discussion: "It exists to be fuzzed.",
                    examples: [Example("tool run x --count 3", "Run x three times.")],
                    subcommands: [
                        CommandSpec(name: "run", aliases: ["r"], abstract: "Run a target.",
                                    arguments: [ArgumentSpec("target", "What to run."),
                                                ArgumentSpec("extra", "More.", isOptional: true, default: "none")],
                                    options: [
                                        .value("name", short: "n", "name", "A name."),
                                        .value("count", short: "c", "n", "How many.", kind: .integer(min: 1, max: 10)),
                                        .value("ratio", "r", "A share.", kind: .number(min: 0, max: 1)),
                                        .value("mode", "mode", "How.", kind: .choice(["fast", "slow"]), default: "fast"),
                                        .value("tag", short: "t", "tag", "Repeatable.", isRepeating: true),
                                        .flag("verify", "Verify.", hasInversion: true),
                                        .flag("force", short: "f", "Anyway."),
                                        .value("level", "n", "Level.", kind: .integer(min: 0, max: 5), environment: "TOOL_LEVEL"),
                                        .flag("dry-run", "Pretend.", environment: "TOOL_DRY_RUN"),
                                        .value("secret", "s", "Hidden.", isHidden: true),
                                    ], run: action),
                        CommandSpec(name: "add", abstract: "Add numbers.",
                                    arguments: [ArgumentSpec("numbers", "The numbers.", kind: .integer(), isRepeating: true)],
                                    run: action),
                        CommandSpec(name: "remote", abstract: "Manage remotes.", subcommands: [
                            CommandSpec(name: "add", abstract: "Add a remote.", arguments: [ArgumentSpec("url", "Where.")],
                                        run: action),
                            CommandSpec(name: "remove", aliases: ["rm"], abstract: "Remove a remote.",
                                        arguments: [ArgumentSpec("url", "Where.")], run: action),
                        ]),
                        CommandSpec(name: "hidden", abstract: "Not listed.", isHidden: true, run: action),
                    ])
    }

    static let program = Program<Void>(
        root: root, version: "1.0",
        globalOptions: [.flag("json", "Print JSON."), .flag("quiet", short: "q", "Be quiet."),
                        .value("server", "url", "Which server."),
                        .value("color", "when", "Colour.", kind: .choice(["auto", "always", "never"]))],
        topics: [HelpTopic(name: "environment", abstract: "Variables.") { _ in
            HelpPage(title: "ENVIRONMENT", intro: "Variables the tool reads.",
                     rows: [HelpPage.Row("TOOL_LEVEL", "Sets --level."), HelpPage.Row("TOOL_DRY_RUN", "Sets --dry-run.")])
        }],
        makeContext: { _, _, _ in })
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArgumentParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var words = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var environment = ["PATH": "/nonexistent-susi-fuzz"]
    while let first = words.first, first.hasPrefix("@"), let equals = first.firstIndex(of: "=") {
        let name = String(first[first.index(after: first.startIndex)..<equals])
        if name != "PATH" { environment[name] = String(first[first.index(after: equals)...]) }
        words.removeFirst()
    }
    let io = IOStreams.captured()
    let status = Tree.program.run(words, io: io, environment: environment)
    precondition(status == 0 || status == 64, "exit status \(status)")
    if status == 64 { precondition(io.stderr.text.hasPrefix("error: "), "usage error without 'error:'") }
    return 0
}
