import Foundation
import SusiTestKit
import Testing

/// Ctrl-C during onboarding's set-up questions ("Apply them?") says
/// "Cancelled." as `device setup` does, exits 130 and saves nothing.
@Suite("susi onboard: Ctrl-C in the set-up", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct OnboardCancelTests {
    @Test func ctrlCAtApplyThemSaysCancelledAndSavesNothing() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm LANG=C.UTF-8 "
            + "SUSI_SPEECH_COMMAND=/bin/true \(EndToEnd.binary) onboard; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("● ○ ○ ○")
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
        tmux.keys("C-c")
        try tmux.waitFor("EXIT=130")
        #expect(tmux.screen().contains("Cancelled."), "\(tmux.screen())")
        #expect(!FileManager.default.fileExists(atPath: home.configFile))
    }
}
