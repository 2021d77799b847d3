import Foundation
import SusiHost
import SusiTestKit
import Testing

/// `--explain` (issue 38): the winner is never among the losers, each
/// candidate is listed once, with a rank and a reason a person can read;
/// the raw rank score stays in --json.
@Suite("susi chat --explain: ranks and reasons")
struct ChatExplainRankTests {
    @Test func theWinnerIsNotAmongTheLosersAndEachLoserIsListedOnce() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        // "what is the date today please": the calculator's 'what is *' fails at every stage,
        // the date skill answers at the normalised stage.
        let result = susi.run(["chat", "--explain", "what is the date today please"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let answered = try #require(lines.first { $0.hasPrefix("explain: Answered by ") })
        #expect(answered.contains("models/general/Knowledge/en/date.txt:"), "\(answered)")
        let losers = lines.filter { $0.hasPrefix("explain:   ") }
        #expect(losers.count == 1, "\(result.stderr)")
        #expect(losers.first?.contains("calculator.txt:7") == true)
        #expect(!losers.contains { $0.contains("date.txt") })
        for line in lines { #expect(line.range(of: #"\d{9,}"#, options: .regularExpression) == nil, "raw score in \(line)") }
        #expect(!result.stderr.contains(", score "))

        let json = susi.run(["--json", "chat", "--explain", "what is the date today please"])
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let explain = try #require(reply["explain"] as? [String: Any])
        let winner = try #require(explain["answered"] as? [String: Any])
        let lost = try #require(explain["lost"] as? [[String: Any]])
        #expect(lost.count == 1)
        #expect(!lost.contains { $0["skill"] as? String == winner["skill"] as? String && $0["line"] as? Int == winner["line"] as? Int })
        #expect((winner["score"] as? NSNumber)?.int64Value ?? 0 > 1_000_000_000, "the raw score stays in --json")
        #expect(winner["rank"] as? Int != nil)
    }

    @Test func ranksAndReasonsArePlainWords() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", "--offline", "--explain", "what is the weather in berlin"])
        #expect(result.stderr.contains("(pattern 'what is the weather in *', rank 1 of 2, bundled)"), "\(result.stderr)")
        #expect(result.stderr.contains("explain:   2. models/general/Utilities/en/calculator.txt:7 (pattern 'what is *', bundled): outranked: a longer, more specific pattern in your language ranks first"),
                "\(result.stderr)")
        let failed = susi.run(["chat", "--explain", "what is the time"])
        #expect(failed.stderr.contains("(pattern 'what is the time', rank 2 of 2, bundled)"), "\(failed.stderr)")
        #expect(failed.stderr.contains("explain:   1. models/general/Utilities/en/calculator.txt:7 (pattern 'what is *', bundled): tried first, but its console gave no usable answer"),
                "\(failed.stderr)")
    }
}
