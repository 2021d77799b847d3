import Foundation
import SusiEngine
import Testing
@testable import SusiLocal

@Suite("Conversation memory storage")
struct ConversationStorageTests {
    static var sample: ConversationMemory {
        var memory = ConversationMemory()
        memory.variables = ["_name": "ada", "_colour": "green \"quoted\" ✓ back\\slash\ttab\u{01}\nnew line"]
        memory.turns = [
            .init(query: "my name is ada", answer: "Nice to meet you, ada!", skill: "models/general/Communication/en/memory.txt"),
            .init(query: "xyzzy", answer: "I don't know.", skill: nil),
        ]
        return memory
    }

    @Test func roundTrips() {
        #expect(ConversationStorage.decode(ConversationStorage.encode(Self.sample)) == Self.sample)
        #expect(ConversationStorage.decode(ConversationStorage.encode(ConversationMemory())) == ConversationMemory())
    }

    @Test func readsWhatCodableWroteAndCodableReadsWhatItWrites() throws {
        let codable = String(decoding: try JSONEncoder().encode(Self.sample), as: UTF8.self)
        #expect(ConversationStorage.decode(codable) == Self.sample)
        let stored = ConversationStorage.encode(Self.sample)
        #expect(try JSONDecoder().decode(ConversationMemory.self, from: Data(stored.utf8)) == Self.sample)
    }

    /// Every ASCII character (controls included), quotes and backslashes in
    /// names, values, queries, answers and skills; non-ASCII text and
    /// combining marks; long values: the stored text parses as JSON and reads
    /// back unchanged, through this decoder and through Codable's.
    @Test func oddTextRoundTrips() throws {
        let ascii = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init)))
        var memory = ConversationMemory()
        memory.variables = ["_all": ascii, "_\"q\"\\": "e\u{301} 日本 🙂 \u{2028}", "_long": String(repeating: "ab\"\n", count: 500), "_empty": ""]
        memory.turns = [.init(query: ascii, answer: "\"\\/\u{0}\u{1f}", skill: "models/x/\"odd\"/en/ä.txt"),
                        .init(query: "", answer: "", skill: nil)]
        let stored = ConversationStorage.encode(memory)
        #expect(try JSONSerialization.jsonObject(with: Data(stored.utf8)) is [String: Any])
        #expect(!stored.unicodeScalars.contains { $0.value < 0x20 })
        #expect(ConversationStorage.decode(stored) == memory)
        #expect(try JSONDecoder().decode(ConversationMemory.self, from: Data(stored.utf8)) == memory)
    }

    @Test func damagedRowsGiveAFreshMemory() {
        for text in ["", "not json", "[]", "{\"turns\": 5}", "{\"variables\": {\"_x\": 3}}"] {
            #expect(ConversationStorage.decode(text).turns.isEmpty)
        }
    }

    /// A remembered memory is the one its text decodes to; an unknown text is
    /// parsed (and a damaged one still gives a fresh memory); the cache is bounded.
    @Test func rememberedMemoriesAreWhatTheirTextDecodesTo() {
        let text = ConversationStorage.encode(Self.sample)
        ConversationStorage.remember(text, Self.sample)
        #expect(ConversationStorage.decodeRemembered(text) == ConversationStorage.decode(text))
        var other = Self.sample
        other.variables["_name"] = "grace \(UUID().uuidString)"
        let otherText = ConversationStorage.encode(other)
        #expect(ConversationStorage.decodeRemembered(otherText) == other)
        #expect(ConversationStorage.decodeRemembered("not json \(UUID().uuidString)") == ConversationMemory())
        for index in 0...(2 * ConversationStorage.recentLimit) {
            var memory = ConversationMemory()
            memory.variables["_n"] = "\(index)"
            ConversationStorage.remember(ConversationStorage.encode(memory), memory)
        }
        #expect(ConversationStorage.recentCount <= ConversationStorage.recentLimit)
    }

    /// The query's words as the index's SQL reads them: any text survives.
    @Test func wordListsAreJSONArrays() throws {
        let words = ["hello", "say \"hi\"", "back\\slash", "tab\tnew\nline\u{01}", "✓"]
        let parsed = try JSONSerialization.jsonObject(with: Data(ConversationStorage.jsonArray(words).utf8)) as? [String]
        #expect(parsed == words)
        #expect(ConversationStorage.jsonArray([String]()) == "[]")
    }
}

