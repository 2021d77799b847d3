import Foundation
import SusiAuthoring
import SusiEngine
import SusiHost
import SusiNet
import SusiTestKit
import SusiTestSupport
import Testing

/// `!console` skills fetching from a server on 127.0.0.1, through the real
/// HTTP fetcher that `susi chat` uses.
@Suite("Console skills over HTTP")
struct ConsoleOverHTTPTests {
    private func workspace() throws -> (InProcess, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return (InProcess(home: home.path), home)
    }

    private func writeSkill(_ text: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("console_skill.txt")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func fetchesSelectsAndRendersATable() throws {
        let server = try LoopbackHTTPServer { request in
            guard request.path == "/planets.json" else { return .json("{}", status: 404) }
            let filter = request.query["kind"] ?? ""
            return .json("""
            {"result": {"kind": "\(filter)", "items": [
              {"name": "Mercury", "moons": 0}, {"name": "Mars", "moons": 2}]}}
            """)
        }
        defer { server.stop() }
        let (susi, home) = try workspace()
        let skill = try writeSkill("""
        show * planets
        !console:Found $name$ and more.
        {"url": "\(server.baseURL)/planets.json?kind=$1$", "path": "$.result.items",
         "actions": [{"type": "table", "columns": {"name": "Planet", "moons": "Moons"}}]}
        eol
        """, in: home)
        let result = susi.run(["chat", "--skill", skill, "show rocky planets"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Mercury\t0\nMars\t2\nFound Mercury and more.\n")
        #expect(server.requests.map(\.target) == ["/planets.json?kind=rocky"])

        let json = susi.run(["chat", "--json", "--skill", skill, "show rocky planets"])
        let reply = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let answers = try #require(reply?["answers"] as? [[String: Any]])
        let types = (answers.first?["actions"] as? [[String: Any]])?.compactMap { $0["type"] as? String }
        #expect(types == ["table", "answer"])
    }

    @Test func aServerErrorFallsThroughToTheNextIntent() throws {
        let server = try LoopbackHTTPServer { _ in .text("<html>oops</html>", status: 500) }
        defer { server.stop() }
        let (susi, home) = try workspace()
        let skill = try writeSkill("""
        weather in *
        !console:It is $temp$ degrees.
        {"url": "\(server.baseURL)/weather?city=$1$", "path": "$"}
        eol

        weather in *
        I cannot reach the weather service right now.
        """, in: home)
        let result = susi.run(["chat", "--skill", skill, "weather in berlin"])
        #expect(result.status == 0)
        #expect(result.stdout == "I cannot reach the weather service right now.\n")
        #expect(server.requests.count == 1)
    }

    @Test func aNonLoopbackConsoleURLIsNeverContacted() throws {
        let (susi, home) = try workspace()
        let skill = try writeSkill("""
        speaker status
        !console:$status$
        {"url": "http://10.0.0.1:7070/status", "path": "$"}
        eol
        """, in: home)
        let result = susi.run(["chat", "--skill", skill, "speaker status"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("$status$"))
        #expect(!result.stdout.isEmpty)

        // The fetcher chat uses refuses the address itself, before any
        // connection: the loopback guard's refusal, not a connection failure
        // (which would mean a packet had been sent).
        let fetcher = HTTPConsoleFetcher(environment: susi.environment)
        let started = Date()
        #expect {
            _ = try fetcher.fetch(URL(string: "http://10.0.0.1:7070/status")!)
        } throws: { error in
            // The engine gets the guard's own message as the reason.
            guard case .failed(let reason)? = error as? ConsoleError else { return false }
            return reason.contains("NETWORK GUARD") && reason.contains("10.0.0.1")
        }
        #expect(Date().timeIntervalSince(started) < 1)
    }
}
