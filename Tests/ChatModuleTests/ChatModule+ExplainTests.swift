import Foundation
import SusiHost
import SusiTestKit
import Testing

@Suite("susi chat --explain")
struct ChatExplainTests {
    private func workspace() throws -> (InProcess, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("susi-explain-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let susi = InProcess(home: dir)
        let tree = try writeSkillTree(dir, ["general/Fun/en/parrot.txt": "hello\nSquawk!\n\nMy name is *\n^$1$^>_parrotName\n"])
        #expect(susi.run(["skills", "import", tree]).status == 0)
        return (susi, dir)
    }

    @Test func namesTheWinnerAndTheCandidatesThatLostOnStderr() throws {
        let (susi, _) = try workspace()
        let result = susi.run(["chat", "--explain", "hello"])
        #expect(result.status == 0)
        #expect(result.stdout == "Hello! How can I help you today?\n")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("explain: ") })
        #expect(lines.first?.hasPrefix("explain: Answered by models/general/Communication/en/greetings.txt:") == true)
        #expect(lines.first?.contains("pattern 'hello', rank 1 of 2, bundled)") == true)
        #expect(lines.first?.hasSuffix(", bundled)") == true)
        #expect(lines.contains { $0.contains("2. models/general/Fun/en/parrot.txt:1 (pattern 'hello'") && $0.hasSuffix("imported, normal priority): outranked: its priority (imported, normal priority) comes after the answer's (bundled)") })
        #expect(lines.last?.contains("then bundled skills") == true)
    }

    @Test("--explain and -v name the stage: patterns, normalised query, fuzzy words and score (issue 31)")
    func namesTheStage() throws {
        let (susi, _) = try workspace()
        let typed = susi.run(["chat", "--explain", "flip a coin"])
        #expect(typed.stderr.contains("explain: Stage: patterns (the query as typed matched)."), "\(typed.stderr)")
        let normalised = susi.run(["chat", "--explain", "could you flip a coin for me please"])
        #expect(normalised.stdout.hasPrefix("It is "), "\(normalised.stdout)")
        #expect(normalised.stderr.contains("explain: Stage: normalised query 'flip a coin' matched a pattern"), "\(normalised.stderr)")
        let fuzzy = susi.run(["-v", "chat", "what day of the week is it"])
        #expect(fuzzy.stdout.hasPrefix("It is "), "\(fuzzy.stdout)")
        #expect(fuzzy.stderr.contains("explain: Answered by models/general/Knowledge/en/date.txt:"), "\(fuzzy.stderr)")
        let unrelated = susi.run(["chat", "--explain", "what is the capital of mongolia"])
        #expect(unrelated.stderr.contains("explain: No intent answered; the fallback did."), "\(unrelated.stderr)")
        #expect(!unrelated.stderr.contains("Stage:"))
        let json = susi.run(["chat", "--json", "--explain", "can you toss that coin"])
        #expect(json.stdout.contains("\"stage\":\"fuzzy\""), "\(json.stdout)")
        #expect(json.stdout.contains("\"matchedWords\":[\"toss\",\"coin\"]"), "\(json.stdout)")
        #expect(json.stdout.contains("\"fuzzyThreshold\":0.65"), "\(json.stdout)")
    }

    @Test func anEmptyRenderingIsListedAsALoser() throws {
        let (susi, dir) = try workspace()
        // At high priority the imported intent is tried first, renders nothing, and loses.
        #expect(susi.run(["skills", "import", "--priority", "high", dir + "/tree"]).status == 0)
        let result = susi.run(["-v", "chat", "my name is ada"])
        #expect(result.stdout == "Nice to meet you, ada!\n")
        #expect(result.stderr.contains("explain: Answered by models/general/Communication/en/memory.txt:"))
        #expect(result.stderr.contains("models/general/Fun/en/parrot.txt:4 (pattern 'My name is *', imported, high priority): tried first, but its answer renders empty"))
        
    }

    @Test func jsonCarriesItUnderExplain() throws {
        let (susi, _) = try workspace()
        let result = susi.run(["--json", "chat", "--explain", "hello"])
        #expect(result.status == 0)
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let explain = try #require(reply["explain"] as? [String: Any])
        let answered = try #require(explain["answered"] as? [String: Any])
        #expect((answered["skill"] as? String)?.hasSuffix("greetings.txt") == true)
        #expect(answered["pattern"] as? String == "hello")
        #expect(answered["outcome"] as? String == "answered")
        #expect(answered["score"] is NSNumber)
        let lost = try #require(explain["lost"] as? [[String: Any]])
        #expect(lost.contains { ($0["skill"] as? String)?.hasSuffix("parrot.txt") == true && $0["origin"] as? String == "imported, normal priority" })
        // Without --explain the reply is the plain chat.json shape.
        #expect(!susi.run(["--json", "chat", "hello"]).stdout.contains("\"explain\""))
    }

    @Test func skillFilesAreExplainedToo() throws {
        let (susi, dir) = try workspace()
        let skill = dir + "/mine.txt"
        try "hello|hello there\nHi from mine.\n\nhello\nNot me.\n".write(toFile: skill, atomically: true, encoding: .utf8)
        let result = susi.run(["chat", "--explain", "--skill", skill, "hello"])
        #expect(result.stdout == "Hi from mine.\n")
        #expect(result.stderr.contains("explain: Answered by \(skill):1 (pattern 'hello', rank 1 of 2)"))
        #expect(result.stderr.contains("2. \(skill):4 (pattern 'hello'): outranked: it comes later in the skill files"))
    }

    @Test func theFallbackIsExplained() throws {
        let (susi, _) = try workspace()
        let result = susi.run(["chat", "--explain", "xyzzy plugh"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("explain: No intent answered; the fallback did."))
    }
}
