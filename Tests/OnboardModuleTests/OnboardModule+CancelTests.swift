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
        let tmux = try Tmux(command: OnboardTerminalTests().command(home, ""))
        defer { tmux.stop() }
        try tmux.waitFor("● ○ ○ ○")
        try OnboardTerminalTests.skipToApplyThem(tmux)
        tmux.keys("C-c")
        try tmux.waitFor("EXIT=130")
        #expect(tmux.screen().contains("Cancelled."), "\(tmux.screen())")
        #expect(!FileManager.default.fileExists(atPath: home.configFile))
    }
}
