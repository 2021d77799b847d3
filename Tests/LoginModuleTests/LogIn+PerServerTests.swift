import Foundation
import SusiTestKit
import SusiTestSupport
import Testing
@testable import SusiHost

private let password = "Secret#123"

/// Logins are per server: after `--server A login`, `--server B` uses the
/// login stored for B; `-v` says which identity a command runs as.
@Suite("Logins per server")
struct LogInPerServerTests {
    @Test func aCommandForAnotherServerUsesTheLoginStoredForIt() throws {
        let a = try ReferenceAccountServer()
        let b = try ReferenceAccountServer()
        defer { a.stop(); b.stop() }
        a.addAccount("ada@example.com", password: password)
        b.addAccount("bob@example.com", password: password)
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        #expect(susi.run(["--server", b.baseURL, "login", "--email", "bob@example.com", "--password-stdin", "--machine-key"],
                         stdin: password + "\n").status == 0)
        #expect(susi.run(["--server", a.baseURL, "login", "--email", "ada@example.com", "--password-stdin", "--machine-key"],
                         stdin: password + "\n").status == 0)
        let session = try #require(home.contents(home.sessionFile))

        // The active login is ada's on A; a command for B runs as bob.
        let onB = susi.run(["-v", "--server", b.baseURL, "login", "status"])
        #expect(onB.status == 0, "\(onB.stderr)")
        #expect(onB.stdout.contains("bob@example.com"), "\(onB.stdout)")
        #expect(onB.stderr.contains("identity: bob@example.com on \(b.baseURL) (the login stored for it; the active one is for \(a.baseURL))"), "\(onB.stderr)")
        #expect(home.contents(home.sessionFile) == session, "the active login stays ada's on A")

        let onA = susi.run(["-v", "--server", a.baseURL, "login", "status"])
        #expect(onA.stdout.contains("ada@example.com"), "\(onA.stdout)")
        #expect(onA.stderr.contains("identity: ada@example.com on \(a.baseURL) (the active login)"), "\(onA.stderr)")

        let other = try ReferenceAccountServer()
        defer { other.stop() }
        let anonymous = susi.run(["-v", "--server", other.baseURL, "login", "status"])
        #expect(anonymous.status == 1)
        #expect(anonymous.stderr.contains("identity: anonymous on \(other.baseURL) (no login stored for it"), "\(anonymous.stderr)")

        let token = susi.run(["-v", "--server", b.baseURL, "login", "status"], stdin: "")
        #expect(!token.stderr.contains("tok"), "no token in -v output")
    }

    @Test func aPassphraseFileIsNotAskedForToLookForAnotherServersLogin() throws {
        let a = try ReferenceAccountServer()
        let b = try ReferenceAccountServer()
        defer { a.stop(); b.stop() }
        a.addAccount("ada@example.com", password: password)
        let home = try TemporaryHome()
        let phrase = home.path + "/phrase"
        try "a long passphrase\n".write(toFile: phrase, atomically: true, encoding: .utf8)
        let susi = try home.loginHarness()
        #expect(susi.run(["--server", a.baseURL, "login", "--email", "ada@example.com", "--password-stdin", "--passphrase-file", phrase],
                         stdin: password + "\n").status == 0)
        let onB = susi.run(["-v", "--server", b.baseURL, "login", "status"])
        #expect(onB.status == 1, "\(onB.stderr)")
        #expect(onB.stderr.contains("needs the credential file's passphrase"), "\(onB.stderr)")
        #expect(!onB.stderr.contains("locked"), "\(onB.stderr)")
    }
}
