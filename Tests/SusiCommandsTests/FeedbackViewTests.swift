import Foundation
import SusiBasics
import SusiPorts
import Testing
import SusiCLI
import SusiCore
@testable import SusiCommands

@Suite struct FeedbackViewTests {
    let utc = TimeZone(identifier: "UTC")!
    // 2026-11-30 23:30 UTC
    let when = Date(timeIntervalSince1970: 1_796_081_400)

    @Test func anEntryShowsWhoWhenStarsAndWrappedText() {
        let entries = [
            SkillFeedback(email: "bob@example.org", userName: "Bobby", text: "Works offline, answers fast and never needs the network at all.",
                          timestamp: when, stars: 4),
            SkillFeedback(email: "ada@example.org", text: "Handy.\n\tSecond line.", timestamp: when.addingTimeInterval(-86400)),
        ]
        let text = FeedbackView.render(entries, style: Style(enabled: false), width: 30, timeZone: utc)
        #expect(text == """
        Bobby
        2026-11-30  rated 4 of 5
          Works offline, answers fast
          and never needs the network
          at all.

        ada@...  2026-11-29  not rated
          Handy.
          \tSecond line.

        """)
        #expect(text.lines.allSatisfy { TextLayout.cells($0) <= 30 })
        // The date is the reader's own day.
        let berlin = FeedbackView.render([entries[0]], style: Style(enabled: false), width: 80, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(berlin.hasPrefix("Bobby  2026-12-01  rated 4 of 5\n"))
    }

    @Test func whatABackendSendsCannotDriveTheTerminal() {
        let entry = SkillFeedback(email: "\u{1B}]52;c;aGk=\u{07}@evil", userName: "", text: "ok\u{1B}[2J\u{9B}31m\r\nerror: forged",
                                  timestamp: when, stars: 9)
        let text = FeedbackView.render([entry], style: Style(enabled: true), width: 80, timeZone: utc)
        let withoutOwnBold = text.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(!withoutOwnBold.unicodeScalars.contains { UntrustedText.isControl($0) && $0 != "\n" })
        #expect(text.contains("\\x1b]52;c;aGk=\\x07@..."))
        #expect(text.contains("ok\\x1b[2J\\u009b31m\\r"))
        #expect(text.contains("not rated"), "stars outside 1...5 are not shown as a rating")
        let named = SkillFeedback(email: "x@y.z", userName: "Eve\nerror: forged", text: "t", timestamp: when)
        #expect(FeedbackView.author(named) == "Eve\\nerror: forged", "a name stays on its line")
    }

    @Test func authorsWithoutANameOrEmail() {
        #expect(FeedbackView.author(SkillFeedback(email: "", text: "t", timestamp: when)) == "someone")
        #expect(FeedbackView.author(SkillFeedback(email: "noatsign", text: "t", timestamp: when)) == "noatsign@...")
        #expect(FeedbackView.author(SkillFeedback(email: "@host", text: "t", timestamp: when)) == "@ho...")
    }

    @Test func jsonUsesTheServerFieldNames() throws {
        let entry = SkillFeedback(email: "bob@example.org", userName: "Bobby", text: "Good.", timestamp: when, stars: 4)
        let json = try JSONOutput.encode([FeedbackView.JSON(entry)])
        #expect(json.contains("\"email\" : \"bob@example.org\""))
        #expect(json.contains("\"feedback\" : \"Good.\""))
        #expect(json.contains("\"timestamp\" : \"2026-11-30T23:30:00.000Z\""))
        #expect(json.contains("\"user_name\" : \"Bobby\""))
        #expect(json.contains("\"rating\" : 4"))
    }
}

extension String {
    var lines: [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
