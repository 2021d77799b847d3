import Foundation
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// `susi feedback delete`: only the user's own, a login needed, "none" is 1.
@Suite struct DeleteFeedbackTests {
    @Test func deletesOnlyTheUsersOwn() throws {
        let fixture = try FeedbackFixture()
        let bob = try FeedbackFixture.account("bob@example.org", in: fixture.home)
        let susi = try fixture.harness()
        #expect(susi.run(["feedback", "time", "Mine."]).status == 0)
        #expect(try fixture.harness(token: bob).run(["feedback", "time", "Bob's."]).status == 0)
        let deleted = susi.run(["feedback", "delete", "time"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stderr == "Deleted your feedback on Time.\n")
        #expect(try fixture.stored().map(\.text) == ["Bob's."])

        let again = susi.run(["feedback", "rm", "time"])
        #expect(again.status == 66)
        #expect(again.stderr == "error: You have no feedback on Time.\nPost some with 'susi feedback time \"text\"'.\n")
        #expect(try fixture.stored().map(\.text) == ["Bob's."])
    }

    @Test func jsonSaysWhatWasDeleted() throws {
        let fixture = try FeedbackFixture()
        let susi = try fixture.harness()
        #expect(susi.run(["feedback", "time", "Mine."]).status == 0)
        let result = susi.run(["feedback", "delete", "time", "--json"])
        #expect(result.stdout == "{\n  \"deleted\" : true,\n  \"skill\" : \"models/general/Knowledge/en/time.txt\"\n}\n")
    }

    @Test func deletingNeedsALoginAndChangesNothingWithout() throws {
        let fixture = try FeedbackFixture()
        #expect(try fixture.harness().run(["feedback", "time", "Mine."]).status == 0)
        let before = try fixture.everything()
        let anonymous = try fixture.harness(token: .some(nil)).run(["feedback", "delete", "time"])
        #expect(anonymous.status == 77)
        #expect(anonymous.stderr == "error: Deleting feedback needs an account.\nLog in with 'susi login' (or sign up with 'susi login --signup').\n")
        let stale = try fixture.harness(token: "not-a-token").run(["feedback", "delete", "time"])
        #expect(stale.status == 77)
        // The rejected token is SUSI_TOKEN's: the way out is to unset it.
        #expect(stale.stderr.contains("unset SUSI_TOKEN"))
        let unknown = try fixture.harness().run(["feedback", "delete", "no_such_skill"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("No skill named 'no_such_skill', and none with a similar name."))
        #expect(try fixture.everything() == before)
    }
}
