import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

@Suite("susi remind watch --install-service")
struct ServiceInstallTests {
    @Test func writesTheUnitAndEnablesItWhereAUserManagerRuns() throws {
        let home = try TemporaryHome()
        let log = home.path + "/systemctl.log"
        try home.script("bin/systemctl", "printf '%s\\n' \"$*\" >> '\(log)'\n")
        let susi = try home.harness(["PATH": home.path + "/bin", "XDG_CONFIG_HOME": home.path + "/xdg"])
        let result = susi.run(["remind", "watch", "--install-service"])
        #expect(result.status == 0, "\(result.stderr)")
        let unit = try String(contentsOfFile: home.path + "/xdg/systemd/user/susi-remind-watch.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/") && unit.contains(" remind watch\n"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "--user daemon-reload\n--user enable --now susi-remind-watch.service\n")
        #expect(result.stdout.contains("Enabled and started susi-remind-watch.service"))
    }

    @Test func saysWhatToDoWhereNoUserManagerRuns() throws {
        let home = try TemporaryHome()
        try home.script("bin/systemctl", "echo 'Failed to connect to bus' >&2; exit 1\n")
        let susi = try home.harness(["PATH": home.path + "/bin", "XDG_CONFIG_HOME": home.path + "/xdg"])
        let result = susi.run(["remind", "watch", "--install-service"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("No systemd user manager answers here"), "\(result.stderr)")
        #expect(result.stderr.contains("autostart"))
        // No systemctl at all: said too.
        let bare = try home.harness(["PATH": home.path + "/empty", "XDG_CONFIG_HOME": home.path + "/xdg"])
        let none = bare.run(["remind", "watch", "--install-service"])
        #expect(none.status == 69)
        #expect(none.stderr.contains("systemctl was not found"), "\(none.stderr)")
    }
}
