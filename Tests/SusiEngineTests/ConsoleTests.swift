import Foundation
import SusiReply
import Testing
@testable import SusiEngine

@Suite("Consoles")
struct ConsoleTests {
    let bitcoin = """
        bitcoin price in *
        !console:1 BTC = $last$ $symbol$
        {
          "url":"https://blockchain.info/ticker",
          "path":"$.$1$",
          "actions":[{
            "type":"table",
            "columns":{"symbol":"Currency","buy":"LastBuy","sell":"LastSell"}
          }]
        }
        eol
        """

    @Test func fetchSelectRenderAndActionsBeforeAnswer() throws {
        let fetcher = FakeFetcher(["https://blockchain.info/ticker": #"{"USD": {"last": 41000.5, "buy": 41001, "sell": 40999, "symbol": "$"}}"#])
        let m = mind(bitcoin.replacingOccurrences(of: "$.$1$", with: "$.USD"))
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let reply = m.ask("bitcoin price in usd", memory: &memory, options: AskOptions(fetcher: fetcher), random: &rng)
        #expect(reply.actions.map(\.type) == [.table, .answer])
        #expect(reply.text == "1 BTC = 41000.5 $")
        #expect(reply.actions[0]["columns"]?["buy"] == .string("LastBuy"))
        #expect(reply.answers[0].data.first?["last"] == .number(41000.5))
        #expect(fetcher.requested.map(\.absoluteString) == ["https://blockchain.info/ticker"])
    }

    @Test func capturesAreURLEncoded() {
        let m = mind("""
            search *
            !console:$title$
            {"url":"http://api.example.org/?q=$1$", "path":"$.results"}
            eol
            """)
        let fetcher = FakeFetcher(["http://api.example.org/?q=New%20York%26co": #"{"results":[{"x":1},{"title":"NYC"}]}"#])
        #expect(m.say("search New York&co", options: AskOptions(fetcher: fetcher)) == "NYC")
    }

    @Test func noFetcherOrFailureFallsThroughToNextIntent() {
        let m = mind("""
            weather in *
            !console:It is $temp$ degrees
            {"url":"http://api.example.org/w?c=$1$", "path":"$.main"}
            eol

            weather *
            I cannot check the weather offline.
            """)
        #expect(m.say("weather in berlin") == "I cannot check the weather offline.")
        let broken = FakeFetcher(["http://api.example.org/w?c=berlin": "<html>not json"])
        #expect(m.say("weather in berlin", options: AskOptions(fetcher: broken)) == "I cannot check the weather offline.")
        let good = FakeFetcher(["http://api.example.org/w?c=berlin": #"{"main": {"temp": 21}}"#])
        #expect(m.say("weather in berlin", options: AskOptions(fetcher: good)) == "It is 21 degrees")
    }

    @Test func responseSizeIsLimited() {
        let m = mind("big\n!console:$!$\n{\"url\":\"http://x.org/big\", \"path\":\"$.a\"}\neol\n")
        let body = "{\"a\":\"" + String(repeating: "x", count: 5000) + "\"}"
        var options = AskOptions(fetcher: FakeFetcher(["http://x.org/big": body]))
        options.maxResponseBytes = 1000
        #expect(m.explain("big", options: options) == nil)
        options.maxResponseBytes = 10_000
        #expect(m.explain("big", options: options) != nil)
    }

    @Test func inlineDataAndScalarPath() {
        let m = mind("""
            planets
            !console:$name$ is first
            {"data":[{"name":"Mercury"},{"name":"Venus"}], "actions":[{"type":"rss","title":"name","description":"name","link":"name"}]}
            eol

            number
            !console:The answer is $!$.
            {"data":{"v":[1,42]}, "path":"$.v[1]"}
            eol
            """)
        #expect(m.say("planets") == "Mercury is first")
        #expect(m.say("number") == "The answer is 42.")
    }

    @Test func declaredActionsWithoutURL() {
        let m = mind("""
            open the pod bay doors
            !console:I'm sorry, Dave. I'm afraid I can't do that.
            {"actions":[{"type":"video_play", "identifier_type":"youtube", "identifier":"7qnd-hdmgfk"}]}
            eol

            volume *
            !console:Audio volume is now $1$ percent.
            {"actions":[{"type":"audio_volume","volume":$1$}]}
            eol

            play *
            !console:Playing $1$
            {"actions":[{"type":"audio_play","identifier_type":"youtube","identifier":"$1$"},{"type":"sparkle","level":3}]}
            eol
            """)
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let video = m.ask("Open the pod bay doors", memory: &memory, random: &rng)
        #expect(video.actions.map(\.type) == [.videoPlay, .answer])
        #expect(video.actions[0]["identifier"] == .string("7qnd-hdmgfk"))
        let volume = m.ask("volume 120", memory: &memory, random: &rng)
        #expect(volume.actions[0] == ReplyAction(type: .audioVolume, fields: JSONObject([("volume", .string("100"))])))
        #expect(volume.text == "Audio volume is now 120 percent.")
        let play = m.ask("play jazz", memory: &memory, random: &rng)
        #expect(play.actions.map(\.type.rawValue) == ["audio_play", "sparkle", "answer"])
        #expect(!play.actions[1].type.isKnown)
    }

    @Test func lenientConsoleJSON() throws {
        let v = try LenientJSONParser.parse("{url: 'http://a', \"path\":\"$.x\"; n: 3, \"q\":$1$, list:[1;2,],}")
        #expect(v["url"] == .string("http://a"))
        #expect(v["n"] == .number(3))
        #expect(v["q"] == .string("$1$"))
        #expect(v["list"] == .array([.number(1), .number(2)]))
    }

    @Test func jsonPathSubset() throws {
        let doc = try LenientJSONParser.parse(#"{"a":{"b":[{"c":1},{"c":2}]},"USD":{"last":5}}"#)
        #expect(JSONPath.select(doc, path: "$.a.b[1].c") == .number(2))
        #expect(JSONPath.select(doc, path: "$.a.b.[0]") == .object(JSONObject([("c", .number(1))])))
        #expect(JSONPath.select(doc, path: "$.USD.") == .object(JSONObject([("last", .number(5))])))
        #expect(JSONPath.select(doc, path: "$['a']['b'][*].c") == .array([.number(1), .number(2)]))
        #expect(JSONPath.select(doc, path: "$.missing") == nil)
    }
}

@Suite("Local consoles")
struct LocalConsoleTests {
    let skill = """
        what time is it
        !console:It is $time$ on $weekday$, $date$.
        {"url":"local:time"}
        eol

        calculate *
        !console:$expression$ = $result$
        {"url":"local:calculate?expression=$1$"}
        eol

        calculate *
        I can't calculate that.

        random number between * and *
        !console:$number$
        {"url":"local:random?min=$1$&max=$2$"}
        eol

        flip a coin
        !console:It's $side$!
        {"url":"local:coin"}
        eol

        roll * dice
        !console:You rolled $rolls$ (total $total$).
        {"url":"local:dice?count=$1$&sides=6"}
        eol
        """

    @Test func timeAndDate() {
        let m = mind(skill)
        // 2026-11-29 21:41:05 UTC is a Sunday.
        let options = AskOptions(now: Date(timeIntervalSince1970: 1_795_988_465), utcOffsetSeconds: 3600)
        #expect(m.say("What time is it?", options: options) == "It is 22:41 on Sunday, 2026-11-29.")
    }

    @Test func arithmetic() {
        let m = mind(skill)
        #expect(m.say("calculate 2 + 3 * 4") == "2 + 3 * 4 = 14")
        #expect(m.say("calculate 7 divided by 2") == "7 divided by 2 = 3.5")
        #expect(m.say("calculate (1+2)^2") == "(1+2)^2 = 9")
        #expect(m.say("calculate 1/0") == "I can't calculate that.")
        #expect(m.say("calculate the meaning of life") == "I can't calculate that.")
    }

    /// A whole result is printed whole while it is exact, however large;
    /// past exact integers (and for fractions) it is a float as before.
    @Test func largeWholeResultsArePrintedAsIntegers() {
        let m = mind(skill)
        #expect(m.say("calculate 2^64") == "2^64 = 18446744073709551616")
        #expect(m.say("calculate 2^64 - 1") == "2^64 - 1 = 18446744073709551615")
        #expect(m.say("calculate 10^20 * 3") == "10^20 * 3 = 300000000000000000000")
        #expect(m.say("calculate -(2^63)") == "-(2^63) = -9223372036854775808")
        #expect(m.say("calculate 2^126 / 2^60") == "2^126 / 2^60 = 73786976294838206464")
        #expect(m.say("calculate 2^200") == "2^200 = 1.606938044e+60")
        #expect(m.say("calculate 2^-1") == "2^-1 = 0.5")
        #expect(m.say("calculate 10^20 / 3") == "10^20 / 3 = 3.333333333e+19")
        #expect(m.say("calculate 1.5 * 2") == "1.5 * 2 = 3")
    }

    @Test func randomCoinAndDiceAreSeedable() {
        let m = mind(skill)
        let n = Int(m.say("random number between 5 and 7", seed: 9))!
        #expect((5...7).contains(n))
        #expect(m.say("random number between 5 and 7", seed: 9) == String(n))
        #expect(["It's heads!", "It's tails!"].contains(m.say("flip a coin")))
        #expect(Set(m.possibleAnswers("flip a coin")) == ["It's heads!", "It's tails!"])
        let dice = m.say("roll 3 dice", seed: 4)
        #expect(dice.hasPrefix("You rolled "))
        #expect(dice == m.say("roll 3 dice", seed: 4))
    }
}

@Suite("Console bodies as org.json reads them")
struct ConsoleBodyTests {
    @Test func strayTextAroundTheObjectIsIgnored() {
        let skill = SkillParser.parse(text: """
            standings
            !console:
            !example:standings
            {"data":[{"team":"A"}], "actions":[{"type":"table","columns":{"team":"Team"}}]}
            }]
            eol
            """, path: "s.txt")
        #expect(skill.diagnostics.isEmpty)
        #expect(skill.intents.count == 1)
    }
}
