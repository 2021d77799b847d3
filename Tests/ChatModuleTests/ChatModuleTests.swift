import Foundation
import SusiHost
import SusiTestKit
import Testing

/// `susi chat --skill` and `susi skills test` on skill files written by the test.
@Suite("Chat and test with skill files")
struct ChatSkillFileTests {
    private func workspace() throws -> (InProcess, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-skillfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return (InProcess(home: home.path), home)
    }

    private func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aTypoOfASubcommandIsAskedAndHinted() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", "histroy"])
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
        #expect(result.stderr.contains("(Asked SUSI 'histroy'. Did you mean 'susi chat history'?)"))
        // A real query gets no such note.
        #expect(susi.run(["chat", "hello"]).stderr.isEmpty)
        #expect(susi.run(["chat", "tell", "me", "a", "joke"]).stderr.isEmpty)
    }

    @Test(arguments: ["", "   ", "\n", "\t\r\n", "\u{3000}\u{2003}\u{A0}"])
    func anEmptyQueryIsRefused(_ query: String) throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", query])
        #expect(result.status == 64)
        #expect(result.stderr.contains("The query is empty"))
        #expect(result.stdout.isEmpty)
        #expect(susi.run(["chat", "history"]).stdout.isEmpty)
    }

    @Test func pipedQueriesWithJSONGiveOneReplyPerLine() throws {
        let (susi, home) = try workspace()
        let skill = try write("""
        my name is *
        Hello $1$!^$1$^>_name

        who am i
        ?$_name$:You are $_name$.:I do not know.
        """, "names.txt", in: home)
        let result = susi.run(["chat", "--json", "--skill", skill], stdin: "who am i\nmy name is zoe\n\nwho am i\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let texts = try lines.map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["query"] != nil)
            #expect(object["query_date"] is String)
            let answers = try #require(object["answers"] as? [[String: Any]])
            let actions = try #require(answers.first?["actions"] as? [[String: Any]])
            return actions.compactMap { $0["expression"] as? String }.joined(separator: "\n")
        }
        #expect(texts == ["I do not know.", "Hello zoe!", "You are zoe."])
    }

    @Test func aMalformedSkillReportsFileAndLineAndTheRestStillLoads() throws {
        let (susi, home) = try workspace()
        let skill = try write("""
        ::name Broken on purpose
        a pattern with no answer

        !console:$x$
        {"url": "local:time", "path": "$"
        eol

        good question
        !example:good question
        !expect:Good answer.
        Good answer.
        """, "broken.txt", in: home)
        let chat = susi.run(["chat", "--verbose", "--skill", skill, "good question"])
        #expect(chat.status == 0)
        #expect(chat.stdout == "Good answer.\n")
        #expect(chat.stderr.contains("broken.txt:2:"), "\(chat.stderr)")

        let test = susi.run(["skills", "test", skill])
        #expect(test.status == 0, "\(test.stdout)")
        #expect(test.stderr.contains("broken.txt:2:"))
        #expect(test.stdout.contains("1 example in 1 skill file: 1 passed, 0 failed"), "\(test.stdout)")
    }

    @Test func missingSkillFileIsAnInputError() throws {
        let (susi, home) = try workspace()
        let result = susi.run(["chat", "--skill", home.appendingPathComponent("nope.txt").path, "hi"])
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("error: Cannot read '"))
        #expect(result.stdout.isEmpty)
        let test = susi.run(["skills", "test"])
        #expect(test.status == 64)
        #expect(test.stderr.contains("Name at least one skill file or folder, or pass --bundled."))
    }

    @Test func aSkillWithoutExamplesIsCountedAndTheUserToldHowToAddThem() throws {
        let (susi, home) = try workspace()
        let skill = try write("""
        hello mine
        Hi from mine.
        """, "plain.txt", in: home)
        let result = susi.run(["skills", "test", skill])
        #expect(result.status == 0)
        #expect(result.stdout == "0 examples in 1 skill file: 0 passed, 0 failed, 0 without !expect\n", "\(result.stdout)")
        #expect(result.stderr.contains("No !example lines to test. Under an intent, add '!example:QUERY' and '!expect:ANSWER' lines."))
        let quiet = susi.run(["skills", "test", skill, "--quiet"])
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func aFailingExpectExitsOneAndNamesTheLine() throws {
        let (susi, home) = try workspace()
        let skill = try write("""
        hello
        !example:hello
        !expect:Hi there!
        Hello!
        """, "wrong.txt", in: home)
        let result = susi.run(["skills", "test", skill])
        #expect(result.status == 65)
        #expect(result.stdout.contains("FAIL "))
        #expect(result.stdout.contains("wrong.txt:1  hello"))
        #expect(result.stdout.contains("expected: Hi there!"))
        #expect(result.stdout.contains("got:      Hello!"))
        #expect(result.stdout.contains("0 passed, 1 failed"))
    }
}
