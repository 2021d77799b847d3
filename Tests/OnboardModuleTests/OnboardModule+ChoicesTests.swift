import Foundation
import SusiTestKit
import Testing
import SusiHost

/// Onboarding's small choices (issue 38): 'q' on the tour is a choice (0,
/// nothing changed), counts are singular when one, and the voice step
/// offers the language's voices first and the rest on request.
@Suite("susi onboard: quitting, counts, voices")
struct OnboardChoicesTests {
    func terminal(_ home: TemporaryHome, _ extra: [String: String] = [:]) throws -> InProcess {
        try home.script("fake-espeak", "exit 0\n")
        var susi = try home.loginHarness(["SUSI_SPEECH_COMMAND": home.path + "/fake-espeak"].merging(extra) { _, new in new })
        susi.stdinTTY = true
        susi.stdoutTTY = true
        return susi
    }

    @Test(arguments: ["q\n", "n\nquit\n", "n\nQ\n"])
    func qOnTheTourExitsZeroAndChangesNothing(_ keys: String) throws {
        let home = try TemporaryHome()
        let susi = try terminal(home)
        let before = home.allFiles()
        let result = susi.run(["onboard"], stdin: keys)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Onboarding stopped; nothing was changed."), "\(result.stderr)")
        #expect(!result.stderr.contains("error:"))
        #expect(!result.stderr.contains("Set-up"))
        #expect(result.stdout.isEmpty)
        #expect(home.allFiles() == before)
    }

    @Test func oneImportedSkillIsSingular() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let tree = try home.skillTree()
        let result = susi.run(["onboard", "--server", "local", "--anonymous", "--voice", "en-US", "--import", tree, "--yes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("4/4 Skills: imported 1 skill with 1 intent from \(tree)."), "\(result.stderr)")
    }

    @Test func theVoiceStepOffersTheLanguagesVoicesFirstAndTheRestOnRequest() throws {
        let home = try TemporaryHome()
        let susi = try terminal(home)
        // skip the tour, embedded SUSI, anonymous, '?' then en-GB, not spoken, no sample, no skills, apply.
        let result = susi.run(["onboard"], stdin: "s\n1\n3\n?\nen-GB\nn\nn\nn\ny\n")
        #expect(result.status == 0, "\(result.stderr)")
        let offered = try #require(result.stderr.split(separator: "\n").first { $0.contains("Voices for en:") })
        #expect(offered.contains("en-GB"))
        #expect(!offered.contains(" de "), "\(offered)")
        #expect(result.stderr.contains("'?' lists all "), "\(result.stderr)")
        let after = try #require(result.stderr.components(separatedBy: "All installed voices:").last)
        let all = after.components(separatedBy: "? Voice").first ?? ""
        #expect(all.contains(" de "), "\(all)")
        #expect(all.contains(" en-GB "), "\(all)")
        #expect(home.config()["voice"] as? String == "en-GB")
    }
}
