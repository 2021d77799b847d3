/// `PROGRAM completion SHELL` and the hidden `PROGRAM __complete WORDS...`
/// the scripts call back into.
extension Program {
    /// The first word that makes the program answer a completion request
    /// instead of running a command. Handled before parsing, so a half-typed
    /// command line is never refused, and nothing is opened unless a
    /// dynamic provider needs it.
    public static var completeWord: String { "__complete" }

    static func completionCommand(program: String) -> CommandSpec<Context> {
        CommandSpec(
            name: "completion",
            abstract: "Print a shell completion script (bash, zsh or fish).",
            discussion: """
            The script completes commands, options and their values, and live values such as skill \
            names and rooms, by asking '\(program) \(completeWord)', so it stays right as commands \
            change. Load it from your shell's start-up file, or install it where your shell looks \
            for completions ('make install' does).
            """,
            examples: [
                Example("\(program) completion bash > ~/.local/share/bash-completion/completions/\(program)", "Install for bash (with bash-completion)."),
                Example("\(program) completion zsh > ~/.zfunc/_\(program)", "Install for zsh (with ~/.zfunc on fpath)."),
                Example("\(program) completion fish > ~/.config/fish/completions/\(program).fish", "Install for fish."),
            ],
            arguments: [ArgumentSpec("shell", "The shell to print the script for.", kind: .choice(CompletionScripts.shells))])
    }

    /// The engine over this program's tree. Dynamic values come from the
    /// provider attached to the argument or option, given a context made on
    /// first use, with captured streams, so a provider can neither print
    /// nor prompt.
    /// `externals: false` leaves the external commands out (no PATH scan),
    /// for a request that is already inside a built-in command.
    public func completionEngine(environment: [String: String], timeLimit: Double = 1, externals: Bool = true,
                                 context makeOne: (() throws -> Context)? = nil) -> CompletionEngine<Context> {
        let program = root.name
        let factory = makeContext
        var made: Context?
        // The tree with the external commands on PATH grafted in: one with a
        // `--susi-spec` completes like a built-in, one without as a bare name.
        return CompletionEngine(
            root: externals ? tree(environment: environment) : root, globalOptions: globalOptions,
            externals: { [] },
            timeLimit: timeLimit,
            provider: { completion, request in
                if made == nil {
                    made = try makeOne?() ?? factory(.captured(), environment,
                                                    Invocation(path: [program, Self.completeWord], values: ParsedValues(), globals: ParsedValues()))
                }
                guard let context = made else { return nil }
                return try completion.candidates(request, context)
            })
    }

    /// True when the words before the one being completed already name a
    /// built-in command (`skills info c`): only its subtree matters, so the
    /// external commands on PATH need not be listed. Global options and
    /// their values may come first; `--` or an unknown first word (perhaps
    /// an external command) says no.
    func completesInsideBuiltin(_ words: [String]) -> Bool {
        let valued = Set(globalOptions.filter { $0.valueName != nil && $0.optionalValueName == nil }.map { "--" + $0.name })
        var skipValue = false
        for word in words.dropLast() {
            if skipValue { skipValue = false; continue }
            if word == "--" { return false }
            if word.hasPrefix("-") {
                skipValue = valued.contains(word)
                continue
            }
            return root.subcommand(named: word) != nil
        }
        return false
    }
}
