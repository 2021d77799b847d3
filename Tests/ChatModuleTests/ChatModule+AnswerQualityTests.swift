import Foundation
import SusiHost
import SusiTestKit
import Testing

private func home() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("susi-answers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

@Suite("Answers that are never empty, the calculator and small answers")
struct ChatAnswerQualityTests {
    @Test func anIntentThatRendersEmptyIsSkippedForTheNextCandidate() throws {
        let dir = try home()
        let susi = InProcess(home: dir)
        // As a public skill does: "My name is *" that only stores the name, and it
        // outranks nothing at high priority, so it is tried first.
        let tree = try writeSkillTree(dir, ["general/Fun/en/silent.txt": "My name is *\n^$1$^>_someName\n\nsilent one\n^x^>_y\n"])
        #expect(susi.run(["skills", "import", "--priority", "high", tree]).status == 0)
        let session = susi.session()
        let first = session.run(["chat", "my name is ada"])
        #expect(first.status == 0)
        #expect(first.stdout == "Nice to meet you, ada!\n")
        #expect(session.run(["chat", "what is my name"]).stdout == "Your name is ada.\n")
        // Nothing else matches: the fallback, never an empty line.
        let alone = session.run(["chat", "silent one"])
        #expect(alone.status == 0)
        #expect(!alone.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(session.run(["--json", "chat", "silent one"]).stdout.contains("\"mood\":\"sabta\""))
    }

    @Test func noPlaceholderReachesTheTextOrTheJSON() throws {
        let susi = InProcess(home: try home())
        let result = susi.run(["--json", "chat", "set volume to 30"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("$1$"))
        #expect(result.stdout.contains("\"volume\":\"30\""))
        let text = susi.run(["chat", "set volume to 30"]).stdout
        #expect(text.hasSuffix("Volume set to 30 percent.\n"))
        #expect(!text.contains("$1$"))
    }

    @Test(arguments: [
        ("what is 2+2", "2+2 = 4"),
        ("2+2", "2+2 = 4"),
        ("what's 2 plus 2", "2 plus 2 = 4"),
        ("What is (3 + 4) * 5?", "(3 + 4) * 5 = 35"),
        ("calculate 12 * 7", "12 * 7 = 84"),
        ("calculate 1/0", "I cannot divide by zero (1/0)."),
    ])
    func theCalculatorAnswersWithoutTheWordCalculate(query: String, answer: String) throws {
        let result = InProcess(home: try home()).run(["chat", "--", query])
        #expect(result.status == 0)
        #expect(result.stdout == answer + "\n")
    }

    @Test func whatIsSomethingElseIsNotArithmetic() throws {
        let susi = InProcess(home: try home())
        #expect(susi.run(["chat", "what is my name"]).stdout.hasPrefix("I don't know your name yet."))
        #expect(susi.run(["chat", "what is the meaning of life"]).stdout.contains("42"))
    }

    @Test func playMusicSaysWhatTheMediaSkillCanDo() throws {
        let result = InProcess(home: try home()).run(["--json", "chat", "play music"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("I cannot play music myself."))
        #expect(result.stdout.contains("media_controls.txt"))
        // No action claims that something is playing.
        #expect(!result.stdout.contains("audio_play"))
    }

    @Test func missingBundledSkillsAreOneErrorWithThePlacesLookedAndExit70() throws {
        let dir = try home()
        let susi = InProcess(home: dir, extra: ["SUSI_BUNDLED_SKILLS": dir + "/no-such-models"])
        let result = susi.run(["chat"], stdin: "hello\nwhat can you do\n")
        #expect(result.status == 70)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.components(separatedBy: "bundled skills are missing").count == 2)
        #expect(result.stderr.contains("looked in \(dir)/no-such-models"))
        #expect(result.stderr.contains("SUSI_BUNDLED_SKILLS"))
        // No exchange was kept as if SUSI had answered.
        let history = try JSONSerialization.jsonObject(with: Data(susi.run(["--json", "chat", "history"]).stdout.utf8)) as? [Any]
        #expect(history?.isEmpty == true)
    }
}
