import Foundation
import SusiTestKit
import Testing
import SusiTestSupport

/// `susi device remove NAME` on a real terminal (tmux runs the built
/// binary): it asks first, "no" keeps the device, "yes" removes it.
@Suite("Removing a device in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct RemoveDeviceTerminalTests {
    @Test func asksFirstAndANoKeepsTheDevice() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker, radio])
        let environment = "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm"
        let remove = "\(EndToEnd.binary) device remove radio"
        let tmux = try Tmux(command: "\(environment) \(remove); echo EXIT=$?; \(environment) \(remove); echo EXIT=$?; sleep 60")
        defer { tmux.stop() }

        try tmux.waitFor("Remove 'Radio' (00:11:22:33:44:55, Attic) from the account? [y/N]")
        tmux.keys("n", "Enter")
        try tmux.waitFor("Nothing was removed.")
        try tmux.waitFor("EXIT=0")
        #expect(try home.devices(susi).count == 2)
        try tmux.waitFor("Remove 'Radio' (00:11:22:33:44:55, Attic) from the account? [y/N]", count: 2)
        tmux.keys("y", "Enter")
        try tmux.waitFor("Removed 'Radio' (00:11:22:33:44:55) from the account.")
        try tmux.waitFor("EXIT=0", count: 2)
        #expect(try home.devices(susi).map(\.name) == ["Speaker"])
    }
}
