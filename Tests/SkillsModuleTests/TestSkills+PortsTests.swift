import Foundation
import SusiPorts
import SusiReply
import SusiTestKit
import Testing
@testable import SusiHost

/// Skill authoring is a port: `skills test` and `chat --skill` run against
/// the harness's workbench, with no skill files on disk and no console
/// fetcher (before the port, only real files and a loopback console did).
@Suite("susi skills test and chat --skill through the skill-authoring port")
struct SkillAuthoringPortsTests {
    final class FakeAuthoring: SkillAuthoring, SkillBench, SkillChat, @unchecked Sendable {
        var asked: [String] = []
        var loaded: [[String]] = []
        let results: [ExampleResult]

        init(results: [ExampleResult]) { self.results = results }

        func workbench(files: [String], bundled: Bool) throws -> SkillBench {
            loaded.append(files + (bundled ? ["(bundled)"] : []))
            return self
        }

        func instantText(_ paths: [String]) throws -> String { "::name fake" }
        func answeredFromInstant(_ reply: Reply) -> Bool { true }

        var fileCount: Int { 2 }
        var diagnostics: [String] { ["fake.txt:3: a line the fake did not like"] }
        var exampleQueries: [String] { ["ping"] }
        func conversation(language: String) -> SkillChat { self }
        func exampleResults() -> [ExampleResult] { results }

        func ask(_ query: String, now: Date, explain: Bool) -> Reply {
            asked.append(query)
            let action = ReplyAction(type: .answer, fields: JSONObject([("expression", .string("pong from the fake"))]))
            return Reply(query: query, answers: [Reply.Answer(data: [], actions: [action], skills: ["fake.txt"])],
                         queryDate: now, queryLanguage: "en", answerDate: now)
        }

        func matches(_ query: String, now: Date) -> Bool { true }
    }

    func harness(_ home: TemporaryHome, _ authoring: FakeAuthoring) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = { $0.authoring = { _ in authoring } }
        return susi
    }

    @Test func aFailedExampleIsReportedAndExitsOne() throws {
        let home = try TemporaryHome()
        let authoring = FakeAuthoring(results: [
            ExampleResult(file: "a.txt", line: 1, query: "ping", expect: "pong", answer: "pong", status: .pass),
            ExampleResult(file: "b.txt", line: 4, query: "hi", expect: "hello", answer: "bye", status: .fail, reason: "the answer differs"),
        ])
        let result = try harness(home, authoring).run(["skills", "test", "a.txt", "b.txt"])
        #expect(result.status == 65)
        #expect(result.stdout == """
            FAIL b.txt:4  hi
                 expected: hello
                 got:      bye  (the answer differs)
            2 examples in 2 skill files: 1 passed, 1 failed, 0 without !expect

            """)
        #expect(result.stderr == "fake.txt:3: a line the fake did not like\n")
        #expect(authoring.loaded == [["a.txt", "b.txt"]])
    }

    @Test func chatWithSkillAnswersFromTheWorkbench() throws {
        let home = try TemporaryHome()
        let authoring = FakeAuthoring(results: [])
        let result = try harness(home, authoring).run(["chat", "--skill", "fake.txt", "ping"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "pong from the fake\n")
        #expect(authoring.asked == ["ping"])
        #expect(authoring.loaded == [["fake.txt"]])
    }
}
