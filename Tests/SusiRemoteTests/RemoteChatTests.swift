import Foundation
import SusiCore
import SusiNet
import SusiPorts
import SusiReply
import SusiTestSupport
import Testing
@testable import SusiRemote

/// A reply whose table JSON lists its keys in an order no dictionary keeps
/// (neither sorted nor hashed): the skill's order.
let scrambledTableReply = """
{"query": "top planets", "query_date": "2026-11-29T21:41:05.318Z", "answer_date": "2026-11-29T21:41:05.323Z",
 "query_language": "en", "answer_time": 5,
 "answers": [{"data": [{"zeta": "1", "moons": "0", "alpha": "Mercury", "kind": "rock", "mass": "0.055", "b": "x", "orbit": "88"},
                       {"zeta": "2", "moons": "0", "alpha": "Venus", "kind": "rock", "mass": "0.815", "b": "y", "orbit": "225"}],
              "metadata": {"count": 2},
              "actions": [{"type": "table", "columns": {"zeta": "Rank", "moons": "Moons", "alpha": "Planet", "kind": "Kind",
                                                        "mass": "Mass", "b": "B", "orbit": "Orbit (days)"}, "count": -1},
                          {"type": "answer", "expression": "Here they are"}],
              "skills": ["/susi_skill_data/models/general/Knowledge/en/planets.txt"]}],
 "session": {"identity": {"type": "host", "name": "127.0.0.1_abc", "anonymous": true}}}
"""

@Suite("RemoteService.chat keeps the server's key order")
struct RemoteChatKeyOrderTests {
    @Test func tableColumnsAndRowsKeepTheOrderTheServerSent() throws {
        let server = try LoopbackHTTPServer { _ in .json(scrambledTableReply, contentType: "application/javascript;charset=utf-8") }
        defer { server.stop() }
        let remote = RemoteService(baseURL: URL(string: server.baseURL)!, environment: NetworkGuard.safeEnvironment(),
                                   timeout: 3, retries: 0)
        // Several runs: a dictionary's order changes from one to the next.
        for _ in 0..<5 {
            let reply = try remote.chat(ChatRequest(query: "top planets", language: "en", timezoneOffsetMinutes: 0), token: nil)
            let answer = try #require(reply.answers.first)
            let table = try #require(answer.actions.first)
            #expect(table.type == .table)
            #expect(table.fields.keys == ["columns", "count"])
            guard case .object(let columns)? = table.fields["columns"] else {
                Issue.record("no columns")
                return
            }
            #expect(columns.keys == ["zeta", "moons", "alpha", "kind", "mass", "b", "orbit"])
            #expect(answer.data.map(\.keys) == Array(repeating: ["zeta", "moons", "alpha", "kind", "mass", "b", "orbit"], count: 2))
            #expect(answer.data[1]["alpha"] == .string("Venus"))
        }
    }

    @Test func orderedParsingReadsEscapesAndRefusesBrokenText() throws {
        let value = try JSONValue.parse(Data(#"{"b": "a\u00e9\ud83d\ude00\n", "a": [1, -2.5e1, true, null], "c": {}}"#.utf8))
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == .string("aé😀\n"))
        #expect(object["a"] == .array([.number(1), .number(-25), .bool(true), .null]))
        for broken in [#"{"a": }"#, #"{"a": 1"#, #"[1, 2"#, #"{"a": "\q"}"#, "{\"a\": \"x\u{1}\"}", #"{"a": 1} x"#, "nul"] {
            #expect(throws: JSONValue.ParseError.self, "\(broken)") { _ = try JSONValue.parse(Data(broken.utf8)) }
        }
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: JSONValue.ParseError.self) { _ = try JSONValue.parse(Data(deep.utf8)) }
    }
}
