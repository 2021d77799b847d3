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

    @Test func damagedRowsGiveAFreshMemory() {
        for text in ["", "not json", "[]", "{\"turns\": 5}", "{\"variables\": {\"_x\": 3}}"] {
            #expect(ConversationStorage.decode(text).turns.isEmpty)
        }
    }
}
