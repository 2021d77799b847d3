import Foundation
import SusiTestKit
import Testing
import SusiTestSupport

/// `susi device setup` on a real terminal (tmux runs the built binary)
/// against the speaker double: the room picker, the passwords asked with
/// echo off (a refused one asked again), and a failed step offered again.
@Suite("Speaker setup in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct SetupDeviceTerminalTests {
    static let wifiPassword = "Typed#WiFi-77"
    static let accountPassword = "Secret#123"

    @Test func pickerEchoOffPasswordsAndARetriedStep() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        double.failNext("/wifi_credentials", with: .text(SpeakerDouble.werkzeug3Error500, status: 500))
        let home = try TemporaryHome()
        _ = try home.setupHarness(nil) // signs up ada, with a machine key
        let check = "stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo | sed 's/^/STTY=/'"
        let environment = "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 SUSI_SPEAKER=\(double.address) TERM=xterm"
        let tmux = try Tmux(command: "\(environment) \(EndToEnd.binary) device setup; echo EXIT=$?; \(check); sleep 60")
        defer { tmux.stop() }

        try tmux.waitFor("Room (a number, letters to filter, or a name):")
        tmux.keys("kit", "Enter")
        try tmux.waitFor("Rooms matching 'kit':")
        tmux.keys("1", "Enter")
        try tmux.waitFor("Wi-Fi network the speaker should join:")
        tmux.keys("HomeNet", "Enter")
        try tmux.waitFor("Password of HomeNet (empty for an open network):")
        tmux.keys("bad\"quote1", "Enter")
        try tmux.waitFor("The Wi-Fi password contains '\"'")
        try tmux.waitFor("Password of HomeNet (empty for an open network):", count: 2)
        tmux.keys(Self.wifiPassword, "Enter")
        try tmux.waitFor("Password of your SUSI account ada@example.com:")
        tmux.keys(Self.accountPassword, "Enter")
        try tmux.waitFor("[1/5] Room set: Kitchen")
        try tmux.waitFor("The Wi-Fi step failed: The speaker at 127.0.0.1 answered HTTP 500 (its text is not shown: the request carried a password)")
        try tmux.waitFor("Try the Wi-Fi step again? [Y/n]")
        tmux.keys("y", "Enter")
        try tmux.waitFor("EXIT=0")
        try tmux.waitFor("STTY=echo")
        let screen = tmux.screen()
        #expect(screen.contains("[2/5] Wi-Fi network sent: HomeNet"))
        #expect(screen.contains("[5/5] Registered 41:24:AA:9C:C5:78 as 'SUSI Smart Speaker' in Kitchen on local"))
        #expect(!screen.contains(Self.wifiPassword))
        #expect(!screen.contains(Self.accountPassword))
        #expect(!screen.contains("bad\"quote1"))
        #expect(!screen.contains("STTY=-echo"))
        #expect(double.state.passphrase == Self.wifiPassword)
        #expect(double.state.password == Self.accountPassword)
        #expect(double.state.room == "\"Kitchen\"")
    }
}
