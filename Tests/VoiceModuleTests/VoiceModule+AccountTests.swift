import Foundation
import SusiTestKit
import Testing
import SusiCore
import SusiLocal
@testable import SusiHost

@Suite("susi voice follows the account")
struct VoiceAccountTests {
    @Test func changesArePushedWhileLoggedInAndPulledAtLogin() throws {
        let home = try TemporaryHome()
        let harness = try home.loginHarness()
        // Anonymous: local only, nothing said about an account.
        #expect(harness.run(["voice", "rate", "1.25"]).stderr == "Set the rate to 1.25 (219 words per minute).\n")
        harness.signUp()
        let token = harness.token()

        var result = harness.run(["voice", "set", "en-US"])
        #expect(result.stderr == "SUSI's voice is now en-US (English (America)).\nSaved to your account on local too.\n")
        result = harness.run(["voice", "pitch", "1.5"])
        #expect(result.stderr.hasSuffix("Saved to your account on local too.\n"))
        // config set is the same setting, so it is pushed too.
        #expect(harness.run(["config", "set", "speech.rate", "0.75"]).stderr == "Set speech.rate to 0.75.\nSaved to your account on local too.\n")
        #expect(try home.service().settings(token: token) == ["ttsLanguage": "en-US", "speechPitch": "1.5", "speechRate": "0.75"])

        // Another machine changed the account: the next login brings it here.
        try home.service().changeSettings(["speechRate": "2.0", "ttsLanguage": "de"], token: token)
        #expect(harness.run(["logout"]).status == 0)
        let login = harness.run(["login", "--email", "ada@example.com", "--password-stdin"], stdin: "Secret#123\n")
        #expect(login.status == 0)
        #expect(login.stderr.contains("Took speech.rate, voice from your account.\n"))
        #expect(harness.run(["voice", "show"]).stdout == "voice\tde\tGerman\nrate\t2.0\t350 words per minute\npitch\t1.5\tespeak-ng pitch 75\n")

        // Reset goes to the account as the defaults and an empty voice.
        #expect(harness.run(["voice", "reset"]).status == 0)
        #expect(try home.service().settings(token: harness.token()) == ["ttsLanguage": "", "speechPitch": "1.0", "speechRate": "1.0"])
    }

    @Test func badInputIsNotPushed() throws {
        let home = try TemporaryHome()
        let harness = try home.loginHarness()
        harness.signUp()
        #expect(harness.run(["voice", "rate", "5"]).status == 64)
        #expect(harness.run(["voice", "set", "nope-nope"]).status == 64)
        #expect(try home.service().settings(token: harness.token()) == [:])
    }

    /// An account the server cannot reach: the local change stands, a warning says so.
    @Test func anUnreachableAccountLeavesTheLocalChange() throws {
        let home = try TemporaryHome()
        let harness = try home.harness(["SUSI_SERVER": "http://127.0.0.1:9", "SUSI_TOKEN": "abc"])
        let result = harness.run(["voice", "rate", "1.5"])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("Set the rate to 1.5 (263 words per minute).\nwarning: Changed here only; your account on http://127.0.0.1:9 was not updated: "))
        #expect(harness.run(["voice", "rate"]).stdout == "1.5\n")
    }
}
