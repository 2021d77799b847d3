import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A private tmux server (its own socket) running one command. The server,
/// and so every pane, gets `ChildEnvironment`'s allow-listed environment
/// (HOME an empty folder of its own, so no ~/.tmux.conf is read), never the
/// test runner's: a caller's SUSI_PASSPHRASE or XDG_RUNTIME_DIR must not
/// reach the program in the pane (issue 37).
public struct Tmux {
    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
    }

    /// How long `waitFor` waits for text: generous, since a loaded machine
    /// (other builds, stress-ng) may take many seconds to draw what a quiet
    /// one draws at once. A passing test never waits this long.
    public static let deadline: TimeInterval = 60

    public let socket = "susi-test-\(UUID().uuidString.prefix(8))"
    /// tmux's own HOME, removed by `stop`.
    private let home = NSTemporaryDirectory() + "susi-tmux-" + UUID().uuidString
    private let environment: [String]

    /// `environment` adds to the allow-listed one (the command may also set
    /// variables with `env`).
    public init(command: String, columns: Int = 100, environment extra: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        environment = ChildEnvironment.strings(ChildEnvironment.make(home: home, term: "xterm", extra))
        // The server this starts outlives the client: it must not inherit a
        // pipe we read to the end, or that read never finishes.
        _ = try run(["new-session", "-d", "-s", "main", "-x", String(columns), "-y", "30", command], capture: false)
    }

    /// Runs tmux with posix_spawn and waitpid. (Foundation's Process left
    /// the daemonising tmux client unreaped here and waited forever.)
    @discardableResult
    public func run(_ arguments: [String], capture: Bool = true) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture ? output : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner's threads block signals, and a blocked mask is
        // inherited across exec: tmux and every pane would run with SIGHUP
        // blocked, so kill-server could not end a pane whose test failed
        // (they lingered). Panes start as from a login shell instead.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, envp) == 0 else {
            throw POSIXError(.ENOEXEC)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }

    public func keys(_ keys: String...) {
        for key in keys {
            let literal = !(key == "Enter" || key.hasPrefix("C-"))
            _ = try? run(["send-keys", "-t", "main"] + (literal ? ["-l", key] : [key]))
        }
    }

    public func screen() -> String {
        (try? run(["capture-pane", "-t", "main", "-p"])) ?? ""
    }

    /// The screen with lines the terminal wrapped joined again, for text
    /// whose length varies (temporary paths): a 100-column pane may break
    /// a message anywhere.
    public func joinedScreen() -> String {
        (try? run(["capture-pane", "-t", "main", "-p", "-J"])) ?? ""
    }

    /// Waits up to `Tmux.deadline` for `text` to appear `count` times on the screen.
    public func waitFor(_ text: String, count: Int = 1) throws {
        let deadline = Date().addingTimeInterval(Tmux.deadline)
        while Date() < deadline {
            if screen().components(separatedBy: text).count - 1 >= count
                || joinedScreen().components(separatedBy: text).count - 1 >= count { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \(text.debugDescription); the screen was:\n\(screen())")
        throw CancellationError()
    }

    /// Waits until the screen's last non-blank line is `prompt` alone: the
    /// program is reading a new line. Keys meant for the line editor (Ctrl-D
    /// above all) must wait for this: typed while the previous command still
    /// runs, the terminal is in cooked mode and takes Ctrl-D as its own
    /// end-of-file, which the line editor never sees.
    public func waitForPrompt(_ prompt: String) throws {
        let deadline = Date().addingTimeInterval(Tmux.deadline)
        while Date() < deadline {
            let last = screen().split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            if let last, last.trimmingCharacters(in: .whitespaces) == prompt.trimmingCharacters(in: .whitespaces) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for the prompt \(prompt.debugDescription); the screen was:\n\(screen())")
        throw CancellationError()
    }

    public func stop() {
        _ = try? run(["kill-server"], capture: false)
        try? FileManager.default.removeItem(atPath: home)
    }
}
