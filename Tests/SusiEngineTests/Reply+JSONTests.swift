import Foundation
import SusiReply
import Testing
@testable import SusiEngine

@Suite("Reply written by hand")
struct ReplyHandJSONTests {
    /// The same keys with the same values as JSONEncoder writes from the
    /// Codable conformance (whose key order changes from run to run on
    /// Linux), and the same reply when decoded.
    static func expectSameAsEncoder(_ reply: Reply, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoded = try JSONEncoder().encode(reply)
        #expect(try JSONValue.parse(Data(reply.json.utf8)) == JSONValue.parse(encoded), sourceLocation: sourceLocation)
        #expect(try JSONDecoder().decode(Reply.self, from: Data(reply.json.utf8)) == JSONDecoder().decode(Reply.self, from: encoded),
                sourceLocation: sourceLocation)
    }

    /// The keys in the order the Codable conformance encodes them, every time.
    @Test func keysComeInDeclarationOrder() throws {
        var reply = Reply(query: "q", answers: [Reply.Answer(data: [JSONObject([("z", .number(1)), ("a", .number(2))])],
                                                             actions: [.answer("hi", mood: "sabta")], skills: ["s"])],
                          queryDate: Date(timeIntervalSince1970: 0), queryLanguage: "en", answerDate: Date(timeIntervalSince1970: 0.25))
        reply.clientID = "c"
        reply.session = JSONObject([("identity", .object(JSONObject([("type", .string("host"))])))])
        reply.explanation = AnswerExplanation(answered: .init(skill: "s", line: 3, pattern: "q", score: 7, origin: "bundled", outcome: "answered"),
                                              lost: [.init(skill: "t", line: 1, pattern: "*", score: 1, origin: nil, outcome: "outranked")],
                                              rule: "r")
        #expect(reply.json == #"{"query":"q","answers":[{"data":[{"z":1,"a":2}],"metadata":{"count":1},"actions":[{"type":"answer","expression":"hi","mood":"sabta"}],"skills":["s"]}],"query_date":"1970-01-01T00:00:00.000Z","query_language":"en","answer_date":"1970-01-01T00:00:00.250Z","answer_time":250,"client_id":"c","session":{"identity":{"type":"host"}},"explain":{"answered":{"skill":"s","line":3,"pattern":"q","score":7,"origin":"bundled","outcome":"answered"},"lost":[{"skill":"t","line":1,"pattern":"*","score":1,"outcome":"outranked"}],"rule":"r"}}"#)
        try Self.expectSameAsEncoder(reply)
    }

    @Test func answersTablesAndOddTextAreWrittenAsTheEncoderWritesThem() throws {
        let m = mind("my name is *\nHello $1$!^$1$^>_name\n", path: "models/general/Test/en/names.txt")
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let date = Date(timeIntervalSince1970: 1_795_988_465.318)
        let odd = "Ada \"the first\" \\ ✓\ttab\u{01}\nline </script>"
        var reply = m.ask("my name is \(odd)", memory: &memory, options: AskOptions(now: date), random: &rng)
        try Self.expectSameAsEncoder(reply)
        reply.clientID = "aG9zdA=="
        reply.session = JSONObject([("identity", .object(JSONObject([("type", .string("host")), ("anonymous", .bool(true))])))])
        var table = JSONObject()
        table["z"] = .string("first column")
        table["a"] = .array([.number(1), .number(-2.5), .number(1e300), .null, .bool(false)])
        reply.answers[0].data.append(table)
        reply.answers[0].actions.append(ReplyAction(type: .table, fields: JSONObject([("columns", .object(table))])))
        reply.answers[0].actions.append(.planned("later", delayMilliseconds: 1500, from: date))
        reply.answers.append(Reply.Answer(data: [], actions: [.answer("second", mood: "sabta")], skills: []))
        try Self.expectSameAsEncoder(reply)
    }

    @Test func explanationsAndEmptyRepliesToo() throws {
        let m = mind("hello\nHi!\n\nhello\nHello!\n", path: "models/general/Test/en/hi.txt")
        var memory = ConversationMemory()
        var options = AskOptions(now: Date(timeIntervalSince1970: 0))
        options.explain = true
        let reply = m.ask("hello", memory: &memory, options: options)
        #expect(reply.explanation?.answered != nil)
        #expect(reply.explanation?.lost.isEmpty == false)
        try Self.expectSameAsEncoder(reply)
        let fallback = m.ask("xyzzy", memory: &memory, options: options)
        #expect(fallback.explanation?.answered == nil)
        try Self.expectSameAsEncoder(fallback)
        let empty = Reply(query: "", answers: [], queryDate: Date(timeIntervalSince1970: 0), queryLanguage: "en",
                          answerDate: Date(timeIntervalSince1970: 0.5))
        #expect(empty.json == #"{"query":"","query_date":"1970-01-01T00:00:00.000Z","query_language":"en","answer_date":"1970-01-01T00:00:00.500Z","answer_time":500}"#)
        try Self.expectSameAsEncoder(empty)
    }

    /// Where JSONEncoder gives up on a whole reply, the hand writer says null, as chat.json does.
    @Test func nonFiniteNumbersAreNull() throws {
        var reply = Reply(query: "q", answers: [Reply.Answer(data: [JSONObject([("x", .number(.nan))])], actions: [], skills: [])],
                          queryDate: Date(timeIntervalSince1970: 0), queryLanguage: "en", answerDate: Date(timeIntervalSince1970: 0))
        #expect(throws: (any Error).self) { try JSONEncoder().encode(reply) }
        #expect(reply.json.contains(#""data":[{"x":null}]"#))
        reply.answers[0].data = [JSONObject([("x", .null)])]
        try Self.expectSameAsEncoder(reply)
    }
}
