import Foundation
import SusiTestKit
import Testing

/// `susi config edit` in a real terminal (tmux runs the built binary): an
/// invalid edit is named, "Edit it again?" is asked, and the answer decides.
@Suite("config edit in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct EditConfigTerminalTests {
    /// Runs `susi config edit` with an editor that replaces the copy with one
    /// line typed in the terminal, then prints the room setting.
    func session(_ home: TemporaryHome) throws -> Tmux {
        let editor = try home.script("bin/line-editor", """
        for last; do :; done
        printf 'EDITOR READY\\n'
        IFS= read -r line
        printf '%s\\n' "$line" > "$last"

        """)
        try home.writeConfig("{\"room\": \"Hall\"}\n")
        let susi = "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary)"
        return try Tmux(command: "VISUAL='\(editor)' \(susi) config edit; echo EXIT=$?; \(susi) config get room; sleep 60")
    }

    @Test func anInvalidEditIsOfferedAgainAndTheFixIsSaved() throws {
        let home = try TemporaryHome()
        let tmux = try session(home)
        defer { tmux.stop() }
        try tmux.waitFor("EDITOR READY")
        tmux.keys("{\"room\": \"\"}", "Enter")
        try tmux.waitFor("Edit it again? [Y/n]")
        #expect(tmux.screen().contains("line 1: 'room' has an invalid value ''"))
        tmux.keys("y", "Enter")
        try tmux.waitFor("EDITOR READY", count: 2)
        tmux.keys("{\"room\": \"Attic\"}", "Enter")
        try tmux.waitFor("EXIT=0")
        try tmux.waitFor("Attic", count: 2)
        // (The long temporary path wraps on the screen; the file says the rest.)
        #expect(tmux.screen().contains("Saved /"))
        #expect(String(decoding: home.configBytes() ?? Data(), as: UTF8.self) == "{\"room\": \"Attic\"}\n")
    }

    @Test func answeringNoKeepsTheFile() throws {
        let home = try TemporaryHome()
        let tmux = try session(home)
        defer { tmux.stop() }
        try tmux.waitFor("EDITOR READY")
        tmux.keys("{\"rooom\": \"Attic\"}", "Enter")
        try tmux.waitFor("Edit it again? [Y/n]")
        #expect(tmux.screen().contains("'rooom' is not a setting (did you mean 'room'?)"))
        tmux.keys("n", "Enter")
        try tmux.waitFor("EXIT=65")
        try tmux.waitFor("Hall")
        #expect(tmux.screen().contains("error: Nothing was saved; /"))
        #expect(String(decoding: home.configBytes() ?? Data(), as: UTF8.self) == "{\"room\": \"Hall\"}\n")
    }
}
