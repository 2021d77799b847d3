#if canImport(Glibc)
import Glibc
#endif
import SusiBasics

/// Long output on a terminal goes through a pager, as git and gh do: the
/// command's stdout is pointed at the pager's standard input for the length
/// of one block, then restored, so a shell session goes on afterwards.
/// Never when stdout is not a terminal, with --no-pager, or when the pager
/// chosen is empty or `cat`. The pager is started directly (ChildSpawn),
/// never through a shell: its command is split at white space.
public enum Pager {
    /// Where the pager's command came from, for messages.
    public struct Command: Equatable, Sendable {
        public var words: [String]
        public var source: String
    }

    /// The pager to use, or nil for none. Order: SUSI_PAGER, the `pager`
    /// setting, PAGER, then `less -FRX` (which quits at once when the text
    /// fits on the screen and keeps colours).
    public static func command(environment: [String: String], setting: String?, disabled: Bool,
                               isTTY: Bool) -> Command? {
        guard isTTY, !disabled else { return nil }
        let choices: [(String?, String)] = [
            (environment["SUSI_PAGER"], "SUSI_PAGER"), (setting, "the pager setting"),
            (environment["PAGER"], "PAGER"), ("less -FRX", "the default"),
        ]
        guard let (raw, source) = choices.first(where: { $0.0 != nil }).map({ ($0.0!, $0.1) }) else { return nil }
        let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, first != "cat" else { return nil }
        return Command(words: words, source: source)
    }

    /// Runs `body` with fd 1 feeding `command`, then waits for the pager.
    /// When the pager cannot start, the output is written directly and
    /// `couldNotStart` says why; a pager quit early (q in less) only stops
    /// the output: writes fail with EPIPE meanwhile (PipeSignal, this thread
    /// only) and the rest is dropped.
    public static func run<T>(_ command: Command, environment: [String: String], stdout: OutputSink,
                              couldNotStart: (String) -> Void, body: () throws -> T) rethrows -> T {
        guard stdout.descriptor == 1 else { return try body() }
        stdout.flush()
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return try body() }
        var childEnvironment = environment
        if childEnvironment["LESS"] == nil { childEnvironment["LESS"] = "FRX" }
        if childEnvironment["LV"] == nil { childEnvironment["LV"] = "-c" }
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let started = ChildSpawn.start(command.words[0], arguments: command.words, environment: childEnvironment,
                                       stdin: .descriptor(fds[0]), defaultSignals: [SIGPIPE, SIGQUIT],
                                       searchPath: true)
        close(fds[0])
        guard case let .success(pid) = started else {
            close(fds[1])
            if case let .failure(error) = started {
                couldNotStart("Cannot start the pager '\(command.words[0])' (\(command.source)): \(error); printing directly.")
            }
            return try body()
        }
        let saved = dup(1)
        dup2(fds[1], 1)
        close(fds[1])
        return try PipeSignal.whileBlocked {
            defer {
                stdout.flush()
                dup2(saved, 1)
                close(saved)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
            return try body()
        }
    }
}
