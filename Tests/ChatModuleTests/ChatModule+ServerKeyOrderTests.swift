import Foundation
import SusiTestKit
import SusiTestSupport
import Testing
@testable import SusiHost

/// A server's table JSON, with its keys in the skill's order (neither
/// sorted nor a dictionary's): `susi chat` shows the columns in that order.
@Suite("susi chat shows a server's table columns in the skill's order")
struct ChatServerKeyOrderTests {
    static let reply = """
    {"query": "planets", "query_date": "2026-11-29T21:41:05.318Z", "answer_date": "2026-11-29T21:41:05.323Z",
     "query_language": "en", "answer_time": 5,
     "answers": [{"data": [{"zeta": "1", "moons": "0", "alpha": "Mercury", "kind": "rock", "orbit": "88"}],
                  "metadata": {"count": 1},
                  "actions": [{"type": "table", "columns": {"zeta": "RANK", "moons": "MOONS", "alpha": "PLANET", "kind": "KIND", "orbit": "ORBIT"}}],
                  "skills": ["/susi_skill_data/models/general/Knowledge/en/planets.txt"]}],
     "session": {"identity": {"type": "host", "name": "127.0.0.1_abc", "anonymous": true}}}
    """

    @Test func columnsComeInTheOrderOfTheColumnsObject() throws {
        let server = try LoopbackHTTPServer { _ in .json(Self.reply, contentType: "application/javascript;charset=utf-8") }
        defer { server.stop() }
        let home = try TemporaryHome()
        for _ in 0..<3 {
            let result = try home.harness().run(["--server", server.baseURL, "chat", "planets"])
            #expect(result.status == 0, "\(result.stderr)")
            // Off a terminal a table is tab-separated rows, in the columns' order.
            #expect(result.stdout.lines.first == "1\t0\tMercury\trock\t88", "\(result.stdout)")
            #expect(result.stdout.contains("Mercury"))
        }
    }
}
