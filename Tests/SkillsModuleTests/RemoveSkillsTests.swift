import Foundation
import SusiHost
import Testing

/// `skills remove --all-imported` asks on a terminal and takes --yes.
@Suite("skills remove --all-imported")
struct RemoveSkillsTests {
    func importedHome() throws -> (InProcess, String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-remove-\(UUID().uuidString)").path
        let file = home + "/tree/models/general/Fun/en/parrot.txt"
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "polly *\nPolly says $1$.\n".write(toFile: file, atomically: true, encoding: .utf8)
        let susi = InProcess(home: home)
        #expect(susi.run(["skills", "import", home + "/tree"]).status == 0)
        return (susi, home)
    }

    @Test func withoutATerminalItNeedsYes() throws {
        let (susi, _) = try importedHome()
        let refused = susi.run(["skills", "remove", "--all-imported"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("Removing every imported skill from the embedded SUSI needs a confirmation, and there is no terminal to ask on."))
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
        let removed = susi.run(["skills", "remove", "--all-imported", "--yes"])
        #expect(removed.status == 0)
        #expect(removed.stderr.contains("Removed 1 imported skill."))
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout != "Polly says wants a cracker.\n")
        let yesAlone = susi.run(["skills", "remove", "--yes"])
        #expect(yesAlone.status == 64)
        #expect(yesAlone.stderr.contains("--all-imported"))
    }

    @Test func onATerminalItAsks() throws {
        var (susi, _) = try importedHome()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let declined = susi.run(["skills", "remove", "--all-imported"], stdin: "n\n")
        #expect(declined.status == 0)
        #expect(declined.stderr.contains("Remove every imported skill from the embedded SUSI?"))
        #expect(declined.stderr.contains("Nothing was removed."))
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
        let accepted = susi.run(["skills", "remove", "--all-imported"], stdin: "y\n")
        #expect(accepted.status == 0)
        #expect(accepted.stderr.contains("Removed 1 imported skill."))
    }
}
