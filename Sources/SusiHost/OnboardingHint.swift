#if canImport(Glibc)
import Glibc
#endif
import SusiBasics
import SusiCLI
import SusiCore

/// The one-line pointer to `susi onboard` that a person's first command
/// prints, once. The host calls `offer` for every command line it runs; the
/// rule for when it appears lives here, beside the command it points to.
public enum OnboardingHint {
    public static let text = "hint: new to susi? Run 'susi onboard' to choose a server, log in and pick a voice (shown once)."

    /// Prints the hint on stderr when a person is at a terminal (stdin,
    /// stdout and stderr), nothing was configured yet (no config file), the
    /// hint was never shown, and the command line is not `susi onboard`
    /// itself, `--json`, `--quiet` or `--no-input`. The marker is written
    /// first: a hint that cannot be remembered is not shown, so it never
    /// repeats on every command.
    public static func offer(_ context: Context) {
        let io = context.io
        guard io.stdin.isTTY, io.stdout.isTTY, io.stderr.isTTY else { return }
        guard !context.globals.json, !context.globals.quiet, !context.globals.noInput else { return }
        guard context.invocation.path.dropFirst().first != "onboard" else { return }
        guard !exists(context.paths.configFile) else { return }
        let marker = context.paths.onboardHintFile
        guard !exists(marker), (try? AtomicFile.write([], to: marker)) != nil else { return }
        io.stderr.line(context.errorStyle.dim(text))
    }

    /// Anything at the path, a dangling link included.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
