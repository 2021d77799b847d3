import Foundation

/// `application/x-www-form-urlencoded`, used alike for query strings and
/// POST bodies, and the redaction of secrets for the access log.
public enum FormCoding {
    /// Splits `a=1&b=two+words&c` into fields, decoding `+` and `%XX`.
    /// A name without `=` has an empty value; malformed escapes stay as sent.
    public static func decode(_ bytes: some Collection<UInt8>) -> [FormField] {
        var fields: [FormField] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(parts[0])
            let value = parts.count > 1 ? unescape(parts[1]) : ""
            if name.isEmpty && value.isEmpty { continue }
            fields.append(FormField(name, value))
        }
        return fields
    }

    public static func decode(_ text: String) -> [FormField] { decode(Array(text.utf8)) }

    static func unescape(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var iterator = Array(bytes)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                out.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if iterator.count >= 2, let high = hexValue(iterator[iterator.startIndex]),
                   let low = hexValue(iterator[iterator.startIndex + 1]) {
                    out.append(high << 4 | low)
                    iterator = iterator.dropFirst(2)
                } else {
                    out.append(byte)
                }
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A path's `%XX` escapes decoded (`+` stays as it is).
    static func unescapePath(_ text: String) -> String {
        unescape(Array(text.replacingOccurrences(of: "+", with: "%2B").utf8))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Only unreserved characters stay as they are.
    public static func escape(_ text: String) -> String {
        // Most names and values (the access log escapes every one) need nothing.
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upperHex[Int(byte >> 4)])
                out.append(upperHex[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static let upperHex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Parameters whose values never reach a log.
    public static let secretNames: Set<String> = ["password", "newpassword", "access_token", "access-token"]

    /// The query string for the access log, with secret values replaced.
    public static func redactedQuery(_ fields: [FormField]) -> String {
        fields.map { field in
            let value = secretNames.contains(field.name.lowercased()) ? "REDACTED" : escape(field.value)
            return escape(field.name) + "=" + value
        }.joined(separator: "&")
    }
}
