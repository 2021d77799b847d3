import Foundation
import SusiTestSupport
import Testing
@testable import SusiEngine

/// Issue 38: a capture that fills an answer's blank keeps the user's spelling
/// (case), while matching stays case-insensitive (decision 0461).
@Suite("Captures keep the user's case")
struct CaptureCaseTests {
    static let sayer = "say *\nYou said: $1$\n\nmy name is *\nHello $1$!^$1$^>_name\n\nwhat is my name\nYour name is $_name$.\n"

    @Test func aCaptureOnTheTypedStageKeepsTheCase() {
        let m = mind(Self.sayer)
        var memory = ConversationMemory()
        #expect(m.say("My name is Bob", &memory) == "Hello Bob!")
        #expect(memory.variables["_name"] == "Bob")
        #expect(m.say("what is my name", &memory) == "Your name is Bob.")
        #expect(m.say("SAY New York, Please!") == "You said: New York Please")
    }

    @Test func theReferenceModeLowerCasesAsTheReferenceDoes() {
        var reference = AskOptions()
        reference.capturesAsTyped = false
        #expect(mind(Self.sayer).say("My name is Bob", options: reference) == "Hello bob!")
        #expect(mind(Self.sayer).say("Please say Hi There", options: reference) == "You said: hi there")
    }

    @Test("a capture after a rewritten or dropped word is found among the words as typed")
    func aCaptureAfterARewrittenWord() {
        let m = mind(Self.sayer)
        #expect(m.say("Please say Hi There") == "You said: Hi There")
        #expect(m.say("I am called Ada Lovelace") == "Hello Ada Lovelace!")
    }

    @Test("a capture holding a rewritten word keeps today's text")
    func aCaptureHoldingARewrittenWord() {
        let m = mind(Self.sayer)
        // "I'm" became "i am": the capture is no run of the words as typed.
        #expect(m.say("Please say I'm Here") == "You said: i am here")
    }

    @Test("a capture whose words occur twice as typed, in different case, keeps today's text")
    func anAmbiguousCapture() {
        let m = mind("say * and *\nFirst $1$, then $2$.\n")
        // Typed stage: the offsets map back exactly.
        #expect(m.say("Say Bob and bob") == "First Bob, then bob.")
        // Normalised stage ("please" dropped): "bob" is found twice as typed, spelled
        // two ways, so it stays lower case; spelled one way, it is that spelling.
        #expect(m.say("Please say Bob and bob") == "First bob, then bob.")
        #expect(m.say("Please say Bob and Bob") == "First Bob, then Bob.")
    }

    @Test("the bundled weather skill names the place as the user wrote it")
    func weatherSkill() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        let weather = WeatherConsoleTests()
        var memory = ConversationMemory()
        let reply = try weather.weatherMind().ask("What is the weather in Atlantis", memory: &memory,
                                                  options: weather.options(fixture))
        #expect(reply.text == "I don't know a place called Atlantis.")
        #expect(fixture.requests.first?.query["name"] == "Atlantis")
        var again = ConversationMemory()
        let polite = try weather.weatherMind().ask("Could you tell me what is the weather in Atlantis please",
                                                   memory: &again, options: weather.options(fixture))
        #expect(polite.text == "I don't know a place called Atlantis.")
    }

    @Test("the bundled time skill names a city in its own spelling")
    func timeInACity() {
        var options = AskOptions(now: Date(timeIntervalSince1970: 0))
        options.fuzzy = false
        var memory = ConversationMemory()
        let typed = bundledMind.ask("What time is it in New York", memory: &memory, options: options).text
        #expect(typed == "It is 19:00 in New York (UTC-05:00).")
        let polite = bundledMind.ask("Could you tell me the time in NEW YORK please", memory: &memory, options: options).text
        #expect(polite == "It is 19:00 in New York (UTC-05:00).")
    }
}
