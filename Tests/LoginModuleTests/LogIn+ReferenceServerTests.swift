import Foundation
import SusiTestKit
import SusiTestSupport
import Testing
@testable import SusiHost

private let password = "Secret#123"
private let ada = "ada@example.com"

/// `susi login` against the reference server's account states
/// (ReferenceAccountServer): an account awaiting verification is not a wrong
/// password, a sign-up that needs verification succeeds, a captcha is explained.
@Suite("susi login against the reference server's account states")
struct LogInReferenceServerTests {
    @Test func anUnverifiedAccountIsToldApartFromAWrongPassword() throws {
        let server = try ReferenceAccountServer()
        defer { server.stop() }
        server.addAccount(ada, password: password, activated: false)
        let home = try TemporaryHome()
        let susi = try home.loginHarness(["SUSI_SERVER": server.baseURL])

        let login = susi.run(["login", "--email", ada, "--password-stdin", "--machine-key"], stdin: password + "\n")
        #expect(login.status == 77)
        #expect(login.stderr.contains("The account \(ada) on \(server.baseURL) awaits e-mail verification."), "\(login.stderr)")
        #expect(login.stderr.contains("susi login --resend-verification --email \(ada)"))
        #expect(!login.stderr.contains("Invalid email or password"))
        #expect(!home.exists(home.sessionFile))

        let wrong = susi.run(["login", "--email", ada, "--password-stdin", "--machine-key"], stdin: "Wrong#1234\n")
        #expect(wrong.status == 77)
        #expect(wrong.stderr.contains("Invalid email or password."))
        #expect(!wrong.stderr.contains("verification"))
    }

    @Test func resendVerificationAsksTheServerAndSaysWhatHappened() throws {
        let server = try ReferenceAccountServer()
        defer { server.stop() }
        server.addAccount(ada, password: password, activated: false)
        server.addAccount("bob@example.com", password: password, activated: true)
        let home = try TemporaryHome()
        let susi = try home.loginHarness(["SUSI_SERVER": server.baseURL])

        let sent = susi.run(["login", "--resend-verification", "--email", ada])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stderr.contains("Asked \(server.baseURL) to mail a new verification link to \(ada)"))
        #expect(server.verificationMails == [ada])
        let request = try #require(server.requests.last)
        #expect(request.path == "/aaa/resendVerificationLink.json")

        let verified = susi.run(["login", "--resend-verification", "--email", "bob@example.com"])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stderr.contains("bob@example.com is verified already"))

        let unknown = susi.run(["login", "--resend-verification", "--email", "eve@example.com"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("There is no account for eve@example.com on \(server.baseURL)."))
        #expect(server.verificationMails == [ada])
        #expect(!home.exists(home.sessionFile))
    }

    @Test func resendVerificationTakesNoPasswordAndTheEmbeddedSUSINeedsNone() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let conflict = susi.run(["login", "--resend-verification", "--email", ada, "--password-stdin"], stdin: password + "\n")
        #expect(conflict.status == 64)
        #expect(conflict.stderr.contains("--resend-verification"))
        let local = susi.run(["login", "--resend-verification", "--email", ada])
        #expect(local.status == 69)
        #expect(local.stderr.contains("active as soon as they are created"), "\(local.stderr)")
    }

    @Test func aSignUpThatNeedsVerificationSucceedsAndSaysSo() throws {
        let server = try ReferenceAccountServer(signupMode: .email)
        defer { server.stop() }
        let home = try TemporaryHome()
        let susi = try home.loginHarness(["SUSI_SERVER": server.baseURL])
        let signup = susi.run(["login", "--signup", "--email", ada, "--password-stdin", "--machine-key"], stdin: password + "\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(signup.stderr.contains("Signed up as \(ada) on \(server.baseURL)."))
        #expect(signup.stderr.contains("needs e-mail verification: open the link the server mailed to \(ada)"))
        #expect(!signup.stderr.contains("Logged in"))
        #expect(server.verificationMails == [ada])
        #expect(!home.exists(home.sessionFile), "nothing is logged in until the account is verified")
    }

    @Test func aCaptchaProtectedSignUpIsExplainedWithExit77() throws {
        let server = try ReferenceAccountServer(signupMode: .captcha)
        defer { server.stop() }
        let home = try TemporaryHome()
        let susi = try home.loginHarness(["SUSI_SERVER": server.baseURL])
        let signup = susi.run(["login", "--signup", "--email", ada, "--password-stdin", "--machine-key"], stdin: password + "\n")
        #expect(signup.status == 77)
        #expect(signup.stderr.contains("The SUSI server at \(server.baseURL) requires a captcha: sign up in its web app, then 'susi login'."),
                "\(signup.stderr)")
        #expect(server.password(of: ada) == nil)
        #expect(!home.exists(home.sessionFile))
    }
}
