import Foundation
@testable import SusiReply
import Testing
@testable import SusiEngine

@Suite("chat.json reply")
struct ReplyJSONTests {
    @Test func encodesTheServerShape() throws {
        let m = mind("my name is *\nHello $1$!^$1$^>_name\n", path: "models/general/Test/en/names.txt")
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let date = Date(timeIntervalSince1970: 1_795_988_465.318)
        var options = AskOptions(now: date)
        options.capturesAsTyped = false  // the reference's captures, lower case (decision 0461)
        let reply = m.ask("my name is Alice", memory: &memory, options: options, random: &rng)
        let data = try JSONEncoder().encode(reply)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["query"] as? String == "my name is Alice")
        #expect(json["query_language"] as? String == "en")
        #expect(json["query_date"] as? String == "2026-11-29T21:41:05.318Z")
        #expect(json["answer_time"] is Int)
        let answers = try #require(json["answers"] as? [[String: Any]])
        let first = try #require(answers.first)
        let actions = try #require(first["actions"] as? [[String: Any]])
        #expect(actions.first?["type"] as? String == "answer")
        #expect(actions.first?["expression"] as? String == "Hello alice!")
        #expect(first["skills"] as? [String] == ["models/general/Test/en/names.txt"])
        let rows = try #require(first["data"] as? [[String: Any]])
        #expect(rows.first?["0"] as? String == "my name is alice")
        #expect(rows.first?["1"] as? String == "alice")
        #expect(rows.first?["_name"] as? String == "alice")
        #expect((first["metadata"] as? [String: Any])?["count"] as? Int == 1)
    }

    @Test func roundTripsAndPassesUnknownActionsThrough() throws {
        let text = #"{"query":"q","answers":[{"data":[],"metadata":{"count":0},"skills":[],"actions":[{"type":"answer","expression":"hi","mood":"sabta"},{"type":"self","x":[1,2]}]}],"query_date":"2026-11-29T21:41:05.318Z","query_language":"en","answer_date":"2026-11-29T21:41:05.323Z","answer_time":5,"client_id":"aG9zdA==","session":{"identity":{"type":"host"}}}"#
        let reply = try JSONDecoder().decode(Reply.self, from: Data(text.utf8))
        #expect(reply.isFallback)
        #expect(reply.actions[1].type == ActionType("self"))
        #expect(reply.actions[1]["x"] == .array([.number(1), .number(2)]))
        #expect(reply.clientID == "aG9zdA==")
        let again = try JSONDecoder().decode(Reply.self, from: JSONEncoder().encode(reply))
        #expect(again == reply)
    }

    @Test func noAnswersKeyWhenEmpty() throws {
        let reply = Reply(query: "", answers: [], queryDate: Date(timeIntervalSince1970: 0), queryLanguage: "en",
                          answerDate: Date(timeIntervalSince1970: 0))
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(reply)) as? [String: Any])
        #expect(json["answers"] == nil)
    }

    /// The hand-written date is the formatter's, for every kind of instant.
    @Test func datesAreWrittenAsTheFormatterDid() {
        func formatted(_ date: Date) -> String {
            let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
            let c = CivilTime(secondsSinceEpoch: Int(ms / 1000))
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year, c.month, c.day, c.hour, c.minute, c.second, Int(ms % 1000))
        }
        var instants: [Double] = [0, 0.001, 0.999, 59.5, 951_782_400, 1_795_988_465.318, 1_800_000_000.25, 4_102_444_799.999,
                                  253_402_300_799.999, 253_402_300_800, -0.5, -1, -86_400.25, -62_135_596_800]
        var seed: UInt64 = 7
        for _ in 0..<2000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(Double(seed >> 22) / 1000)
        }
        for t in instants {
            let date = Date(timeIntervalSince1970: t)
            #expect(Reply.iso(date) == formatted(date), "\(t)")
        }
        #expect(Reply.iso(Date(timeIntervalSince1970: 1_795_988_465.318)) == "2026-11-29T21:41:05.318Z")
    }

    @Test func actionTypes() {
        let names = ["answer", "table", "rss", "websearch", "anchor", "map", "audio_play", "video_play", "image_show",
                     "timer_set", "audio_volume", "stop", "pause", "resume", "next", "previous", "shuffle", "restart"]
        for n in names { #expect(ActionType(n).isKnown, "\(n)") }
        #expect(!ActionType("button_push_x").isKnown)
    }
}
