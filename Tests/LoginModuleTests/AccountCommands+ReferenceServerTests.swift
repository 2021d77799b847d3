import Foundation
import SusiTestKit
import SusiTestSupport
import Testing
@testable import SusiHost

private let password = "Secret#123"
private let newPassword = "Better#4567"
private let ada = "ada@example.com"

/// `susi login passwd` and `susi logout` against the reference server's
/// quirks: a 500 after the password was changed, and a logout that keeps
/// the token valid.
@Suite("susi login passwd and susi logout against the reference server")
struct AccountCommandsReferenceServerTests {
    private func loggedIn(_ server: ReferenceAccountServer, _ home: TemporaryHome) throws -> InProcess {
        server.addAccount(ada, password: password)
        let susi = try home.loginHarness(["SUSI_SERVER": server.baseURL])
        let login = susi.run(["login", "--email", ada, "--password-stdin", "--machine-key"], stdin: password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        return susi
    }

    @Test func a500AfterTheChangeIsReportedAsTheChangeItWas() throws {
        let server = try ReferenceAccountServer(passwordChange: .changesThenFails)
        defer { server.stop() }
        let home = try TemporaryHome()
        let susi = try loggedIn(server, home)
        let change = susi.run(["login", "passwd", "--password-stdin"], stdin: "\(password)\n\(newPassword)\n")
        #expect(change.status == 0, "\(change.stderr)")
        #expect(change.stderr.contains("Changed the password of \(ada)."))
        #expect(!change.stderr.contains("failed"))
        #expect(server.password(of: ada) == newPassword)
        // The check was a login with the new password.
        #expect(server.requests.contains { String(decoding: $0.body, as: UTF8.self).contains("password=Better%234567") && $0.path == "/aaa/login.json" })
        #expect(susi.run(["login", "status"]).status == 0, "this login stays")
    }

    @Test func a500BeforeTheChangeSaysThePasswordStays() throws {
        let server = try ReferenceAccountServer(passwordChange: .failsUnchanged)
        defer { server.stop() }
        let home = try TemporaryHome()
        let susi = try loggedIn(server, home)
        let change = susi.run(["login", "passwd", "--password-stdin"], stdin: "\(password)\n\(newPassword)\n")
        #expect(change.status == 69)
        #expect(change.stderr.contains("The server failed with HTTP 500 on /aaa/changepassword.json: Failed to change password; the password was not changed (the new one does not log in)."),
                "\(change.stderr)")
        #expect(server.password(of: ada) == password)
        #expect(!change.stderr.contains(newPassword) && !change.stderr.contains(password))
        #expect(susi.run(["login", "status"]).status == 0)
    }

    @Test func aLogoutThatKeepsTheTokenSaysSo() throws {
        let server = try ReferenceAccountServer()
        defer { server.stop() }
        let home = try TemporaryHome()
        let susi = try loggedIn(server, home)
        let token = susi.token()
        let logout = susi.run(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.stderr.contains("The server keeps this token valid until "), "\(logout.stderr)")
        #expect(logout.stderr.contains("; it was removed from this machine."))
        #expect(logout.stderr.contains("Logged out of \(server.baseURL) as \(ada)."))
        #expect(!logout.stderr.contains(token))
        #expect(server.accepts(token: token))
        #expect(!home.exists(home.sessionFile))
        let checks = server.requests.filter { String(decoding: $0.body, as: UTF8.self).contains("checkLogin=true") }
        #expect(!checks.isEmpty)
    }

    @Test func aLogoutThatRevokesSaysNothingMore() throws {
        let server = try ReferenceAccountServer(logoutRevokes: true)
        defer { server.stop() }
        let home = try TemporaryHome()
        let susi = try loggedIn(server, home)
        let token = susi.token()
        let logout = susi.run(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(!logout.stderr.contains("keeps this token valid"))
        #expect(!server.accepts(token: token))
    }
}
