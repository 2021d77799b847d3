import Foundation
import SusiTestKit
import SusiTestSupport
import Testing

/// Tab and the slash commands in a real `susi chat` on a terminal (tmux runs
/// the built binary in the package folder, which has files Tab must not offer).
@Suite("Chat: Tab and slash commands in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct ChatTabTerminalTests {
    @Test func tabCompletesSlashCommandsAndExamplePhrasesNeverFileNames() throws {
        let home = try TemporaryHome()
        // Build the embedded SUSI first, so the first Tab reads a ready catalogue.
        _ = try EndToEnd.run(["skills", "list", "--limit", "1"], home: home.path)
        let tmux = try Tmux(command: "cd \(packageRoot) && env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary) chat; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("you>")

        tmux.keys("/he", "C-i")
        try tmux.waitFor("you> /help")
        tmux.keys("Enter")
        try tmux.waitFor("/history [N]")

        // A phrase with an apostrophe and spaces is one text to complete.
        tmux.keys("what's the weather in R", "C-i")
        try tmux.waitFor("you> what's the weather in Rome today")
        tmux.keys("C-u", "flip a c", "C-i")
        try tmux.waitFor("you> flip a coin")
        tmux.keys("Enter")
        try tmux.waitFor("you>", count: 3)

        // Not a file name: the package folder has Package.swift.
        // A key typed after Tab shows when Tab was handled: an event, not a pause.
        tmux.keys("Packa", "C-i", "Z")
        try tmux.waitFor("you> PackaZ")
        #expect(!tmux.screen().contains("Package.swift"))

        tmux.keys("C-u", "/qu", "C-i")
        try tmux.waitFor("you> /quit")
        tmux.keys("Enter")
        try tmux.waitFor("EXIT=0")
    }

    @Test func aChatInsideTheShellGivesTheShellItsTabBack() throws {
        let home = try TemporaryHome()
        _ = try EndToEnd.run(["skills", "list", "--limit", "1"], home: home.path)
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary) shell; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("anonymous@local>")
        tmux.keys("chat", "Enter")
        try tmux.waitFor("you>")
        tmux.keys("/pl", "C-i")
        try tmux.waitFor("you> /plans")
        tmux.keys("C-u", "/quit", "Enter")
        try tmux.waitFor("anonymous@local>", count: 2)
        tmux.keys("conf", "C-i")
        try tmux.waitFor("local> config")
        tmux.keys("C-u", "C-d")
        try tmux.waitFor("EXIT=0")
    }
}
