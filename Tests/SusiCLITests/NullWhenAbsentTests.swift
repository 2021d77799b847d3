import Foundation
import Testing
import SusiCLI

@Suite struct NullWhenAbsentTests {
    struct Row: Encodable {
        var name: String
        @NullWhenAbsent var note: String?
        @NullWhenAbsent var when: Date?
        var plain: String?
    }

    @Test func anAbsentValueIsNullAndAPresentOneIsItself() throws {
        let absent = try JSONOutput.encode(Row(name: "a", note: nil, when: nil, plain: nil), pretty: false)
        #expect(absent == "{\"name\":\"a\",\"note\":null,\"when\":null}\n")
        let present = try JSONOutput.encode(Row(name: "a", note: "n", when: Date(timeIntervalSince1970: 0), plain: "p"), pretty: false)
        #expect(present == "{\"name\":\"a\",\"note\":\"n\",\"plain\":\"p\",\"when\":\"1970-01-01T00:00:00Z\"}\n")
    }

    @Test func itIsTheSameAsEncodingTheOptionalByHand() throws {
        struct ByHand: Encodable {
            var note: String?
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(note, forKey: .note)
            }
            enum CodingKeys: String, CodingKey { case note }
        }
        struct Wrapped: Encodable { @NullWhenAbsent var note: String? }
        for note in [nil, "x", "\u{1B}[2J"] as [String?] {
            #expect(try JSONOutput.encode(Wrapped(note: note)) == JSONOutput.encode(ByHand(note: note)))
        }
    }
}
