import Foundation
import SusiHost
import Testing

@Suite("susi chat history")
struct ChatHistoryTests {
    private func harness() throws -> InProcess {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return InProcess(home: home.path)
    }

    @Test func everyExchangeIsKeptAndListed() throws {
        let susi = try harness()
        #expect(susi.run(["chat", "hello"]).status == 0)
        #expect(susi.run(["chat"], stdin: "my name is ada\nwhat is my name\n").status == 0)
        let piped = susi.run(["chat", "history"])
        #expect(piped.status == 0)
        let lines = piped.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.map { $0.count } == [3, 3, 3])
        #expect(lines.map { String($0[1]) } == ["hello", "my name is ada", "what is my name"])
        #expect(lines.last.map { String($0[2]) } == "Your name is ada.")

        #expect(susi.run(["chat", "history", "--limit", "1"]).stdout.contains("what is my name"))
        #expect(!susi.run(["chat", "history", "--limit", "1"]).stdout.contains("hello"))
        let searched = susi.run(["chat", "history", "--search", "ADA"]).stdout
        #expect(searched.split(separator: "\n").count == 2)

        let json = susi.run(["chat", "history", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 3)
        #expect(items[0]["server"] as? String == "local")
        #expect((items[0]["reply"] as? [String: Any])?["answers"] != nil)

        var tty = susi
        tty.stdoutTTY = true
        let shown = tty.run(["chat", "history"]).stdout
        #expect(shown.contains("you: \u{1B}[0mhello"))
        #expect(shown.contains("susi: Hello! How can I help you today?"))
    }

    @Test func skillFileChatsAreNotKept() throws {
        let susi = try harness()
        let skill = FileManager.default.temporaryDirectory.appendingPathComponent("h-\(UUID().uuidString).txt")
        try Data("ping\npong\n".utf8).write(to: skill)
        #expect(susi.run(["chat", "--skill", skill.path, "ping"]).stdout == "pong\n")
        #expect(susi.run(["chat", "history"]).stdout.isEmpty)
    }

    @Test func clearingAsksOrNeedsYesAndNothingIsLostOnRefusal() throws {
        var susi = try harness()
        _ = susi.run(["chat", "hello"])
        let refused = susi.run(["chat", "history", "--clear"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("Pass --yes to confirm it in advance; nothing was changed."))
        #expect(susi.run(["chat", "history"]).stdout.contains("hello"))

        let mixed = susi.run(["chat", "history", "--clear", "--yes", "--limit", "3"])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("--clear cannot be combined with --limit."))
        #expect(mixed.stderr.contains("Usage: susi chat history"))
        let stray = susi.run(["chat", "history", "--yes"])
        #expect(stray.status == 64)
        #expect(stray.stderr.contains("--yes needs --clear."))
        #expect(susi.run(["chat", "history"]).stdout.contains("hello"))
        let help = susi.run(["chat", "history", "--help"]).stdout
        #expect(help.contains("--clear cannot be combined with --limit or --search."))

        susi.stdinTTY = true
        susi.stdoutTTY = true
        let declined = susi.run(["chat", "history", "--clear"], stdin: "n\n")
        #expect(declined.status == 0)
        #expect(declined.stderr.contains("Delete 1 exchange with local?"))
        #expect(declined.stderr.contains("Nothing was deleted."))
        let accepted = susi.run(["chat", "history", "--clear"], stdin: "y\n")
        #expect(accepted.stderr.contains("Deleted 1 exchanges."))
        susi.stdoutTTY = false
        #expect(susi.run(["chat", "history"]).stdout.isEmpty)
    }

    @Test func askingTheWordHistoryNeedsTheTerminator() throws {
        let susi = try harness()
        let result = susi.run(["chat", "--", "history"])
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
    }
}

@Suite("susi chat rate")
struct ChatRateTests {
    @Test func rateTheSkillOfTheLastAnswer() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-rate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let susi = InProcess(home: home.path)

        let nothing = susi.run(["chat", "rate", "up"])
        #expect(nothing.status == 66)
        #expect(nothing.stderr.contains("There is no answer to rate yet."))

        _ = susi.run(["chat", "tell me a joke"])
        #expect(susi.run(["chat", "rate", "up"]).status == 0)
        #expect(susi.run(["chat", "rate", "down"]).status == 0)
        _ = susi.run(["chat"], stdin: "tell me a riddle\n/up\n")
        let jokes = try JSONSerialization.jsonObject(with: Data(susi.run(["skills", "info", "jokes", "--json"]).stdout.utf8)) as? [String: Any]
        let rating = jokes?["rating"] as? [String: Any]
        #expect(rating?["positive"] as? Int == 1)
        #expect(rating?["negative"] as? Int == 1)
        let riddles = try JSONSerialization.jsonObject(with: Data(susi.run(["skills", "info", "riddles", "--json"]).stdout.utf8)) as? [String: Any]
        #expect((riddles?["rating"] as? [String: Any])?["positive"] as? Int == 1)

        _ = susi.run(["chat", "xyzzy plugh"])
        let fallback = susi.run(["chat", "rate", "up"])
        #expect(fallback.status == 1)
        #expect(fallback.stderr.contains("did not come from a skill"))

        // Not a verdict: the line is a query (decision 0440), and no rating changes.
        let query = susi.run(["chat", "rate", "sideways"])
        #expect(query.status == 0)
        #expect(!query.stdout.isEmpty)
        #expect(!query.stderr.contains("Rated"))
    }
}
