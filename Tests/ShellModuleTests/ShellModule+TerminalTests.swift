import Foundation
import SusiTestKit
import SusiTestSupport
import Testing

/// `susi shell` in a real terminal: tmux runs the built binary, keys are
/// sent (Tab, Ctrl-C, Ctrl-D) and the screen and the history file are read back.
@Suite("susi shell in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct ShellTerminalTests {
    static func start(_ home: TemporaryHome, arguments: String = "", extra: String = "") throws -> Tmux {
        // Warm the embedded SUSI first, so Tab's skill names are not cut off by a first import.
        _ = try EndToEnd.run(["skills", "list", "--limit", "1"], home: home.path)
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(extra) \(EndToEnd.binary) \(arguments) shell; echo EXIT=$?; sleep 60")
        try tmux.waitFor("anonymous@")
        return tmux
    }

    @Test func tabCompletesCommandsOptionsSkillNamesAndRooms() throws {
        let home = try TemporaryHome()
        let tmux = try Self.start(home)
        defer { tmux.stop() }
        #expect(tmux.screen().contains("anonymous@local>"))

        tmux.keys("conf", "C-i")
        try tmux.waitFor("local> config")
        // "--so" is --sort and --source: "--sor" is one.
        tmux.keys("C-u", "skills list --sor", "C-i")
        try tmux.waitFor("local> skills list --sort")
        tmux.keys("C-u", "skills info calc", "C-i")
        try tmux.waitFor("local> skills info calculator")
        tmux.keys("C-u", "device setup --room Kit", "C-i")
        try tmux.waitFor("local> device setup --room Kitchen")
        // A value with a space is inserted quoted for the line.
        tmux.keys("C-u", "device setup --room Livi", "C-i")
        try tmux.waitFor("local> device setup --room Living\\ Room")
        tmux.keys("C-u", "C-d")
        try tmux.waitFor("EXIT=0")
    }

    /// Ctrl-C cancels a running import and the shell goes on; the import's
    /// one transaction is not committed, so none of it is stored.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.skipNote))
    func ctrlCCancelsAnImportAndNothingOfItIsStored() throws {
        let home = try TemporaryHome()
        let tmux = try Self.start(home)
        defer { tmux.stop() }
        // The corpus (61,000 intents) takes seconds to import with the debug
        // binary; its spinner may be gone before a screen capture sees it, so
        // Ctrl-C goes half a second after Enter, well inside the import.
        tmux.keys("skills import '\(SharedData.corpus.path)'")
        try tmux.waitFor("skill-corpus'")
        tmux.keys("Enter")
        Thread.sleep(forTimeInterval: 0.5)
        tmux.keys("C-c")
        try tmux.waitFor("Import cancelled; no skill of it was stored.")
        try tmux.waitFor("anonymous@local>", count: 2)
        tmux.keys("config get color", "Enter")
        try tmux.waitFor("auto")
        try tmux.waitFor("anonymous@local>", count: 3)
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
        let imported = try EndToEnd.run(["skills", "list", "--source", "imported", "--json"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.filter { !$0.isWhitespace } == "[]", "\(imported.stdout)")
        let bundled = try EndToEnd.run(["chat", "hello"], home: home.path)
        #expect(bundled.stdout == "Hello! How can I help you today?\n")
    }

    @Test func historyIsWrittenWithoutSecretsAndCtrlDExitsZero() throws {
        let home = try TemporaryHome()
        let tmux = try Self.start(home)
        defer { tmux.stop() }
        tmux.keys("config get color", "Enter")
        try tmux.waitFor("auto")
        tmux.keys("my password is hunter2", "Enter")
        try tmux.waitFor("local>", count: 3)
        tmux.keys(" skills list --limit 1", "Enter")
        try tmux.waitFor("local>", count: 4)
        tmux.keys("config get color", "Enter")
        try tmux.waitFor("local>", count: 5)
        // Ctrl-C clears a half-typed line; it is not run and not kept.
        tmux.keys("half typed")
        tmux.keys("C-c")
        try tmux.waitFor("local>", count: 6)
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
        let file = home.path + "/state/history"
        let history = try String(contentsOfFile: file, encoding: .utf8)
        #expect(history == "config get color\n", "duplicates, a leading space, secrets and cleared lines are skipped")
        #expect(permissions(file) == 0o600)
    }

    /// Closing the terminal ends the shell with SIGHUP: every line accepted
    /// before it is in the history file already.
    @Test func aHangUpLosesNoHistory() throws {
        let home = try TemporaryHome()
        let tmux = try Self.start(home)
        defer { tmux.stop() }
        tmux.keys("config get color", "Enter")
        try tmux.waitFor("local>", count: 2)
        tmux.keys("skills list --limit 1", "Enter")
        try tmux.waitFor("local>", count: 3)
        let shell = try #require(Self.shellProcess(home: home.path))
        kill(shell, SIGHUP)
        try tmux.waitFor("EXIT=129")
        let history = try String(contentsOfFile: home.path + "/state/history", encoding: .utf8)
        #expect(history == "config get color\nskills list --limit 1\n")
    }

    /// The pid of the `susi shell` running with this SUSI_HOME.
    static func shellProcess(home: String) -> pid_t? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in names.compactMap({ pid_t($0) }) {
            guard let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: cmdline, as: UTF8.self).hasSuffix("/susi\0shell\0"),
                  let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  String(decoding: environ, as: UTF8.self).split(separator: "\0").contains(Substring("SUSI_HOME=" + home)) else { continue }
            return pid
        }
        return nil
    }

    @Test func aChatStartedFromTheShellKeepsItsOwnHistoryWithoutSecrets() throws {
        let home = try TemporaryHome()
        let tmux = try Self.start(home)
        defer { tmux.stop() }
        tmux.keys("config get color", "Enter")
        try tmux.waitFor("auto")
        tmux.keys("chat", "Enter")
        try tmux.waitFor("you>")
        tmux.keys("hello", "Enter")
        try tmux.waitFor("Hello! How can I help you today?")
        tmux.keys("my password is hunter2", "Enter")
        try tmux.waitFor("you>", count: 3)
        // Up in the chat recalls the chat's own line, not the shell's.
        tmux.keys("C-p")
        try tmux.waitFor("you> hello", count: 2)
        tmux.keys("C-u", "C-d")
        try tmux.waitFor("local>", count: 3)
        // Back in the shell, Up recalls the shell's last line, not the chat's.
        tmux.keys("C-p")
        try tmux.waitFor("local> chat", count: 2)
        tmux.keys("C-u", "C-d")
        try tmux.waitFor("EXIT=0")
        let shell = try String(contentsOfFile: home.path + "/state/history", encoding: .utf8)
        let chat = try String(contentsOfFile: home.path + "/state/chat-history", encoding: .utf8)
        #expect(shell == "config get color\nchat\n")
        #expect(chat == "hello\n", "the secret line is not kept")
        #expect(permissions(home.path + "/state/chat-history") == 0o600)
    }

    @Test func thePassphraseIsAskedOnceInATerminalShell() throws {
        let home = try TemporaryHome()
        _ = try home.signedUpWithPassphrase()
        _ = try EndToEnd.run(["skills", "list", "--limit", "1"], home: home.path)
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary) shell; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("ada@local>")
        tmux.keys("login status", "Enter")
        try tmux.waitFor("Passphrase for the credential file:")
        tmux.keys("correct horse", "Enter")
        try tmux.waitFor("ada@local>", count: 2)
        tmux.keys("chat my name is kim", "Enter")
        try tmux.waitFor("ada@local>", count: 3)
        tmux.keys("chat what is my name", "Enter")
        try tmux.waitFor("Your name is kim.")
        #expect(tmux.screen().components(separatedBy: "Passphrase for").count == 2, "asked once")
        #expect(!tmux.screen().contains("correct horse"), "never echoed")
        try tmux.waitFor("ada@local>", count: 4)
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
        let history = try String(contentsOfFile: home.path + "/state/history", encoding: .utf8)
        #expect(history == "chat my name is kim\nchat what is my name\n", "login lines and the passphrase are never kept")
    }

    @Test func ctrlCDuringASlowChatRequestReturnsToThePrompt() throws {
        let slow = try LoopbackHTTPServer { request in
            request.query["q"] == "hello"
                ? LoopbackHTTPServer.Response(headers: ["Content-Type": "application/json"], body: Data("{}".utf8), delay: 60)
                : .json("{\"query\": \"x\", \"answers\": [{\"data\": [], \"metadata\": {\"count\": 0}, \"actions\": [{\"type\": \"answer\", \"expression\": \"still here\"}], \"skills\": []}]}")
        }
        defer { slow.stop() }
        let home = try TemporaryHome()
        let tmux = try Self.start(home, arguments: "--server \(slow.baseURL)")
        defer { tmux.stop() }
        #expect(tmux.screen().contains("anonymous@127.0.0.1:"))
        tmux.keys("hello", "Enter")
        #expect(eventually { !slow.requests.isEmpty })
        #expect(slow.requests.count == 1)
        // The server answers after a minute; the bound is generous, for a loaded machine.
        let pressed = Date()
        tmux.keys("C-c")
        try tmux.waitFor(">", count: 2)
        #expect(Date().timeIntervalSince(pressed) < 15, "the request was not cancelled at once")
        tmux.keys("are you there", "Enter")
        try tmux.waitFor("still here")
        // Ctrl-D only once the next prompt is drawn (Tmux.waitForPrompt).
        try tmux.waitFor(">", count: 3)
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
    }
}
