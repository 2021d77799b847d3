import Foundation
import SusiTestKit
import Testing
import SusiVault

@Suite("susi login key")
struct LoginKeyTests {
    @Test func switchesBetweenMachineKeyAndPassphraseExplicitly() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        let token = susi.token()
        #expect(!token.isEmpty)

        let secret = home.path + "/passphrase.txt"
        try Data("correct horse\n".utf8).write(to: URL(fileURLWithPath: secret))
        let toPassphrase = susi.run(["login", "key", "--passphrase", "--new-passphrase-file", secret])
        #expect(toPassphrase.status == 0, "\(toPassphrase.stderr)")
        #expect(toPassphrase.stderr.contains("passphrase"))
        #expect(try Vault.status(at: home.credentialsFile).protection == .passphrase)

        // The token now needs the passphrase; with it, nothing was lost.
        let locked = susi.run(["login", "token"])
        #expect(locked.status != 0)
        #expect(susi.run(["login", "token", "--passphrase-file", secret]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == token)

        // A wrong current passphrase changes nothing.
        let wrong = home.path + "/wrong.txt"
        try Data("wrong horse\n".utf8).write(to: URL(fileURLWithPath: wrong))
        let before = home.contents(home.credentialsFile)
        let refused = susi.run(["login", "key", "--machine-key", "--passphrase-file", wrong])
        #expect(refused.status == 77)
        #expect(home.contents(home.credentialsFile) == before)

        let back = susi.run(["login", "key", "--machine-key", "--passphrase-file", secret])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try Vault.status(at: home.credentialsFile).protection == .machineKey)
        #expect(susi.token() == token)
    }

    @Test func badCommandLinesAreRefused() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let nothing = susi.run(["login", "key", "--machine-key"])
        #expect(nothing.status == 66)
        #expect(nothing.stderr.contains("There is no credential file"))
        susi.signUp()
        let neither = susi.run(["login", "key"])
        #expect(neither.status == 64)
        #expect(neither.stderr.contains("--machine-key or --passphrase"))
        let both = susi.run(["login", "key", "--machine-key", "--passphrase"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--machine-key and --passphrase cannot be used together."))
        let mixed = susi.run(["login", "key", "--machine-key", "--new-passphrase-file", "/dev/null"])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("--new-passphrase-file needs --passphrase."))
        let before = home.contents(home.credentialsFile)
        let reset = susi.run(["login", "--reset-credentials", "--machine-key"])
        #expect(reset.status == 64)
        #expect(reset.stderr.contains("--reset-credentials cannot be combined with --machine-key."))
        #expect(home.contents(home.credentialsFile) == before)
        let noPrompt = susi.run(["login", "key", "--passphrase"])
        #expect(noPrompt.status == 64)
        #expect(noPrompt.stderr.contains("--new-passphrase-file"))
        #expect(try Vault.status(at: home.credentialsFile).protection == .machineKey)
    }
}
