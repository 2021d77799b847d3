import Foundation
import SusiTestKit
import Testing
import SusiTestSupport

/// Device setup checks the account password against the account's server
/// (a login) before the account step is sent: a wrong one is refused with
/// 77 in a script and nothing reaches the speaker (issue 38, major 2).
@Suite("Speaker setup checks the account password first")
struct SetupDevicePasswordCheckTests {
    static let probes: Set<String> = ["/check_ap", "/install", "/mac"]

    @Test(arguments: [false, true])
    func aWrongPasswordOnStandardInputExits77AndSendsNothing(onServer: Bool) throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let served = onServer ? try ServedSUSI() : nil
        let home = try TemporaryHome()
        let susi = try home.setupHarness(double, server: served?.url)
        let wrong = "Wrong#Pass-99"
        let result = susi.setup([], account: wrong)
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("error: The SUSI server at \(served?.url ?? "local") did not accept the password for ada@example.com; nothing was sent to the speaker."),
                "\(result.stderr)")
        #expect(!result.stderr.contains("set up"))
        // Nothing beyond finding the speaker reached it: no room, no Wi-Fi, no account.
        #expect(double.requests.map(\.path).filter { !Self.probes.contains($0) } == [], "\(double.requests.map(\.path))")
        #expect(double.state.password == nil)
        #expect(!(result.stdout + result.stderr).contains(wrong))
        #expect(!home.everythingWritten().contains(wrong))
        #expect(!home.exists(home.path + "/state/device-setup.json"), "no progress to resume: nothing was done")
    }

    @Test func theRightPasswordStillSetsTheSpeakerUp() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let susi = try home.setupHarness(double, server: served.url)
        let result = susi.setup([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(double.state.password == "Secret#123")
        #expect(result.stderr.contains("[3/5] Account sent: ada@example.com"))
    }
}

/// On a terminal a wrong password is asked again, and only the right one
/// reaches the speaker.
@Suite("Speaker setup asks a wrong account password again", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct SetupDevicePasswordPromptTests {
    @Test func aWrongPasswordIsAskedAgainAndNeverSent() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let home = try TemporaryHome()
        _ = try home.setupHarness(nil)
        let environment = "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 SUSI_SPEAKER=\(double.address) TERM=xterm"
        let tmux = try Tmux(command: "\(environment) \(EndToEnd.binary) device setup --room Kitchen --wifi-ssid HomeNet; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("Password of HomeNet (empty for an open network):")
        tmux.keys("wifi-pass-42", "Enter")
        try tmux.waitFor("Password of your SUSI account ada@example.com:")
        tmux.keys("Wrong#Pass-99", "Enter")
        try tmux.waitFor("did not accept the password for ada@example.com")
        try tmux.waitFor("Password of your SUSI account ada@example.com:", count: 2)
        #expect(double.requests.map(\.path).filter { !SetupDevicePasswordCheckTests.probes.contains($0) } == [])
        tmux.keys("Secret#123", "Enter")
        try tmux.waitFor("EXIT=0")
        let screen = tmux.screen()
        #expect(screen.contains("[3/5] Account sent: ada@example.com"))
        #expect(!screen.contains("Wrong#Pass-99"))
        #expect(double.state.password == "Secret#123")
        let auths = double.requests.filter { $0.path == "/auth" }
        #expect(auths.count == 1)
        #expect(!auths.contains { $0.target.contains("Wrong") })
    }
}
