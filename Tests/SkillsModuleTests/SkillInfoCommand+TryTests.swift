import Foundation
import SusiHost
import SusiTestKit
import Testing

/// `skills info`'s "Try:" offers only what the imported skill can answer.
@Suite("skills info: Try")
struct SkillInfoTryTests {
    @Test func examplesOfASkippedJavascriptIntentAreNotOffered() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("susi-try-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let tree = try writeSkillTree(dir, ["general/Fun/en/scripted.txt": """
        ::name Scripted
        js question
        !example:js question
        !expect:42
        !javascript:$!$
        6*7
        eol

        plain question
        !example:plain question
        !expect:plain answer
        plain answer
        """])
        let susi = InProcess(home: dir)
        let imported = susi.run(["skills", "import", "--warnings", tree])
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("scripted.txt:"))
        let info = susi.run(["skills", "info", "scripted"])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("Try:\n  plain question\n") || info.stdout.contains("Try:\n  1. plain question\n"))
        #expect(!info.stdout.contains("js question"))
        #expect(!susi.run(["--json", "skills", "info", "scripted"]).stdout.contains("js question"))
        #expect(susi.run(["chat", "plain question"]).stdout == "plain answer\n")
    }
}
