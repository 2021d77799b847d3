import Foundation
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore
import SusiLocal
import SusiStore

private let jokes = SkillRef(group: "Novelty and Humour", language: "en", name: "jokes")

extension TemporaryHome {
    /// Rows of a table of this home's database.
    func rows(_ table: String) throws -> Int {
        try Database(path: path + "/data/susi.db").scalar("SELECT count(*) FROM \(table)")?.int ?? -1
    }
}

@Suite("susi skills report, bookmark, bookmarks")
struct ReportAndBookmarkTests {
    @Test func theyNeedALogin() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        for argv in [["skills", "report", "jokes", "--reason", "rude"], ["skills", "bookmark", "jokes"],
                     ["skills", "bookmark", "jokes", "--remove"], ["skills", "bookmarks"]] {
            let result = susi.run(argv)
            #expect(result.status == 77, "\(argv): \(result.stderr)")
            #expect(result.stderr.contains("needs an account"), "\(argv)")
            #expect(result.stderr.contains("susi login"), "\(argv)")
        }
        #expect(try home.rows("reports") == 0)
        #expect(try home.rows("bookmarks") == 0)
    }

    /// On a terminal, a report without --reason asks for one, as feedback
    /// asks for its text; an empty answer sends nothing.
    @Test func onATerminalReportAsksForTheReason() throws {
        let home = try TemporaryHome()
        var susi = try home.loginHarness()
        susi.signUp()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let empty = susi.run(["skills", "report", "jokes"], stdin: "\n")
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stderr.contains("Why is Jokes inappropriate?"), "\(empty.stderr)")
        #expect(empty.stderr.contains("Not reported: no reason given."))
        #expect(try home.rows("reports") == 0)
        let asked = susi.run(["skills", "report", "jokes"], stdin: "Offensive answers\n")
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stderr.contains("Reported Jokes. Thank you."))
        #expect(try home.rows("reports") == 1)
    }

    @Test func reportOnceWithAReason() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        let missing = susi.run(["skills", "report", "jokes"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("Say why with --reason TEXT."))
        for reason in ["", "   ", String(repeating: "x", count: ServiceRules.reportLimit + 1)] {
            let refused = susi.run(["skills", "report", "jokes", "--reason", reason])
            #expect(refused.status == 64, "\(refused.stderr)")
        }
        #expect(try home.rows("reports") == 0)
        let reported = susi.run(["skills", "report", "jokes", "--reason", "Not funny at all"])
        #expect(reported.status == 0, "\(reported.stderr)")
        #expect(reported.stderr.contains("Reported Jokes."))
        let again = susi.run(["skills", "report", "jokes", "--reason", "Still not"])
        #expect(again.status == 65)
        #expect(again.stderr.contains("already reported"))
        #expect(try home.rows("reports") == 1)
    }

    @Test func bookmarkListAndRemove() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        let none = susi.run(["skills", "bookmarks"])
        #expect(none.status == 0)
        #expect(none.stderr.contains("You have no bookmarks yet."))
        #expect(susi.run(["skills", "bookmark", "jokes"]).stderr.contains("Bookmarked Jokes."))
        #expect(susi.run(["skills", "bookmark", "Knowledge/time"]).status == 0)
        let list = susi.run(["skills", "bookmarks"])
        #expect(Set(list.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }) == ["jokes", "time"])
        let info = susi.run(["skills", "info", "jokes"])
        #expect(info.stdout.contains("Bookmarked by you."))
        #expect(info.stdout.contains("  Feedback: 0 reviews, 1 bookmark\n"), "\(info.stdout)")
        let json = susi.run(["--json", "skills", "info", "jokes"])
        #expect(json.stdout.contains("\"bookmarked\" : true"))
        let removed = susi.run(["skills", "bookmark", "jokes", "--remove"])
        #expect(removed.stderr.contains("Removed the bookmark on Jokes."))
        #expect(susi.run(["skills", "info", "jokes"]).stdout.contains("Not bookmarked ('susi skills bookmark jokes')."))
        let bookmarkJSON = susi.run(["--json", "skills", "bookmark", "jokes"])
        #expect(bookmarkJSON.stdout.contains("\"bookmark\" : true"))
        #expect(try home.rows("bookmarks") == 2)
    }

    /// A second bookmark (or removal) says it already was so, and changes nothing.
    @Test func bookmarkingTwiceSaysItAlreadyWas() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        #expect(susi.run(["skills", "bookmark", "jokes"]).stderr == "Bookmarked Jokes.\n")
        let again = susi.run(["skills", "bookmark", "jokes"])
        #expect(again.status == 0)
        #expect(again.stderr == "Jokes was already bookmarked.\n")
        #expect(try home.rows("bookmarks") == 1)
        #expect(susi.run(["skills", "bookmark", "jokes", "--remove"]).stderr == "Removed the bookmark on Jokes.\n")
        let removedAgain = susi.run(["skills", "bookmark", "jokes", "--remove"])
        #expect(removedAgain.status == 0)
        #expect(removedAgain.stderr == "Jokes was not bookmarked.\n")
        #expect(try home.rows("bookmarks") == 0)
    }
}
