import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore

/// `susi onboard` at a terminal, in-process: the pages and every question
/// answered a line at a time (scripted input reads lines, as a dumb
/// terminal does); nothing is written before the confirmation.
@Suite("susi onboard on a terminal")
struct InteractiveSetupTests {
    /// Through the pages (next, back, next, next, next, next), the embedded
    /// SUSI, anonymously, voice en-GB spoken, a sample, no skills, apply.
    static let tour = "n\np\nn\nn\nn\nn\n"
    static let setup = "1\n3\nen-GB\ny\ny\nn\ny\n"

    func terminal(_ home: TemporaryHome, _ extra: [String: String] = [:]) throws -> InProcess {
        let log = home.path + "/speech.log"
        try home.script("fake-espeak", "echo \"$@\" >> \"\(log)\"\n")
        var susi = try home.loginHarness(["SUSI_SPEECH_COMMAND": home.path + "/fake-espeak"].merging(extra) { _, new in new })
        susi.stdinTTY = true
        susi.stdoutTTY = true
        return susi
    }

    @Test func thePagesThenTheSetUpWithTheEmbeddedSUSI() throws {
        let home = try TemporaryHome()
        let susi = try terminal(home)
        let result = susi.run(["onboard"], stdin: Self.tour + Self.setup)
        #expect(result.status == 0, "\(result.stderr)")
        // Each page once forward, page 1 and 2 again after 'p'.
        for (number, title) in [(1, "Login"), (2, "Chat Interface"), (3, "Skill Listing"), (4, "Chat Settings")] {
            #expect(result.stderr.contains("Page \(number) of 4: \(title)\n"))
        }
        #expect(result.stderr.components(separatedBy: "Page 2 of 4: Chat Interface").count == 3)
        #expect(result.stderr.contains("Try: susi skills search joke"))
        #expect(result.stderr.contains("1. Server: keep local."))
        #expect(result.stderr.contains("2. Account: none; use SUSI anonymously."))
        #expect(result.stderr.contains("3. Voice: voice en-GB (English (Great Britain)), answers spoken aloud."))
        #expect(result.stderr.contains("4. Skills: import nothing."))
        #expect(result.stderr.contains("1/4 Server: local; asked 'hello', it answered: "))
        #expect(result.stdout.contains("susi is set up."))
        let config = home.config()
        #expect(config["voice"] as? String == "en-GB")
        #expect(config["speech.output"] as? String == "always")
        #expect(config["onboarded"] as? String == "yes")
        let spoken = String(decoding: home.contents(home.path + "/speech.log") ?? Data(), as: UTF8.self)
        #expect(spoken.contains("en-GB"), "\(spoken)")
        #expect(spoken.contains("This is how I will sound."))
    }

    @Test func skipGoesStraightToTheSetUp() throws {
        let home = try TemporaryHome()
        let result = try terminal(home).run(["onboard"], stdin: "s\n" + Self.setup)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Page 1 of 4: Login"))
        #expect(!result.stderr.contains("Page 2 of 4"))
        #expect(home.config()["onboarded"] as? String == "yes")
    }

    @Test func runningAgainStartsFromTheCurrentValues() throws {
        let home = try TemporaryHome()
        let susi = try terminal(home)
        #expect(susi.run(["onboard", "--server", "local", "--anonymous", "--voice", "de", "--speak", "--yes"]).status == 0)
        // Enter everywhere: every step keeps what is set.
        let again = susi.run(["onboard"], stdin: "s\n\n\n\n\nn\n\n\n")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("Voice (a code above, '?' for all, or '-' to skip): [de]"))
        #expect(again.stderr.contains("Speak chat answers aloud? [Y/n]"))
        #expect(home.config()["voice"] as? String == "de")
        #expect(home.config()["speech.output"] as? String == "always")
    }

    @Test func aServerURLIsAskedHelloAndABadOneOfferedAgain() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let answers = "s\n2\nhttp://127.0.0.1:9\n2\n\(served.url)\n3\n-\nn\nn\ny\n"
        let result = try terminal(home).run(["onboard"], stdin: answers)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("http://127.0.0.1:9 did not answer: "))
        #expect(result.stderr.contains("\(served.url) answered 'hello' with: "))
        #expect(result.stderr.contains("1. Server: local -> \(served.url)."))
        #expect(home.config()["server"] as? String == served.url)
        #expect(home.config()["voice"] == nil)
    }

    @Test func aDumbTerminalGetsNumberedPagesAndTheSameQuestions() throws {
        let home = try TemporaryHome()
        let result = try terminal(home, ["TERM": "dumb"]).run(["onboard"], stdin: Self.tour + Self.setup)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Page 4 of 4: Chat Settings"))
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(home.config()["voice"] as? String == "en-GB")
    }

    /// A home with a login, a config and imported skills, to show that
    /// stopping part way leaves every byte of it as it was.
    func setUpHome() throws -> (TemporaryHome, InProcess) {
        let home = try TemporaryHome()
        let susi = try terminal(home)
        let first = susi.run(["onboard", "--server", "local", "--signup", "--email", "ada@example.com", "--password-stdin",
                              "--machine-key", "--voice", "de", "--import", try home.skillTree(), "--yes"], stdin: "Secret#123\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(home.exists(home.credentialsFile))
        return (home, susi)
    }

    @Test func quittingOnAPageChangesNothing() throws {
        let (home, susi) = try setUpHome()
        let before = home.tree()
        let result = susi.run(["onboard"], stdin: "n\nq\n")
        #expect(result.status == 0)
        #expect(result.stderr.contains("Onboarding stopped; nothing was changed."))
        #expect(result.stdout.isEmpty)
        #expect(home.tree() == before)
    }

    @Test func inputEndingInTheSetUpChangesNothing() throws {
        let (home, susi) = try setUpHome()
        let before = home.tree()
        // The server kept, a login as someone else, then the input ends at the voice question.
        let result = susi.run(["onboard"], stdin: "s\n3\n1\nbob@example.com\nSecret#456\n")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("No answer: input ended."))
        #expect(!result.stderr.contains("Secret#456"))
        #expect(home.tree() == before)
    }

    @Test func decliningTheChangesChangesNothing() throws {
        let (home, susi) = try setUpHome()
        let before = home.tree()
        let result = susi.run(["onboard"], stdin: "s\n1\n3\nen-US\nn\nn\nn\nn\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("3. Voice: voice en-US (English (America)), answers not spoken."))
        #expect(result.stderr.contains("Nothing was changed."))
        #expect(home.tree() == before)
    }
}
