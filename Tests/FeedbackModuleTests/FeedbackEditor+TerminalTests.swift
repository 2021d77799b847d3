import Foundation
import SusiTestKit
import Testing

/// The editor path in a real terminal (tmux runs the built binary): the
/// editor gets the terminal, what it writes is posted, and Ctrl-C in the
/// editor ends the editor, not susi, which posts nothing and says so.
@Suite("Feedback editor in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct FeedbackEditorTerminalTests {
    /// Signs up on the embedded SUSI, then runs `susi feedback time` with `editor` as EDITOR.
    func session(_ home: TemporaryHome, editor: String) throws -> Tmux {
        let susi = "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary)"
        let signUp = "printf 'Secret#123\\n' | \(susi) login --signup --email ada@example.com --password-stdin --machine-key >/dev/null 2>&1"
        return try Tmux(command: "\(signUp); EDITOR='\(editor)' \(susi) feedback time; echo EXIT=$?; \(susi) feedback list time; sleep 60")
    }

    /// An editor that reads one line from the terminal into the draft.
    func lineEditor(_ home: TemporaryHome) throws -> String {
        try home.script("bin/line-editor", """
        for last; do :; done
        printf 'EDITOR READY\\n'
        IFS= read -r line
        printf '%s\\n' "$line" > "$last"

        """)
    }

    @Test func theEditorGetsTheTerminalAndItsTextIsPosted() throws {
        let home = try TemporaryHome()
        let tmux = try session(home, editor: try lineEditor(home))
        defer { tmux.stop() }
        try tmux.waitFor("EDITOR READY")
        tmux.keys("Typed in a terminal.", "Enter")
        try tmux.waitFor("EXIT=0")
        try tmux.waitFor("Typed in a terminal.", count: 2)
        let screen = tmux.screen()
        #expect(screen.contains("Posted your feedback on Time."))
        #expect(screen.contains("ada@...  "))
    }

    @Test func ctrlCInTheEditorPostsNothing() throws {
        let home = try TemporaryHome()
        let tmux = try session(home, editor: try lineEditor(home))
        defer { tmux.stop() }
        try tmux.waitFor("EDITOR READY")
        tmux.keys("half typed")
        tmux.keys("C-c")
        try tmux.waitFor("EXIT=1")
        try tmux.waitFor("No feedback on Time yet.")
        let screen = tmux.joinedScreen()
        #expect(screen.contains("was ended by signal 2; feedback not posted."), "\(screen)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: home.path + "/cache")) ?? []).isEmpty, "the draft is removed")
    }

    /// With vi, when this machine has it: a real full-screen editor.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vi"), "needs /usr/bin/vi"))
    func viWorks() throws {
        let home = try TemporaryHome()
        let tmux = try session(home, editor: "/usr/bin/vi")
        defer { tmux.stop() }
        try tmux.waitFor("# Your feedback on Time.")
        tmux.keys("i", "Written in vi.")
        _ = try? tmux.run(["send-keys", "-t", "main", "Escape"])
        tmux.keys(":wq", "Enter")
        try tmux.waitFor("EXIT=0")
        try tmux.waitFor("Written in vi.")
        #expect(tmux.screen().contains("Posted your feedback on Time."))
    }
}
