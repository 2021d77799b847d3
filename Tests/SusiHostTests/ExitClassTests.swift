import Foundation
import SusiBasics
import SusiCore
import SusiTestKit
import Testing
@testable import SusiHost

/// Refusals that exited 1 get their sysexits class (decision 0470): what a
/// command names and does not exist is 66, a conflict with what is stored
/// 65, a backend that cannot do it 69. Each leaves everything as it was.
@Suite("Exit classes of refusals")
struct ExitClassTests {
    @Test func deviceRenameOfAnUnknownDeviceIs66() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker])
        let result = susi.run(["device", "rename", "41:24:aa:9c:c5:79", "New name"])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: No device 41:24:AA:9C:C5:79 is registered"))
        #expect(try home.devices(susi).map(\.name) == ["Speaker"])
    }

    @Test func loginSwitchToAnAccountWithNoStoredLoginIs66() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        let token = susi.token()
        let result = susi.run(["login", "switch", "nobody@example.com"])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("There is no stored login for nobody@example.com"))
        #expect(susi.token() == token)
    }

    @Test func reportingTwiceIs65() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        #expect(susi.run(["skills", "report", "jokes", "--reason", "Not funny"]).status == 0)
        let again = susi.run(["skills", "report", "jokes", "--reason", "Still not"])
        #expect(again.status == 65, "\(again.stderr)")
        #expect(again.stderr.contains("already reported"))
    }

    @Test func importAgainstAServerIs69() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let folder = home.path + "/skills"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try home.harness().run(["--server", served.url, "skills", "import", folder])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("Skills can only be imported into and removed from the embedded SUSI"))
        #expect(try home.harness().run(["skills", "list", "--source", "imported"]).stdout == "")
    }

    /// `susi serve` has no /aaa/resendVerificationLink.json: a missing call is 69, said plainly.
    @Test func aMissingServerCallIs69() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let result = try home.harness().run(["--server", served.url, "login", "--resend-verification",
                                             "--email", "ada@example.com"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("has no /aaa/resendVerificationLink.json"), "\(result.stderr)")
    }

    /// `help exit-codes` stays true: the classes used above are described there.
    @Test func helpExitCodesDescribesTheClasses() throws {
        let home = try TemporaryHome()
        let text = try home.harness(["COLUMNS": "200"]).run(["help", "exit-codes"]).stdout
        #expect(text.contains("does not exist"))
        #expect(text.contains("already"))
        #expect(text.contains("lacks the call"))
    }
}
