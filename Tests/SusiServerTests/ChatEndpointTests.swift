import Foundation
import SusiCore
@testable import SusiServer
import SusiPorts
import SusiReply
import Testing

@Suite("chat.json writer")
struct ChatJSONTests {
    /// The hand-written chat.json reads back as the same reply as the Codable form.
    @Test func matchesTheCodableForm() throws {
        let table = ReplyAction(type: ActionType("table"), fields: JSONObject([
            ("columns", .object(JSONObject([("title", .string("Title"))]))), ("count", .number(2)),
        ]))
        let answer = Reply.Answer(
            data: [JSONObject([("0", .string("héllo \"you\"\n")), ("n", .number(1.5)), ("ok", .bool(true)), ("x", .null)])],
            actions: [.answer("Hi</a> \u{1}", mood: "sabta"), table], skills: ["models/general/Knowledge/en/time.txt"])
        let date = Date(timeIntervalSince1970: 1_796_000_000.123)
        var reply = Reply(query: "hello", answers: [answer], queryDate: date, queryLanguage: "en",
                          answerDate: date.addingTimeInterval(0.004))
        let identity = Identity.account("ada@example.com")
        let written = SusiAPI.chatJSON(reply, identity: identity)
        reply.clientID = Data("email_ada@example.com".utf8).base64EncodedString()
        if case let .object(session) = APICall.envelope(identity) { reply.session = session }
        let viaCodable = try JSONDecoder().decode(Reply.self, from: JSONEncoder().encode(reply))
        let viaWriter = try JSONDecoder().decode(Reply.self, from: Data(written.utf8))
        #expect(viaWriter == viaCodable)
        #expect(written.contains("\"query_date\":\"2026-11-30T"))

        let empty = Reply(query: "", answers: [], queryDate: date, queryLanguage: "de", answerDate: date)
        let object = try JSONSerialization.jsonObject(with: Data(SusiAPI.chatJSON(empty, identity: .anonymous("x")).utf8)) as? [String: Any]
        #expect(object?["answers"] == nil)
        #expect(object?["query_language"] as? String == "de")
    }

    /// Byte for byte what building the whole JSONObject tree first wrote.
    @Test func writesWhatTheTreeWrote() {
        let table = ReplyAction(type: ActionType("table"), fields: JSONObject([("type", .string("shadow")), ("count", .number(2))]))
        let answer = Reply.Answer(data: [JSONObject([("0", .string("a \"b\"\n")), ("n", .number(1.5))])],
                                  actions: [.answer("Hi \u{1}"), table], skills: ["models/x/y/en/z.txt", "models/a/b/en/c.txt"])
        let date = Date(timeIntervalSince1970: 1_796_000_000.123)
        for reply in [Reply(query: "hé \"q\"", answers: [answer, answer], queryDate: date, queryLanguage: "en", answerDate: date),
                      Reply(query: "", answers: [], queryDate: date, queryLanguage: "de", answerDate: date)] {
            for identity in [Identity.account("ada@example.com"), .anonymous("x\"y")] {
                var object = JSONObject([("query", .string(reply.query))])
                if !reply.answers.isEmpty {
                    object["answers"] = .array(reply.answers.map { answer in
                        .object(JSONObject([
                            ("data", .array(answer.data.map(JSONValue.object))),
                            ("metadata", .object(JSONObject([("count", .int(answer.metadata.count))]))),
                            ("actions", .array(answer.actions.map { action in
                                var all = JSONObject([("type", .string(action.type.rawValue))])
                                for key in action.fields.keys { all[key] = action.fields[key] }
                                return .object(all)
                            })),
                            ("skills", .array(answer.skills.map(JSONValue.string))),
                        ]))
                    })
                }
                object["query_date"] = .string(Timestamps.iso(reply.queryDate, milliseconds: true))
                object["query_language"] = .string(reply.queryLanguage)
                object["answer_date"] = .string(Timestamps.iso(reply.answerDate, milliseconds: true))
                object["answer_time"] = .int(reply.answerTime)
                object["client_id"] = .string(Data("\(identity.type)_\(identity.name)".utf8).base64EncodedString())
                object["session"] = APICall.envelope(identity)
                #expect(SusiAPI.chatJSON(reply, identity: identity) == JSONValue.object(object).serialized)
            }
        }
    }

    @Test func md5MatchesKnownDigests() {
        #expect(MD5.hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex("The quick brown fox jumps over the lazy dog") == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(MD5.hex(String(repeating: "a", count: 200)).count == 32)
    }

    @Test func escapingKeepsOnlyUnreservedCharacters() {
        var unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        unreserved.formIntersection(.urlQueryAllowed)
        var every = ""
        for value in 1..<0x80 { every.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        for text in ["", "hello", "a b&c=d", every, "é€😀 \u{202E}", "100%", "plain-text_1.2~"] {
            #expect(FormCoding.escape(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved), "\(text.debugDescription)")
            #expect(FormCoding.decode("x=" + FormCoding.escape(text)) == [FormField("x", text)])
        }
    }

    @Test func formDecodingAndRedaction() {
        #expect(FormCoding.decode("a=1&b=two+words&c&d=%41%zz&=&e=%E2%82%AC") == [
            FormField("a", "1"), FormField("b", "two words"), FormField("c", ""), FormField("d", "A%zz"), FormField("e", "€"),
        ])
        #expect(FormCoding.redactedQuery([FormField("q", "a b"), FormField("Password", "x"), FormField("access_token", "t")])
            == "q=a%20b&Password=REDACTED&access_token=REDACTED")
    }

    @Test func anonymousNamesFollowTheReferenceSalt() {
        // The reference's own example (server-api.md §5), observed with Debian 12's curl:
        // Java's hashCode of "curl/7.88.1" + "null" + "null" (no Accept-Encoding or Accept-Language).
        let curl = HTTPRequest(method: "GET", path: "/", headers: ["user-agent": "curl/7.88.1"])
        #expect(APICall.hostIdentity(for: curl).name == "127.0.0.1_6bd2e3eb")
    }
}
