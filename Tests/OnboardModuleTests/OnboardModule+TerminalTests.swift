import Foundation
import SusiTestKit
import Testing

/// `susi onboard` in a real terminal (tmux runs the built binary): the
/// pages redrawn in place with raw keys (n, the arrows, p, s), the set-up
/// with the embedded SUSI, and Ctrl-C leaving the terminal as it was.
@Suite("susi onboard in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct OnboardTerminalTests {
    static let right = "\u{1B}[C"
    static let left = "\u{1B}[D"

    /// From a page: skip, the embedded SUSI, anonymously, voice en-GB spoken,
    /// no sample, no skills, up to "Apply them?".
    static func skipToApplyThem(_ tmux: Tmux) throws {
        tmux.keys("s")
        try tmux.waitFor("Which SUSI should susi talk to?")
        tmux.keys("Enter")
        try tmux.waitFor("How do you want to use SUSI?")
        tmux.keys("3", "Enter")
        try tmux.waitFor("Voice (a code above")
        tmux.keys("en-GB", "Enter")
        try tmux.waitFor("Speak chat answers aloud?")
        tmux.keys("y", "Enter")
        try tmux.waitFor("Hear a sample?")
        tmux.keys("n", "Enter")
        try tmux.waitFor("Import a skills folder?")
        tmux.keys("Enter")
        try tmux.waitFor("Apply them?")
    }

    func command(_ home: TemporaryHome, _ then: String) -> String {
        "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm LANG=C.UTF-8 SUSI_SPEECH_COMMAND=/bin/true "
            + "\(EndToEnd.binary) onboard; echo EXIT=$?; \(then)sleep 60"
    }

    @Test func throughThePagesAndTheSetUp() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: command(home, ""))
        defer { tmux.stop() }
        try tmux.waitFor("● ○ ○ ○")
        #expect(tmux.screen().contains("Login"))
        tmux.keys("n")
        try tmux.waitFor("○ ● ○ ○")
        // Redrawn in place: one page on the screen, never the one before.
        #expect(tmux.screen().components(separatedBy: "Welcome to susi").count == 2)
        #expect(!tmux.screen().contains("susi login status"))
        tmux.keys(Self.right)
        try tmux.waitFor("○ ○ ● ○")
        #expect(tmux.screen().contains("Skill Listing"))
        tmux.keys(Self.left)
        try tmux.waitFor("○ ● ○ ○")
        tmux.keys("Enter")
        try tmux.waitFor("○ ○ ● ○")
        tmux.keys("p")
        try tmux.waitFor("○ ● ○ ○")
        tmux.keys("n", "n")
        try tmux.waitFor("○ ○ ○ ●")
        #expect(tmux.screen().contains("Chat Settings"))
        try Self.skipToApplyThem(tmux)
        #expect(!FileManager.default.fileExists(atPath: home.configFile))
        tmux.keys("Enter")
        try tmux.waitFor("EXIT=0")
        #expect(tmux.screen().contains("susi is set up."))
        let config = String(decoding: home.configBytes() ?? Data(), as: UTF8.self)
        #expect(config.contains("\"voice\": \"en-GB\""))
        #expect(config.contains("\"onboarded\": \"yes\""))
    }

    @Test func ctrlCOnAPageRestoresTheTerminalAndSavesNothing() throws {
        let home = try TemporaryHome()
        let check = "stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo -e icanon -e -icanon | sed 's/^/STTY=/'; "
        let tmux = try Tmux(command: command(home, check))
        defer { tmux.stop() }
        try tmux.waitFor("● ○ ○ ○")
        tmux.keys("n")
        try tmux.waitFor("○ ● ○ ○")
        tmux.keys("C-c")
        try tmux.waitFor("EXIT=130")
        try tmux.waitFor("STTY=icanon")
        let screen = tmux.screen()
        #expect(screen.contains("Onboarding stopped; nothing was changed."))
        #expect(screen.contains("STTY=echo"))
        #expect(!screen.contains("STTY=-echo"))
        #expect(home.allFiles().isEmpty)
    }
}
