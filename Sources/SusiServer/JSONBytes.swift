import Foundation
import SusiPorts
import SusiReply

/// JSON written straight into one byte buffer, for the bodies the server
/// writes per request (chat.json): no intermediate Strings, JSONObjects or
/// Date formatting. Strings and values go through `JSONValue`'s byte
/// writer, so the bytes are those of `JSONValue.serialized`.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Text copied as it is (keys, punctuation).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A JSON string: `"`, `\` and control characters escaped, by the
    /// writer every JSON value uses.
    mutating func string(_ text: String) {
        JSONValue.writeString(text, to: &bytes)
    }

    /// A whole number as `JSONValue.number` writes it.
    mutating func int(_ value: Int) {
        guard value.magnitude < 1_000_000_000_000_000 else {
            bytes.append(contentsOf: JSONValue.number(Double(value)).serialized.utf8)
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude), width: 1)
    }

    /// Any value, written by its own byte writer.
    mutating func value(_ value: JSONValue) {
        value.write(to: &bytes)
    }

    /// `"2026-11-29T21:40:45.318Z"`, as `Timestamps.iso(_:milliseconds: true)` writes it.
    mutating func isoDate(_ date: Date) {
        let ms = Timestamps.clampedMilliseconds(date)
        var seconds = ms / 1000
        var millis = ms % 1000
        if millis < 0 {
            millis += 1000
            seconds -= 1
        }
        // The calendar of SusiReply's dates (the same proleptic Gregorian days as gmtime).
        let civil = CivilTime(secondsSinceEpoch: Int(seconds))
        bytes.append(0x22)
        digits(UInt64(civil.year), width: 4)
        bytes.append(UInt8(ascii: "-"))
        digits(UInt64(civil.month), width: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(UInt64(civil.day), width: 2)
        bytes.append(UInt8(ascii: "T"))
        digits(UInt64(civil.hour), width: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(UInt64(civil.minute), width: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(UInt64(civil.second), width: 2)
        bytes.append(UInt8(ascii: "."))
        digits(UInt64(millis), width: 3)
        raw("Z\"")
    }

    /// `Timestamps.iso(date, milliseconds: true)`, by `isoDate`'s arithmetic (no gmtime, no Strings per field).
    static func isoText(_ date: Date) -> String {
        var out = JSONBytes(capacity: 26)
        out.isoDate(date)
        return String(decoding: out.bytes[1..<(out.bytes.count - 1)], as: UTF8.self)
    }

    /// A JSON string holding the standard base64 (padded) of `text`'s UTF-8.
    mutating func base64String(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index + 3 <= utf8.count {
                let word = UInt32(utf8[index]) << 16 | UInt32(utf8[index + 1]) << 8 | UInt32(utf8[index + 2])
                bytes.append(Self.base64Digits[Int(word >> 18 & 63)])
                bytes.append(Self.base64Digits[Int(word >> 12 & 63)])
                bytes.append(Self.base64Digits[Int(word >> 6 & 63)])
                bytes.append(Self.base64Digits[Int(word & 63)])
                index += 3
            }
            let left = utf8.count - index
            if left > 0 {
                let word = UInt32(utf8[index]) << 16 | (left == 2 ? UInt32(utf8[index + 1]) << 8 : 0)
                bytes.append(Self.base64Digits[Int(word >> 18 & 63)])
                bytes.append(Self.base64Digits[Int(word >> 12 & 63)])
                bytes.append(left == 2 ? Self.base64Digits[Int(word >> 6 & 63)] : UInt8(ascii: "="))
                bytes.append(UInt8(ascii: "="))
            }
        }
        bytes.append(0x22)
    }

    /// The session envelope, as `APICall.envelope` serializes.
    mutating func envelope(_ identity: Identity) {
        raw("{\"identity\":{\"type\":")
        string(identity.type)
        raw(",\"name\":")
        string(identity.name)
        if identity.anonymous { raw(",\"anonymous\":true}}") } else { raw(",\"anonymous\":false}}") }
    }

    /// Decimal digits, zero-padded to `width`.
    private mutating func digits(_ value: UInt64, width: Int) {
        DecimalBytes.append(value, width: width, to: &bytes)
    }

    private static let base64Digits: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
}
