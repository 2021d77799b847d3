import Foundation
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// `susi feedback SKILL TEXT` and `susi feedback post`: posting, replacing,
/// standard input, and every refusal with its message, status and nothing
/// stored.
@Suite struct PostFeedbackTests {
    @Test func postingThenPostingAgainReplacesAndSaysSo() throws {
        let fixture = try FeedbackFixture()
        let susi = try fixture.harness()
        let first = susi.run(["feedback", "time", "Handy."])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "Posted your feedback on Time.\n")
        #expect(first.stdout.isEmpty)
        let again = susi.run(["feedback", "post", "TIME", "Very handy."])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr == "Replaced your earlier feedback on Time.\n")
        #expect(try fixture.stored().map(\.text) == ["Very handy."])
        #expect(try fixture.stored().map(\.email) == ["ada@example.org"])
        #expect(try fixture.home.service().skill(timeSkill).rating.feedbackCount == 1)
    }

    @Test func jsonSaysWhatWasStoredAndWhetherItReplaced() throws {
        let fixture = try FeedbackFixture()
        let susi = try fixture.harness()
        let first = susi.run(["feedback", "time", "  Handy.\n", "--json"])
        #expect(first.status == 0)
        #expect(first.stdout == """
        {
          "feedback" : "Handy.",
          "replaced" : false,
          "skill" : "models/general/Knowledge/en/time.txt"
        }

        """)
        #expect(susi.run(["--json", "feedback", "time", "Again."]).stdout.contains("\"replaced\" : true"))
    }

    @Test func subcommandNamesWinAndPostReachesASkillOfThatName() throws {
        let fixture = try FeedbackFixture()
        let skills = fixture.home.path + "/skills"
        try FileManager.default.createDirectory(atPath: skills + "/models/general/Fun/en", withIntermediateDirectories: true)
        try "::name List\n::description A skill named list.\nshow the list\nHere is the list.\n"
            .write(toFile: skills + "/models/general/Fun/en/list.txt", atomically: true, encoding: .utf8)
        let susi = try fixture.harness()
        let imported = susi.run(["skills", "import", skills])
        #expect(imported.status == 0, "\(imported.stderr)")
        // `list` is the subcommand: it lists the feedback on the skill named next.
        let listed = susi.run(["feedback", "list", "time"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stderr == "No feedback on Time yet.\n")
        // Through `post`, `list` is the skill.
        let posted = susi.run(["feedback", "post", "list", "Good list."])
        #expect(posted.status == 0, "\(posted.stderr)")
        #expect(posted.stderr == "Posted your feedback on List.\n")
        let shown = susi.run(["feedback", "list", "list"])
        #expect(shown.stdout.contains("Good list."))
        #expect(try fixture.stored().isEmpty, "nothing went to the time skill")
    }

    @Test func standardInputIsReadWithDash() throws {
        let fixture = try FeedbackFixture()
        let susi = try fixture.harness()
        let result = susi.run(["feedback", "time", "-"], stdin: "First line.\r\n\tIndented second.\n\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try fixture.stored().map(\.text) == ["First line.\n\tIndented second."])
    }

    @Test func standardInputIsBoundedAndCheckedAsText() throws {
        let fixture = try FeedbackFixture()
        let susi = try fixture.harness()
        try #require(susi.run(["feedback", "time", "Kept."]).status == 0)
        let before = try fixture.everything()

        // Far more than the limit: refused without holding it all.
        let flood = susi.run(["feedback", "time", "-"], stdin: String(repeating: "x", count: 200_000))
        #expect(flood.status == 64)
        #expect(flood.stderr.contains("error: Feedback is limited to 2000 characters (standard input has more than 12096 bytes)."))
        let manyLines = susi.run(["feedback", "time", "-"], stdin: String(repeating: "word\n", count: 5000))
        #expect(manyLines.status == 64)
        #expect(manyLines.stderr.contains("Feedback is limited to 2000 characters"))
        // Within the bytes but over the characters.
        let long = susi.run(["feedback", "time", "-"], stdin: String(repeating: "y", count: 2001))
        #expect(long.status == 64)
        #expect(long.stderr.contains("error: Feedback is limited to 2000 characters (this has 2001)."))
        // Not text.
        let binary = susi.run(["feedback", "time", "-"], stdinBytes: [0x61, 0xFF, 0xFE, 0x0A])
        #expect(binary.status == 65)
        #expect(binary.stderr.contains("The feedback on standard input"))
        let nul = susi.run(["feedback", "time", "-"], stdinBytes: [0x61, 0x00, 0x62])
        #expect(nul.status == 65)
        let empty = susi.run(["feedback", "time", "-"], stdin: " \n\t\n")
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("error: Feedback cannot be empty."))
        #expect(try fixture.everything() == before, "nothing changed")
    }

    @Test func badTextIsRefusedWithItsReasonAndNothingChanges() throws {
        let fixture = try FeedbackFixture()
        let susi = try fixture.harness()
        try #require(susi.run(["feedback", "time", "Kept."]).status == 0)
        let before = try fixture.everything()
        let cases: [(String, String)] = [
            ("", "error: Feedback cannot be empty."),
            ("   \n\t ", "error: Feedback cannot be empty."),
            (String(repeating: "é", count: 2001), "error: Feedback is limited to 2000 characters (this has 2001)."),
            ("Nice\u{1B}[31m red", "error: Feedback cannot contain control characters or terminal escape sequences (U+001B at character 5); line breaks and tabs are fine."),
            ("title \u{1B}]0;owned\u{07}", "(U+001B at character 7)"),
            ("csi \u{9B}2J", "(U+009B at character 5)"),
            ("bell\u{07}", "(U+0007 at character 5)"),
            ("back\u{8}space", "(U+0008 at character 5)"),
        ]
        for (text, message) in cases {
            let result = susi.run(["feedback", "time", text])
            #expect(result.status == 64, "\(text.debugDescription): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}]0;") && !result.stderr.contains("\u{9B}"), "never echoed raw")
        }
        #expect(try fixture.everything() == before, "nothing changed")
        // At the limit, and with line breaks and tabs, it is taken.
        let exact = "a\n\t" + String(repeating: "é", count: 1997)
        #expect(susi.run(["feedback", "time", exact]).status == 0)
        #expect(try fixture.stored().map(\.text) == [exact])
    }

    @Test func postingNeedsALogin() throws {
        let fixture = try FeedbackFixture()
        try #require(try fixture.harness().run(["feedback", "time", "Kept."]).status == 0)
        let before = try fixture.everything()
        let anonymous = try fixture.harness(token: .some(nil)).run(["feedback", "time", "Anonymous."])
        #expect(anonymous.status == 77)
        #expect(anonymous.stderr == "error: Posting feedback needs an account.\nLog in with 'susi login' (or sign up with 'susi login --signup').\n")
        let stdin = try fixture.harness(token: .some(nil)).run(["feedback", "time", "-"], stdin: "From a pipe.")
        #expect(stdin.status == 77)
        let revoked = try fixture.harness(token: "not-a-token").run(["feedback", "time", "Stale."])
        #expect(revoked.status == 77)
        // The rejected token is SUSI_TOKEN's: the way out is to unset it.
        #expect(revoked.stderr.contains("unset SUSI_TOKEN"))
        #expect(try fixture.everything() == before, "nothing changed")
    }

    @Test func noTextAndNoTerminalIsAUsageErrorNamingTheWays() throws {
        let fixture = try FeedbackFixture()
        let before = try fixture.everything()
        let result = try fixture.harness(["EDITOR": "/bin/false"]).run(["feedback", "time"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: No feedback text given.\nGive it as an argument (susi feedback SKILL \"text\"), pass '-' to read it from standard input, or run on a terminal to write it in $VISUAL or $EDITOR.\n"))
        #expect(result.stderr.contains("Usage: susi feedback <skill> [<text>]"))
        #expect(try fixture.everything() == before)
    }

    @Test func unknownAndAmbiguousSkillsAreRefusedBeforeAnythingIsSent() throws {
        let fixture = try FeedbackFixture()
        let before = try fixture.everything()
        let typo = try fixture.harness().run(["feedback", "tme", "Hm."])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("error: No skill named 'tme'. Did you mean 'time'?"))
        let empty = try fixture.harness().run(["feedback", " ", "Hm."])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("error: Name a skill."))
        #expect(try fixture.everything() == before)
    }
}
