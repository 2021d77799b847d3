import Foundation
import SusiTestKit
import Testing

/// An optional part of a page never fails the page: a server that cannot
/// list bookmarks still shows the skill, the user's stars and the
/// feedback, and says in one line what it cannot tell (issue 38, major 1).
@Suite("skills info on a backend that lacks a capability")
struct SkillInfoCapabilityTests {
    @Test func loggedInAgainstAServerTheScreenShowsWhatTheServerCanTell() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let signUp = susi.run(["--server", served.url, "login", "--signup", "--email", "ada@example.com",
                               "--password-stdin", "--machine-key"], stdin: "Secret#123\n")
        #expect(signUp.status == 0, "\(signUp.stderr)")
        #expect(susi.run(["--server", served.url, "rate", "time", "4"]).status == 0)

        let shown = susi.run(["--server", served.url, "skills", "info", "time"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderr == "", "\(shown.stderr)")
        #expect(shown.stdout.contains("  Your rating: 4 stars (change it with 'susi rate time 1-5')\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("  Bookmark: not shown; SUSI servers have no call that lists bookmarks.\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Feedback:\n"))
        #expect(!shown.stdout.contains("error"))

        let json = susi.run(["--json", "--server", served.url, "skills", "info", "time"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["your_stars"] as? Int == 4)
        #expect(object["bookmarked"] == nil, "the server cannot tell: the key is left out, never a false 'false'")
    }
}
