import Foundation
import SusiTestKit
import Testing

/// On a real terminal with XDG_RUNTIME_DIR unset (su, containers, cron):
/// the passphrase is typed once at sign-up, the unlock offered then works,
/// and neither a piped chat nor a chat on the terminal asks again.
@Suite("One unlock in a terminal without XDG_RUNTIME_DIR", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct OneUnlockTerminalTests {
    @Test func thePassphraseIsTypedOnceAndNothingAsksAgain() throws {
        let home = try TemporaryHome()
        let susi = "env -u XDG_RUNTIME_DIR SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary)"
        let tmux = try Tmux(command: "\(susi) login --signup --email ada@example.com; echo EXIT=$?; echo hi | \(susi) chat; echo PIPED=$?; \(susi) chat hello; echo CHAT=$?; \(susi) login status; \(susi) login lock; sleep 60")
        defer {
            tmux.stop()
            // The private folder unlock made in /tmp goes with the test.
            if let named = home.contents(home.path + "/data/agent-folder") {
                try? FileManager.default.removeItem(atPath: String(decoding: named, as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        try typeSignUp(tmux, password: "Typed#Secret42", passphrase: "a pass phrase")
        try tmux.waitFor("Keep the credential file unlocked for 8 hours")
        tmux.keys("y", "Enter")
        try tmux.waitFor("EXIT=0")
        try tmux.waitFor("PIPED=0")
        try tmux.waitFor("CHAT=0")
        try tmux.waitFor("Locked: the agent forgot the key.")
        let screen = tmux.screen()
        // Counted: the new passphrase once (with its repetition), never the passphrase again.
        #expect(screen.components(separatedBy: "New passphrase for the credential file:").count - 1 == 1, "\(screen)")
        #expect(screen.components(separatedBy: "Repeat the passphrase:").count - 1 == 1)
        #expect(!screen.contains("Passphrase for the credential file:"), "\(screen)")
        #expect(screen.contains("Protection:  passphrase, unlocked until "), "\(screen)")
        #expect(!screen.contains("a pass phrase"))
        #expect(!screen.contains("Typed#Secret42"))
    }
}
