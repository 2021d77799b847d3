import Foundation
import SusiPorts
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost
import SusiBasics

/// `susi skills info`: the skill screen with its five-star chart.
@Suite struct SkillInfoCommandTests {
    func rated(_ home: TemporaryHome) throws {
        let service = try home.service()
        let time = SkillRef(group: "Knowledge", language: "en", name: "time")
        // Each rating replaces the rater's own, so anonymous raters are
        // stored through distinct accounts' tokens here.
        for (index, stars) in [5, 5, 4, 1].enumerated() {
            let email = "rater\(index)@example.org"
            try service.signUp(email: email, password: "Secret#123")
            let grant = try service.login(email: email, password: "Secret#123", validFor: nil)
            _ = try service.rate(time, stars: stars, token: grant.token)
        }
    }

    @Test func aUTF8TerminalShowsBlockBarsPipedShowsNumbers() throws {
        let home = try TemporaryHome()
        try rated(home)
        var susi = try home.harness(["LANG": "en_US.UTF-8", "NO_COLOR": "1"])
        susi.stdoutTTY = true
        let shown = susi.run(["skills", "info", "time"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Stars:\n  3.8 from 4 ratings\n  5★ █"))
        #expect(shown.stdout.contains("  2  (50%)\n"))
        #expect(shown.stdout.split(separator: "\n").allSatisfy { TextLayout.cells(String($0)) <= 80 })

        var ascii = try home.harness(["LANG": "C", "NO_COLOR": "1"])
        ascii.stdoutTTY = true
        #expect(ascii.run(["skills", "info", "time"]).stdout.contains("  5  #"))

        let piped = try home.harness().run(["skills", "info", "time"])
        #expect(piped.stdout.contains("  5\t2\t50%\n  4\t1\t25%\n  3\t0\t0%\n  2\t0\t0%\n  1\t1\t25%\n"))
        #expect(!piped.stdout.contains("█"))
    }

    @Test func anUnratedSkillSaysSo() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "info", "time"])
        #expect(result.stdout.contains("Stars:\n  Not rated yet\n  You have not rated it: 'susi rate time 1-5'\n"))
    }

    @Test func theScreenShowsTheUsersOwnStars() throws {
        let home = try TemporaryHome()
        try rated(home)
        let susi = try home.harness()
        #expect(susi.run(["rate", "time", "2"]).status == 0)
        let shown = susi.run(["skills", "info", "time"])
        #expect(shown.stdout.contains("  3.4 from 5 ratings\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("  Your rating: 2 stars (change it with 'susi rate time 1-5')\n"))
        // Without a login there is no bookmark to tell of.
        #expect(!shown.stdout.contains("ookmarked"))
        let json = susi.run(["--json", "skills", "info", "time"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["your_stars"] as? Int == 2)
        #expect(object["bookmarked"] == nil)
        let stars = (object["rating"] as? [String: Any])?["stars"] as? [String: Any]
        #expect(stars?["total_star"] as? Int == 5)
        #expect(stars?["avg_star"] as? Double == 3.4)
    }

    /// A server without a login cannot tell the user's stars: the screen
    /// leaves them out instead of failing.
    @Test func aServerWithoutALoginLeavesTheUsersPartOut() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let result = try home.harness().run(["--server", served.url, "skills", "info", "time"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Stars:\n  Not rated yet\n"))
        #expect(!result.stdout.contains("rated it"))
        let json = try home.harness().run(["--json", "--server", served.url, "skills", "info", "time"])
        #expect(!json.stdout.contains("your_stars"))
    }

    @Test func usedOnceAndAtMostFiveExamples() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let intents = (1...7).map { "say \($0)\n!example:say \($0)\nSaid \($0).\n" }.joined(separator: "\n")
        try ("::name Sayer\n" + intents).write(toFile: dir + "/sayer.txt", atomically: true, encoding: .utf8)
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        #expect(susi.run(["chat", "say 3"]).stdout == "Said 3.\n")
        let shown = susi.run(["skills", "info", "sayer"])
        #expect(shown.stdout.contains("Used:     once\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("  5. say 5\n"))
        #expect(!shown.stdout.contains("say 6"))
        #expect(shown.stdout.contains("'susi skills try sayer N'"))
        let json = susi.run(["--json", "skills", "info", "sayer"])
        #expect(json.stdout.contains("say 7"))
    }

    @Test func theThreeNewestFeedbackEntriesAreShown() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        #expect(susi.run(["skills", "info", "time"]).stdout.contains("Feedback:\n  None yet. Write some with 'susi feedback time \"...\"'.\n"))
        let service = try home.service()
        let time = SkillRef(group: "Knowledge", language: "en", name: "time")
        for index in 0..<4 {
            let email = "writer\(index)@example.org"
            try service.signUp(email: email, password: "Secret#123")
            let token = try service.login(email: email, password: "Secret#123", validFor: nil).token
            try service.postFeedback(time, text: "Review number \(index).", token: token)
            usleep(2_000)
        }
        let shown = susi.run(["skills", "info", "time"])
        #expect(shown.stdout.contains("Feedback (4):\n  writer3@...  "), "\(shown.stdout)")
        #expect(shown.stdout.contains("    Review number 1.\n"))
        #expect(!shown.stdout.contains("Review number 0."))
        #expect(shown.stdout.contains("  All 4: 'susi feedback list time'.\n"))
        let json = susi.run(["--json", "skills", "info", "time"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let entries = try #require(object["feedback"] as? [[String: Any]])
        #expect(entries.map { $0["feedback"] as? String } == ["Review number 3.", "Review number 2.", "Review number 1."])
        #expect(entries.first?["user_name"] as? String == "")
    }
}

/// The SUSI server's catalogue has no intent count: a remote skill shows
/// none (null in --json), never a false 0; the embedded SUSI shows its count.
@Suite("Intent counts only where the backend reports them")
struct IntentCountTests {
    @Test func aRemoteSkillHasNoIntentCountAndALocalOneHasItsOwn() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let susi = try home.harness()
        let info = susi.run(["--server", served.url, "skills", "info", "time"])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(!info.stdout.contains("Intents:"), "\(info.stdout)")
        let json = susi.run(["--json", "--server", served.url, "skills", "info", "time"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["intents"] is NSNull, "\(json.stdout)")
        let list = susi.run(["--json", "--server", served.url, "skills", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        let skills = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(!skills.isEmpty)
        #expect(skills.allSatisfy { $0["intents"] is NSNull })

        let local = susi.run(["skills", "info", "time"])
        #expect(local.stdout.contains("Intents:"), "\(local.stdout)")
        let localList = susi.run(["--json", "skills", "list"])
        let localSkills = try #require(try JSONSerialization.jsonObject(with: Data(localList.stdout.utf8)) as? [[String: Any]])
        #expect(localSkills.allSatisfy { ($0["intents"] as? Int ?? 0) > 0 })
    }
}

/// With --server, the commands a screen suggests keep it, and the commands
/// that run skill files here say so.
@Suite("--server in suggestions and local runs")
struct ServerFlagSuggestionTests {
    @Test func theTryLineKeepsTheServer() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let result = try home.harness().run(["--server", served.url, "skills", "info", "time"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("'susi --server \(served.url) skills try time"), "\(result.stdout)")
        #expect(result.stdout.contains("'susi --server \(served.url) chat \"...\"'"))
        let local = try home.harness().run(["skills", "info", "time"])
        #expect(local.stdout.contains("'susi skills try time"))
    }

    @Test func skillFilesRunLocallyAndSaySoWithAServer() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let file = home.path + "/hello.txt"
        try "hello there\n!example:hello there\n!expect:Hi from the file.\nHi from the file.\n".write(toFile: file, atomically: true, encoding: .utf8)
        let susi = try home.harness()
        let chat = susi.run(["--server", served.url, "chat", "--skill", file, "hello there"])
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(chat.stdout == "Hi from the file.\n")
        #expect(chat.stderr.contains("--skill runs the skill files on this machine, not on \(served.url); add --on-server to send them to it."), "\(chat.stderr)")
        let test = susi.run(["--server", served.url, "skills", "test", file])
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stderr.contains("'skills test' runs the examples on this machine, not on \(served.url)."), "\(test.stderr)")
        let plain = susi.run(["chat", "--skill", file, "hello there"])
        #expect(!plain.stderr.contains("on this machine"))
    }
}

/// A suggested command that quotes a skill's name is quoted for the shell:
/// copying it runs what it says and nothing else.
@Suite struct SuggestedCommandQuotingTests {
    @Test func aSkillNameWithSpacesOrShellSyntaxIsQuotedInEverySuggestion() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "::name Odd\nsay odd\n!example:say odd\nOdd.\n".write(toFile: dir + "/sp ace$(touch PWNED).txt", atomically: true, encoding: .utf8)
        let susi = try home.harness()
        let imported = susi.run(["skills", "import", home.path + "/tree"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let shown = susi.run(["skills", "info", "sp ace$(touch PWNED)"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("'susi rate 'sp ace$(touch PWNED)' 1-5'"), "\(shown.stdout)")
        #expect(shown.stdout.contains("'susi feedback 'sp ace$(touch PWNED)' \"...\"'"), "\(shown.stdout)")
        #expect(shown.stdout.contains("'susi skills try 'sp ace$(touch PWNED)'' or"), "\(shown.stdout)")
    }

    @Test(arguments: ["sp ace", "$(touch PWNED)", "it's", "a\"b", "`x`", "", "-x", "a;b|c&d", "ok-name_1.2@x"])
    func aQuotedWordReachesAShellUnchangedAndRunsNothing(_ word: String) throws {
        let folder = try TemporaryHome()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf '%s' " + ShellQuote.word(word)]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = ChildEnvironment.make(home: folder.path)
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == word)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/PWNED"))
    }
}
