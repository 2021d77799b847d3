import Foundation
import SusiTestSupport
import Testing

/// The interactive chat in a real terminal: tmux runs the built binary, keys
/// are sent, and the screen is read back.
@Suite("Interactive chat in a terminal", .serialized,
       .enabled(if: EndToEnd.binaryExists && Tmux.available, "needs .build/debug/susi and tmux (make deps installs tmux)"))
struct InteractiveChatTests {
    @Test func typingCtrlCHistoryAndCtrlD() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary) chat; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("you>")

        tmux.keys("hello", "Enter")
        try tmux.waitFor("Hello! How can I help you today?")

        // Ctrl-C discards a half-typed line and gives a fresh prompt; the chat goes on.
        tmux.keys("half typed")
        try tmux.waitFor("half typed")
        tmux.keys("C-c")
        tmux.keys("my name is kim", "Enter")
        try tmux.waitFor("Nice to meet you, kim!")
        #expect(!tmux.screen().contains("half typedmy name"))

        // Up recalls the last line; the conversation remembers the name.
        tmux.keys("C-p")
        try tmux.waitFor("you> my name is kim\n", count: 2)
        tmux.keys("C-u", "what is my name", "Enter")
        try tmux.waitFor("Your name is kim.")

        // Ctrl-D on an empty line ends with status 0.
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
        let history = try String(contentsOfFile: home.path + "/state/chat-history", encoding: .utf8)
        #expect(history.contains("what is my name"))
        #expect(!history.contains("half typed"))
        let mode = try FileManager.default.attributesOfItem(atPath: home.path + "/state/chat-history")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}

/// Ctrl-C while a request to a server is in flight cancels that request at
/// once; the chat goes on.
@Suite("Ctrl-C during an HTTP request", .serialized,
       .enabled(if: EndToEnd.binaryExists && Tmux.available, "needs .build/debug/susi and tmux (make deps installs tmux)"))
struct InterruptedRequestTests {
    @Test func ctrlCCancelsASlowRequestAndTheChatGoesOn() throws {
        let slow = try LoopbackHTTPServer { request in
            request.query["q"] == "hello"
                ? LoopbackHTTPServer.Response(headers: ["Content-Type": "application/json"], body: Data("{}".utf8), delay: 20)
                : .json("{\"query\": \"x\", \"answers\": [{\"data\": [], \"metadata\": {\"count\": 0}, \"actions\": [{\"type\": \"answer\", \"expression\": \"still here\"}], \"skills\": []}]}")
        }
        defer { slow.stop() }
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary) --server \(slow.baseURL) chat; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("you>")
        tmux.keys("hello", "Enter")
        let deadline = Date().addingTimeInterval(5)
        while slow.requests.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(slow.requests.count == 1)
        let pressed = Date()
        tmux.keys("C-c")
        try tmux.waitFor("(cancelled)")
        #expect(Date().timeIntervalSince(pressed) < 3, "the request was not cancelled at once")
        tmux.keys("are you there", "Enter")
        try tmux.waitFor("still here")
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
    }
}

/// A private tmux server (its own socket) running one command.
struct Tmux {
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
    }

    let socket = "susi-test-\(UUID().uuidString.prefix(8))"

    init(command: String) throws {
        // The server this starts outlives the client: it must not inherit a
        // pipe we read to the end, or that read never finishes.
        _ = try run(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30", command], capture: false)
    }

    /// Runs tmux with posix_spawn and waitpid. (Foundation's Process left
    /// the daemonising tmux client unreaped here and waited forever.)
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) throws -> String {
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
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ) == 0 else {
            throw POSIXError(.ENOEXEC)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }

    func keys(_ keys: String...) {
        for key in keys {
            let literal = !(key == "Enter" || key.hasPrefix("C-"))
            _ = try? run(["send-keys", "-t", "main"] + (literal ? ["-l", key] : [key]))
        }
    }

    func screen() -> String {
        (try? run(["capture-pane", "-t", "main", "-p"])) ?? ""
    }

    /// The screen with lines the terminal wrapped joined again, for text
    /// whose length varies (temporary paths): a 100-column pane may break
    /// a message anywhere.
    func joinedScreen() -> String {
        (try? run(["capture-pane", "-t", "main", "-p", "-J"])) ?? ""
    }

    /// Waits up to 10 s for `text` to appear `count` times on the screen.
    func waitFor(_ text: String, count: Int = 1) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if screen().components(separatedBy: text).count - 1 >= count
                || joinedScreen().components(separatedBy: text).count - 1 >= count { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \(text.debugDescription); the screen was:\n\(screen())")
        throw CancellationError()
    }

    func stop() {
        _ = try? run(["kill-server"], capture: false)
    }
}
