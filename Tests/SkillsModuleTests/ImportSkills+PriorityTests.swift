import Foundation
import SusiHost
import SusiTestKit
import Testing

@Suite("susi skills import --priority")
struct ImportSkillsPriorityTests {
    private func workspace() throws -> (InProcess, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("susi-priority-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let tree = try writeSkillTree(dir, ["general/Fun/en/parrot.txt": "hello\nSquawk!\n\nwhat can you do\nI can squawk.\n"])
        return (InProcess(home: dir), tree)
    }

    @Test func aHighImportAnswersBeforeTheBundledSkills() throws {
        let (susi, tree) = try workspace()
        #expect(susi.run(["skills", "import", tree]).status == 0)
        #expect(susi.run(["chat", "what can you do"]).stdout.hasPrefix("I can chat, tell the time"))
        let high = susi.run(["skills", "import", "--priority", "high", tree])
        #expect(high.status == 0)
        #expect(high.stderr.hasSuffix("Imported 1 skill with 2 intents at high priority.\n"), "\(high.stderr)")
        #expect(susi.run(["chat", "what can you do"]).stdout == "I can squawk.\n")
        let json = susi.run(["--json", "skills", "import", "--priority", "low", tree])
        #expect(json.stdout.contains("\"priority\" : \"low\""))
        #expect(susi.run(["chat", "hello"]).stdout == "Hello! How can I help you today?\n")
    }

    @Test func anUnknownPriorityIsAUsageErrorAndImportsNothing() throws {
        let (susi, tree) = try workspace()
        let result = susi.run(["skills", "import", "--priority", "urgent", tree])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'urgent'"))
        #expect(result.stderr.contains("low, normal, high"))
        #expect(susi.run(["chat", "hello"]).stdout == "Hello! How can I help you today?\n")
        #expect(!susi.run(["--json", "skills", "list"]).stdout.contains("parrot"))
    }
}
