import Foundation
import SusiCommands
import SusiTestKit
import Testing
@testable import SusiHost
import SusiBasics
import SusiCore
import SusiLocal
import SusiVault

private let password = "Secret#123"
private let ada = "ada@example.com"
private let bob = "bob@example.com"

@Suite("susi login")
struct LoginCommandTests {
    @Test func signUpLogInStatusTokenAndLogout() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let signup = susi.signUp()
        #expect(signup.stderr.contains("Signed up as ada@example.com on local."))
        #expect(signup.stderr.contains("Logged in to local as ada@example.com."))
        #expect(signup.stderr.contains("machine key file \(home.path)/data/key"))
        #expect(permissions(home.credentialsFile) == 0o600)
        #expect(permissions(home.sessionFile) == 0o600)
        #expect(permissions(home.path + "/data/key") == 0o600)

        let token = susi.token()
        #expect(token.count >= 20)
        let session = String(decoding: home.contents(home.sessionFile) ?? Data(), as: UTF8.self)
        #expect(session.contains("\"account\" : \"ada@example.com\""))
        #expect(session.contains("\"key_source\" : \"machine-key\""))
        #expect(!session.contains(token))

        let status = susi.run(["login", "status"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("Server:      local"))
        #expect(status.stdout.contains("Account:     ada@example.com"))
        #expect(status.stdout.contains("Token:       \(token.prefix(4))**** (from credentials file)"))
        #expect(status.stdout.contains("Expires:     "))
        #expect(status.stdout.contains("Credentials: Tokens are stored in \(home.credentialsFile), encrypted with the machine key file"))
        #expect(!status.stdout.contains("Credentials: Credentials"))
        #expect(!status.stdout.contains(token))

        let json = susi.run(["login", "status", "--json"])
        #expect(json.stdout.contains("\"protection\" : \"machine-key\""))
        #expect(json.stdout.contains("\"token_valid\" : true"))

        // Logging in again (no --signup) replaces the stored token.
        let again = susi.run(["login", "--email", ada, "--password-stdin"], stdin: password + "\n")
        #expect(again.status == 0)
        #expect(susi.token() != token)

        let logout = susi.run(["logout"])
        #expect(logout.status == 0)
        #expect(logout.stderr.contains("Logged out of local as ada@example.com."))
        #expect(!home.exists(home.sessionFile))
        #expect(try home.service().identity(token: token).anonymous)
        #expect(susi.run(["login", "token"]).status == 77)
        #expect(susi.run(["logout"]).stderr.contains("Not logged in."))
    }

    @Test func aPasswordOnTheCommandLineIsRefused() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        for arguments in [["login", "--email", ada, "--password", password, "--machine-key"],
                          ["login", "passwd", "--password=\(password)"]] {
            let result = susi.run(arguments)
            #expect(result.status == 64)
            #expect(result.stderr.contains("A password is not accepted on the command line"))
            #expect(result.stderr.contains("--password-stdin"))
        }
        #expect(home.allFiles().isEmpty)
    }

    @Test func withoutATerminalEveryMissingAnswerNamesItsFlag() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let noEmail = susi.run(["login", "--password-stdin", "--machine-key"], stdin: password + "\n")
        #expect(noEmail.status == 64)
        #expect(noEmail.stderr.contains("pass --email"))

        let noPassword = susi.run(["login", "--email", ada, "--machine-key"])
        #expect(noPassword.status == 64)
        #expect(noPassword.stderr.contains("pass --password-stdin"))

        // No silent choice of key: without a terminal, the user must pick one.
        let noKey = susi.run(["login", "--signup", "--email", ada, "--password-stdin"], stdin: password + "\n")
        #expect(noKey.status == 64)
        #expect(noKey.stderr.contains("Choose how to protect the stored token"))
        #expect(noKey.stderr.contains("--machine-key"))
        #expect(!home.exists(home.credentialsFile))
        #expect(!home.exists(home.sessionFile))
        #expect(try !home.service().isRegistered(email: ada))
    }

    @Test func signUpExplainsThePasswordRules() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let result = susi.run(["login", "--signup", "--email", ada, "--password-stdin", "--machine-key"], stdin: "short\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("The password does not meet the rules"))
        #expect(result.stderr.contains("Nothing was created"))
        // The rule is printed once, in the message; the hint does not repeat it.
        #expect(result.stderr.components(separatedBy: "at least 8 and at most 64 characters").count == 2)
        #expect(!home.exists(home.credentialsFile))
        #expect(!home.exists(home.sessionFile))
        #expect(try !home.service().isRegistered(email: ada))
    }

    @Test func passphraseFromAFileAndAWrongPassphrase() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let right = home.path + "/pass-right", wrong = home.path + "/pass-wrong"
        try Data("correct horse\n".utf8).write(to: URL(fileURLWithPath: right))
        try Data("battery staple\n".utf8).write(to: URL(fileURLWithPath: wrong))
        susi.signUp(key: ["--passphrase-file", right])
        #expect(susi.run(["login", "status"]).stdout.contains("key derived from your passphrase"))
        let before = home.contents(home.credentialsFile)

        let token = susi.run(["login", "token", "--passphrase-file", right])
        #expect(token.status == 0)
        let refused = susi.run(["login", "token", "--passphrase-file", wrong])
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("Wrong passphrase"))
        #expect(refused.stdout.isEmpty)

        // Every module resolves the same way: SUSI_PASSPHRASE, else a terminal.
        let chat = try home.loginHarness(["SUSI_PASSPHRASE": "battery staple"]).run(["chat", "hello"])
        #expect(chat.status == 77)
        let locked = susi.run(["chat", "hello"])
        #expect(locked.status == 77)
        #expect(locked.stderr.contains("protected by a passphrase, and there is no terminal"))
        let viaEnvironment = try home.loginHarness(["SUSI_PASSPHRASE": "correct horse"]).run(["login", "token"])
        #expect(viaEnvironment.stdout == token.stdout)

        // The other kind of key is refused, never switched to.
        let mismatch = susi.run(["login", "--email", ada, "--password-stdin", "--machine-key"], stdin: password + "\n")
        #expect(mismatch.status == 77)
        #expect(mismatch.stderr.contains("protected by a passphrase, not a machine key"))
        #expect(home.contents(home.credentialsFile) == before)
        #expect(!home.exists(home.path + "/data/key"))
    }

    @Test func passphrasePromptedOnATerminal() throws {
        let home = try TemporaryHome()
        var susi = try home.loginHarness()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        // E-mail, password twice, new passphrase twice.
        let signup = susi.run(["login", "--signup"], stdin: "\(ada)\n\(password)\n\(password)\npass phrase\npass phrase\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(signup.stderr.contains("Choose a passphrase"))
        #expect(!signup.stderr.contains(password))
        #expect(!signup.stdout.contains(password))

        let token = susi.run(["login", "token"], stdin: "pass phrase\n")
        #expect(token.status == 0)
        let retried = susi.run(["login", "token"], stdin: "nope\npass phrase\n")
        #expect(retried.stderr.contains("Wrong passphrase; try again."))
        #expect(retried.stdout == token.stdout)
        let before = home.contents(home.credentialsFile)
        let refused = susi.run(["login", "token"], stdin: "a\nb\nc\npass phrase\n")
        #expect(refused.status == 77)
        #expect(refused.stderr.components(separatedBy: "Wrong passphrase; try again.").count == 3)
        #expect(home.contents(home.credentialsFile) == before)
    }

    @Test func aDamagedFileIsRefusedAndOnlyMovedAsideOnRequest() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        var bytes = try #require(home.contents(home.credentialsFile))
        bytes[bytes.count - 5] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: home.credentialsFile))
        chmod(home.credentialsFile, 0o600)

        for arguments in [["login", "token"], ["login", "status"], ["chat", "hello"], ["logout"]] {
            let result = susi.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.contains("corrupted or has been tampered with"))
            #expect(result.stderr.contains("--reset-credentials"))
        }
        #expect(home.contents(home.credentialsFile) == bytes)

        let reset = susi.run(["login", "--reset-credentials"])
        #expect(reset.status == 0)
        #expect(reset.stderr.contains("nothing was deleted"))
        #expect(!home.exists(home.credentialsFile))
        #expect(!home.exists(home.sessionFile))
        let aside = try FileManager.default.contentsOfDirectory(atPath: home.path + "/data").filter { $0.hasPrefix("credentials.corrupt-") }
        #expect(aside.count == 1)
        #expect(home.contents(home.path + "/data/" + aside[0]) == bytes)
        #expect(susi.run(["login", "status"]).stdout.contains("not logged in"))
    }

    @Test func aTruncatedFileIsRefusedUntouched() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        let bytes = try #require(home.contents(home.credentialsFile)).prefix(90)
        try Data(bytes).write(to: URL(fileURLWithPath: home.credentialsFile))
        chmod(home.credentialsFile, 0o600)
        let result = susi.run(["login", "token"])
        #expect(result.status == 65)
        #expect(home.contents(home.credentialsFile) == Data(bytes))
    }

    @Test func susiTokenOverridesTheVaultAndIsNeverStored() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness(["SUSI_TOKEN": "from-the-environment-123"])
        let token = susi.run(["login", "token"])
        #expect(token.stdout == "from-the-environment-123\n")
        let status = susi.run(["login", "status"])
        #expect(status.status == 77)
        #expect(status.stdout.contains("(from SUSI_TOKEN)"))
        #expect(status.stderr.contains("no longer accepts the token"))
        #expect(susi.run(["logout"]).stderr.contains("SUSI_TOKEN is set"))
        #expect(!home.exists(home.credentialsFile))
        #expect(!home.exists(home.sessionFile))
        for file in home.allFiles() {
            #expect(!(String(data: home.contents(file) ?? Data(), encoding: .isoLatin1) ?? "").contains("from-the-environment"))
        }
    }

    @Test func anonymousUseAndCommandsThatNeedAnAccount() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let status = susi.run(["login", "status"])
        // Logged out is exit 1, as `gh auth status`, so scripts can test it.
        #expect(status.status == 1)
        #expect(status.stderr.isEmpty)
        #expect(status.stdout.contains("not logged in (anonymous use)"))
        #expect(status.stdout.contains("No credential file"))
        for arguments in [["login", "token"], ["login", "passwd", "--password-stdin"], ["login", "switch"]] {
            let result = susi.run(arguments)
            #expect(result.status == 77, "\(arguments)")
            #expect(result.stderr.contains("needs an account"))
            #expect(result.stderr.contains("Log in with 'susi login'"))
        }
        #expect(susi.run(["chat", "hello"]).status == 0)
        #expect(!home.exists(home.credentialsFile))
    }

    @Test func aRevokedTokenIsDetected() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        try home.service().logout(token: susi.token())
        let status = susi.run(["login", "status"])
        #expect(status.status == 77)
        #expect(status.stderr.contains("The server no longer accepts the token for ada@example.com"))
        #expect(status.stderr.contains("Log in again with 'susi login'"))
        let passwd = susi.run(["login", "passwd", "--password-stdin"], stdin: "\(password)\nNewer#4567\n")
        #expect(passwd.status == 77)
        #expect(passwd.stderr.contains("no longer valid"))
    }

    @Test func switchingBetweenAccounts() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp(ada)
        let adaToken = susi.token()
        susi.signUp(bob)
        let bobToken = susi.token()
        #expect(adaToken != bobToken)

        let list = susi.run(["login", "switch"])
        #expect(list.stdout.contains("\tlocal\tada@example.com\t"))
        #expect(list.stdout.contains("*\tlocal\tbob@example.com\t"))
        let switched = susi.run(["login", "switch", ada])
        #expect(switched.status == 0)
        #expect(switched.stderr.contains("Now logged in to local as ada@example.com."))
        #expect(susi.token() == adaToken)
        #expect(susi.run(["login", "status"]).stdout.contains("Account:     ada@example.com"))

        let unknown = susi.run(["login", "switch", "carol@example.com"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("no stored login for carol@example.com"))
        #expect(susi.token() == adaToken)
    }

    @Test func changeAndRecoverThePassword() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        let weak = susi.run(["login", "passwd", "--password-stdin"], stdin: "\(password)\nweak\n")
        #expect(weak.status == 64)
        #expect(weak.stderr.contains("does not meet the rules"))
        let wrong = susi.run(["login", "passwd", "--password-stdin"], stdin: "Wrong#1234\nNewer#4567\n")
        #expect(wrong.status == 77)
        let changed = susi.run(["login", "passwd", "--password-stdin"], stdin: "\(password)\nNewer#4567\n")
        #expect(changed.status == 0)
        #expect(changed.stderr.contains("Changed the password of ada@example.com."))
        #expect(susi.run(["login", "--email", ada, "--password-stdin"], stdin: password + "\n").status == 77)
        #expect(susi.run(["login", "--email", ada, "--password-stdin"], stdin: "Newer#4567\n").status == 0)

        // The embedded SUSI cannot send mail, and says so.
        let forgot = susi.run(["login", "forgot"])
        #expect(forgot.status == 69)
        #expect(forgot.stderr.contains("cannot send e-mail"))
        // The same for an address without an account: nothing tells them apart.
        let unknown = susi.run(["login", "forgot", "--email", "nobody@example.com"])
        #expect(unknown.status == 69)
        #expect(unknown.stderr == forgot.stderr)
    }

    @Test func chatSendsTheToken() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        #expect(susi.run(["chat", "my name is kim"]).status == 0)
        #expect(susi.run(["chat", "what is my name"]).stdout.contains("Your name is kim."))
        // Anonymous callers have their own memory.
        let anonymous = try home.loginHarness(["SUSI_TOKEN": "not-a-token"]).run(["chat", "what is my name"])
        #expect(!anonymous.stdout.contains("kim"))
    }

    /// A whole scripted session, then every file under SUSI_HOME and every
    /// captured byte of output is searched for the password and the token.
    @Test func secretsAppearNowhereInPlaintext() throws {
        let home = try TemporaryHome()
        var susi = try home.loginHarness()
        var output = ""
        func run(_ arguments: [String], stdin: String = "") -> InProcess.Result {
            let result = susi.run(arguments, stdin: stdin)
            output += result.stdout + result.stderr
            return result
        }
        let secondPassword = "Second#Pass9"
        #expect(run(["login", "--signup", "--email", ada, "--password-stdin", "--machine-key"], stdin: password + "\n").status == 0)
        #expect(run(["login", "--email", ada, "--password-stdin"], stdin: password + "\n").status == 0)
        #expect(run(["login", "status"]).status == 0)
        let token = susi.run(["login", "token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run(["login", "passwd", "--password-stdin"], stdin: "\(password)\n\(secondPassword)\n").status == 0)
        #expect(run(["chat", "my name is kim"]).status == 0)
        susi.stdinTTY = true
        susi.stdoutTTY = true
        #expect(run(["chat"], stdin: "what is my name\n").status == 0)
        susi.stdinTTY = false
        susi.stdoutTTY = false
        #expect(run(["logout"]).status == 0)

        #expect(token.count >= 20)
        for secret in [password, secondPassword, token] {
            #expect(!output.contains(secret))
            for file in home.allFiles() {
                let bytes = home.contents(file) ?? Data()
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret.prefix(3))… found in \(file)")
            }
        }
        #expect(home.exists(home.credentialsFile))
    }
}
