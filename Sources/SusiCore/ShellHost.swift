import SusiCLI

/// What `susi shell` needs of the host, which alone knows the whole command
/// tree: run a command line in the current scope (so the backend, the login
/// and the unlocked credentials stay open from line to line), complete a
/// line with the same engine as `susi __complete`, and tell a command word
/// from a chat line. The host supplies it through `Services.Makers.shell`.
public struct ShellHost {
    /// Runs argv (without the program name) with these streams in the
    /// scope of the given context and returns the exit status.
    public var run: (_ arguments: [String], _ io: IOStreams, _ context: Context) -> Int32
    /// Completes the last word of `words` (the words after the program name).
    public var complete: (_ words: [String], _ context: Context) -> CompletionResult
    /// True when `word` is a built-in or external command, `help` included.
    public var isCommand: (_ word: String, _ context: Context) -> Bool

    public init(run: @escaping ([String], IOStreams, Context) -> Int32,
                complete: @escaping ([String], Context) -> CompletionResult,
                isCommand: @escaping (String, Context) -> Bool) {
        self.run = run
        self.complete = complete
        self.isCommand = isCommand
    }
}
