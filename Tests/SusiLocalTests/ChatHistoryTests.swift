import Foundation
import SusiReply
import Testing
@testable import SusiLocal

@Suite("Chat history rows")
struct ChatHistoryTests {
    /// The stored reply is the one recorded, odd text and table columns in
    /// their order included, and it reads back as what JSONEncoder wrote did.
    @Test func recordedRepliesReadBackUnchanged() throws {
        let fixture = Fixture()
        let history = try ChatHistory(path: fixture.path)
        let odd = "say \"hi\" \\ ✓ e\u{301}\ttab\u{01}\nline"
        var columns = JSONObject()
        columns["zeta"] = .string("Z")
        columns["alpha"] = .string("A")
        let answer = Reply.Answer(data: [JSONObject([("0", .string(odd)), ("zeta", .number(2.5)), ("alpha", .null)])],
                                  actions: [.answer(odd), ReplyAction(type: .table, fields: JSONObject([("columns", .object(columns))]))],
                                  skills: ["models/general/Test/en/odd.txt"])
        let date = Date(timeIntervalSince1970: 1_800_000_000.25)
        let reply = Reply(query: odd, answers: [answer], queryDate: date, queryLanguage: "en", answerDate: date.addingTimeInterval(0.003))
        try history.record(reply, server: "embedded", identity: "local", at: date)
        let exchanges = try history.exchanges(server: "embedded", identity: "local")
        let stored = try #require(exchanges.first)
        #expect(exchanges.count == 1)
        #expect(stored.query == odd)
        #expect(stored.answer == odd)
        #expect(stored.skill == "models/general/Test/en/odd.txt")
        let encoded = try JSONEncoder().encode(reply)
        #expect(try JSONDecoder().decode(Reply.self, from: Data(stored.replyJSON.utf8)) == JSONDecoder().decode(Reply.self, from: encoded))
        #expect(try JSONValue.parse(Data(stored.replyJSON.utf8)) == JSONValue.parse(encoded))
        // Columns in the skill's order, as written.
        #expect(stored.replyJSON.contains(#""columns":{"zeta":"Z","alpha":"A"}"#))
    }
}
