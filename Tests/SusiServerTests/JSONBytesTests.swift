import Foundation
import SusiCore
import SusiPorts
import SusiReply
@testable import SusiServer
import Testing

/// The byte writer behind chat.json writes what the slower paths it
/// replaced wrote: JSONValue's escaping and numbers, Timestamps.iso,
/// Foundation's base64, APICall.envelope.
@Suite("chat.json bytes")
struct JSONBytesTests {
    static func written(_ body: (inout JSONBytes) -> Void) -> String {
        var out = JSONBytes(capacity: 16)
        body(&out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test func stringsAreEscapedAsJSONValueEscapesThem() {
        var every = ""
        for value in 0..<0x80 { every.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        for text in ["", "hello", "a \"b\" \\ c", every, "héllo wörld € 😀 \u{202E}", "\n\r\t\u{1}\u{1F}\u{7F}", "\"", "end\\"] {
            #expect(Self.written { $0.string(text) } == JSONValue.string(text).serialized, "\(text.debugDescription)")
        }
    }

    @Test func numbersAreWrittenAsJSONValueWritesThem() {
        for value in [0, 1, -1, 42, 999_999_999_999_999, -999_999_999_999_999, 1_000_000_000_000_000, Int.max, Int.min] {
            #expect(Self.written { $0.int(value) } == JSONValue.number(Double(value)).serialized, "\(value)")
        }
    }

    @Test func datesAreWrittenAsTimestampsWritesThem() {
        let seconds: [Double] = [0, -0.001, -1, 0.999, 1_796_000_000.123, 951_782_400, 951_868_799.999, 4_107_542_400,
                                 -62_135_596_800, -62_135_596_801, 253_402_300_799.999, 253_402_300_800, 1e18, -1e18,
                                 .infinity, -.infinity]
        var dates = seconds.map { Date(timeIntervalSince1970: $0) }
        // A day at a time over 800 years, and random instants.
        for day in stride(from: -150_000, to: 150_000, by: 997) { dates.append(Date(timeIntervalSince1970: Double(day) * 86_400 + 3_723.456)) }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 { dates.append(Date(timeIntervalSince1970: Double.random(in: -2e10...2e10, using: &random))) }
        for date in dates {
            #expect(Self.written { $0.isoDate(date) } == "\"" + Timestamps.iso(date, milliseconds: true) + "\"",
                    "\(date.timeIntervalSince1970)")
        }
    }

    @Test func base64IsFoundations() {
        for text in ["", "a", "ab", "abc", "abcd", "host_127.0.0.1_5e0c7b3a", "email_ada@example.com", "é€😀"] {
            #expect(Self.written { $0.base64String(text) } == "\"" + Data(text.utf8).base64EncodedString() + "\"")
        }
    }

    @Test func theEnvelopeIsAPICalls() {
        for identity in [Identity.account("ada@example.com"), .anonymous("x\"y\u{1}"), .anonymous()] {
            #expect(Self.written { $0.envelope(identity) } == APICall.envelope(identity).serialized)
        }
    }
}

@Suite("chat.json's query_date for memory.json")
struct ISOTextTests {
    @Test func isoTextIsTimestampsMillisecondForm() {
        var random = SystemRandomNumberGenerator()
        var dates = [0, -0.001, 1_796_000_000.123, 253_402_300_799.999, -62_135_596_800].map { Date(timeIntervalSince1970: $0) }
        for _ in 0..<500 { dates.append(Date(timeIntervalSince1970: Double.random(in: -2e10...2e10, using: &random))) }
        for date in dates {
            #expect(JSONBytes.isoText(date) == Timestamps.iso(date, milliseconds: true), "\(date.timeIntervalSince1970)")
        }
    }
}
