import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

/// Search ranks by field (name, title, examples, description, author) and
/// says where the words were found: the MATCHED column on a terminal,
/// `matched` in JSON; the piped columns stay as they are.
@Suite("skills search and list --search: relevance and why a row matched")
struct SearchSkillsMatchedTests {
    func home() throws -> (TemporaryHome, InProcess) {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let skills = [
            // "comet" twice in the description, but only in the description.
            "sky_facts": "::name Sky facts\n::description A comet, another comet, and stars.\nsky\nBlue.\n",
            "by_example": "::name Night walk\nlook at the comet\n!example:look at the comet\nThere it is.\n",
            "by_title": "::name Comet watch\nwatch\nWatching.\n",
            "comet": "::name Tails\ncomet on\n!example:comet on\nOn.\n",
        ]
        for (name, text) in skills {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(dir)/\(name).txt"))
        }
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        return (home, susi)
    }

    func names(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    @Test func nameThenTitleThenExamplesThenDescription() throws {
        let (home, susi) = try home()
        defer { withExtendedLifetime(home) {} }
        let expected = ["comet", "by_title", "by_example", "sky_facts"]
        #expect(names(susi.run(["skills", "search", "comet"]).stdout) == expected)
        #expect(names(susi.run(["skills", "list", "--search", "comet"]).stdout) == expected)
        #expect(names(susi.run(["skills", "list", "--search", "comet", "--reverse"]).stdout) == expected.reversed())
    }

    @Test func jsonSaysWhereTheWordsWereFound() throws {
        let (home, susi) = try home()
        defer { withExtendedLifetime(home) {} }
        for argv in [["skills", "search", "comet", "--json"], ["skills", "list", "--search", "comet", "--json"]] {
            let result = susi.run(argv)
            #expect(result.status == 0, "\(argv): \(result.stderr)")
            let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(list.map { $0["name"] as? String } == ["comet", "by_title", "by_example", "sky_facts"])
            #expect(list.map { $0["matched"] as? [String] } == [["name", "examples"], ["title"], ["examples"], ["description"]], "\(argv)")
        }
        // Not searching, there is nothing to explain.
        let plain = susi.run(["skills", "list", "--json", "--group", "Fun"])
        #expect(!plain.stdout.contains("\"matched\""))
    }

    @Test func aTerminalShowsTheMatchedColumnAndAPipeKeepsItsSixFields() throws {
        let (home, plain) = try home()
        defer { withExtendedLifetime(home) {} }
        var susi = plain
        susi.environment["NO_COLOR"] = "1"
        susi.environment["COLUMNS"] = "120"
        susi.stdoutTTY = true
        let lines = susi.run(["skills", "search", "comet"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("TITLE        MATCHED") == true, "\(lines)")
        #expect(lines.dropFirst().map { $0.split(separator: " ").last.map(String.init) } == ["examples", "title", "examples", "description"],
                "\(lines)")
        #expect(lines[1].hasPrefix("comet ") && lines[1].contains("name, examples"))
        let piped = plain.run(["skills", "search", "comet"]).stdout
        #expect(piped.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 6 })
        #expect(!piped.contains("examples"))
    }

    @Test func everyWordMustMatchSomewhereAndTheNameCountsMost() throws {
        let (home, susi) = try home()
        defer { withExtendedLifetime(home) {} }
        // "comet" in the name and "look" in the examples of different skills: only by_example has both.
        #expect(names(susi.run(["skills", "search", "look", "comet"]).stdout) == ["by_example"])
        #expect(susi.run(["skills", "search", "comet", "zebra"]).stdout.isEmpty)
    }
}
