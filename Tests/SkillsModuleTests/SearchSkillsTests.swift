import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore

@Suite("susi skills search")
struct SearchSkillsTests {
    /// A tree where one word is in a name, an example, a description and an author.
    func homeWithLanterns() throws -> (TemporaryHome, InProcess) {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let skills = [
            "by_author": "::name Owls\n::author Lantern Guild\nhoot\nHoot.\n",
            "by_description": "::name Moths\n::description Moths fly to a lantern at night.\nflutter\nFlutter.\n",
            "by_example": "::name Night walk\nlight my lantern\n!example:light my lantern\nIt is lit.\n",
            "glow": "::name Glow\n::description Glows at night.\nglow\nGlow.\n",
            "lantern": "::name Lantern\nlantern on\nOn.\n",
        ]
        for (name, text) in skills {
            try text.write(toFile: "\(dir)/\(name).txt", atomically: true, encoding: .utf8)
        }
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        return (home, susi)
    }

    @Test func nameComesBeforeExamplesBeforeDescriptionBeforeAuthor() throws {
        let (home, susi) = try homeWithLanterns()
        defer { withExtendedLifetime(home) {} }
        let result = susi.run(["skills", "search", "lantern"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(names == ["lantern", "by_example", "by_description", "by_author"])
        let json = susi.run(["--json", "skills", "search", "LANTERN", "--limit", "2"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["lantern", "by_example"])
    }

    @Test func equalMatchesGoByStars() throws {
        let (home, susi) = try homeWithLanterns()
        defer { withExtendedLifetime(home) {} }
        // "night" is in two descriptions (equal), and in one name (first).
        let unrated = susi.run(["skills", "search", "night", "--group", "Fun"]).stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(unrated == ["by_example", "by_description", "glow"])
        #expect(susi.run(["rate", "Fun/glow", "5"]).status == 0)
        let rated = susi.run(["skills", "search", "night", "--group", "Fun"]).stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(rated == ["by_example", "glow", "by_description"])
    }

    @Test func everyWordMustMatch() throws {
        let (home, susi) = try homeWithLanterns()
        defer { withExtendedLifetime(home) {} }
        let result = susi.run(["skills", "search", "lantern", "zebra"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No skill matches 'lantern zebra'."))
    }

    @Test func noWordsIsAUsageError() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "search", " "])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Say what to look for"))
    }

    @Test func theBundledSkillsRankTheirOwnName() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "search", "joke"])
        #expect(result.stdout.hasPrefix("jokes\t"), "\(result.stdout)")
    }
}

@Suite("susi skills try")
struct TrySkillTests {
    @Test func theFirstExampleGoesToChatAndJoinsTheHistory() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["skills", "try", "jokes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("you> Tell me a joke\n"))
        #expect(result.stdout.split(separator: "\n").count >= 2)
        let history = susi.run(["chat", "history"])
        #expect(history.stdout.contains("Tell me a joke"), "\(history.stdout)")
        // So the answer can be rated like any chat answer.
        let thumbs = susi.run(["chat", "thumbs", "up"])
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        #expect(thumbs.stderr.contains("jokes up"))
    }

    @Test func theNthExample() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "try", "jokes", "6"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("you> knock knock\n"), "\(result.stdout)")
    }

    @Test(arguments: ["0", "7", "two", "-1", "1.5"])
    func anExampleThatIsNotThereIsAUsageError(_ number: String) throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["skills", "try", "jokes", number])
        #expect(result.status == 64, "\(number): \(result.stderr)")
        #expect(result.stderr.contains("Jokes has 6 examples: pick 1 to 6, not '\(number)'."), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // Nothing was asked.
        #expect(susi.run(["chat", "history"]).stdout.isEmpty)
    }

    @Test func aSkillWithoutExamples() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "quiet please\nOK.\n".write(toFile: dir + "/quiet.txt", atomically: true, encoding: .utf8)
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        let result = susi.run(["skills", "try", "quiet"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("quiet has no examples to try."))
    }

    @Test func jsonIsTheChatReply() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["--json", "skills", "try", "time"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["query"] as? String == "What time is it?")
        #expect(object["answers"] != nil)
    }
}
