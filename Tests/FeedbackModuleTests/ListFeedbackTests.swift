import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// `susi feedback list`: newest first, anyone may list, --limit, --json.
@Suite struct ListFeedbackTests {
    /// Ada (rated 4, no user name) posts first, then Bob ("Bobby") an hour later.
    func twoEntries() throws -> FeedbackFixture {
        let fixture = try FeedbackFixture()
        let bob = try FeedbackFixture.account("bob@example.org", in: fixture.home)
        let service = try fixture.home.service()
        try service.changeSettings(["userName": "Bobby"], token: bob)
        _ = try service.rate(timeSkill, stars: 4, token: fixture.token)
        var ada = try fixture.harness()
        ada.now = { FeedbackFixture.noon.addingTimeInterval(-3600) }
        #expect(ada.run(["feedback", "time", "Handy, and it works without any network connection at all."]).status == 0)
        #expect(try fixture.harness(token: bob).run(["feedback", "time", "Works offline."]).status == 0)
        return fixture
    }

    @Test func newestFirstWithWhoDateStarsAndWrappedText() throws {
        let fixture = try twoEntries()
        let result = try fixture.harness(token: .some(nil), ["COLUMNS": "40"]).run(["feedback", "list", "time"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
        Bobby  2026-12-01  not rated
          Works offline.

        ada@...  2026-12-01  rated 4 of 5
          Handy, and it works without any
          network connection at all.

        """)
        #expect(result.stderr.isEmpty)
    }

    @Test func limitKeepsTheNewest() throws {
        let fixture = try twoEntries()
        let susi = try fixture.harness(token: .some(nil))
        let one = susi.run(["feedback", "list", "time", "--limit", "1"])
        #expect(one.stdout == "Bobby  2026-12-01  not rated\n  Works offline.\n")
        let short = susi.run(["feedback", "ls", "time", "-n", "1", "--json"])
        #expect(short.stdout.contains("Works offline.") && !short.stdout.contains("Handy"))
        for bad in ["0", "-1", "many", "1.5"] {
            let refused = susi.run(["feedback", "list", "time", "--limit", bad])
            #expect(refused.status == 64, "\(bad): \(refused.stderr)")
            #expect(refused.stderr.contains("--limit"), "\(refused.stderr)")
        }
    }

    @Test func jsonHasTheServerFieldNames() throws {
        let fixture = try twoEntries()
        let result = try fixture.harness().run(["feedback", "list", "time", "--json"])
        #expect(result.status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(Set(entries[0].keys) == ["email", "feedback", "timestamp", "user_name", "rating"])
        #expect(entries[0]["email"] as? String == "bob@example.org")
        #expect(entries[0]["user_name"] as? String == "Bobby")
        #expect(entries[0]["rating"] as? Int == 0)
        #expect(entries[0]["timestamp"] as? String == "2026-12-01T12:00:00.000Z")
        #expect(entries[1]["feedback"] as? String == "Handy, and it works without any network connection at all.")
        #expect(entries[1]["rating"] as? Int == 4)
        let none = try fixture.harness().run(["feedback", "list", "dice", "--json"])
        #expect(none.stdout == "[\n\n]\n" || none.stdout == "[]\n", "\(none.stdout.debugDescription)")
    }

    @Test func noFeedbackSaysSoOnStderr() throws {
        let fixture = try FeedbackFixture()
        let result = try fixture.harness(token: .some(nil)).run(["feedback", "list", "dice"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "No feedback on Dice yet.\n")
    }

    /// Names, emails and texts from a backend never reach the terminal raw.
    @Test func storedControlCharactersAreShownEscaped() throws {
        let fixture = try FeedbackFixture()
        // Written straight into the database, as a hostile or older backend might have it.
        let service = try fixture.home.service()
        try service.changeSettings(["userName": "Eve\u{1B}[2J\u{07}"], token: fixture.token)
        try fixture.home.storeFeedbackUnchecked(skill: timeSkill, email: "ada@example.org", text: "ok\u{1B}]52;c;aGk=\u{07}\nerror: forged")
        var susi = try fixture.harness(token: .some(nil))
        susi.stdoutTTY = true
        let result = susi.run(["feedback", "list", "time"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Eve\\x1b[2J\\x07"))
        #expect(result.stdout.contains("  ok\\x1b]52;c;aGk=\\x07\n  error: forged"))
        #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{07}" })
    }
}
