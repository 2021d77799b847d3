import Foundation

/// `application/x-www-form-urlencoded`, used alike for query strings and
/// POST bodies, and the redaction of secrets for the access log.
public enum FormCoding {
    /// Splits `a=1&b=two+words&c` into fields, decoding `+` and `%XX`, for a
    /// request's parameters: a name or value that is not valid UTF-8 once
    /// decoded, or holds NUL, is refused (400), never repaired or cut.
    /// A name without `=` has an empty value; malformed escapes stay as sent.
    static func decodeStrict(_ bytes: some Collection<UInt8>, what: String) throws(RequestHead.Refusal) -> [FormField] {
        try fields(bytes) { bytes throws(RequestHead.Refusal) in try unescapeStrict(bytes, plusIsSpace: true, what: what) }
    }

    /// The `&`-separated pairs, each side decoded by `unescape`.
    private static func fields<Failure: Error>(_ bytes: some Collection<UInt8>,
                                               _ unescape: (ArraySlice<UInt8>) throws(Failure) -> String) throws(Failure) -> [FormField] {
        var fields: [FormField] = []
        for pair in Array(bytes).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try unescape(parts[0])
            let value = parts.count > 1 ? try unescape(parts[1]) : ""
            if name.isEmpty && value.isEmpty { continue }
            fields.append(FormField(name, value))
        }
        return fields
    }

    /// One name, value or path decoded, or refused when the bytes it stands
    /// for are not UTF-8 or include NUL.
    static func unescapeStrict(_ bytes: some Collection<UInt8>, plusIsSpace: Bool, what: String) throws(RequestHead.Refusal) -> String {
        let decoded = unescapedBytes(bytes, plusIsSpace: plusIsSpace)
        guard !decoded.contains(0), let text = String(validating: decoded, as: UTF8.self) else {
            throw RequestHead.Refusal(status: 400, message: "\(what) holds a name or value that is not valid UTF-8 text or contains NUL (%00); it was not used.")
        }
        return text
    }

    /// Lenient, for the access log only (what a refused request sent):
    /// bytes that are not UTF-8 become U+FFFD. Requests are decoded by
    /// `decodeStrict`.
    public static func decode(_ bytes: some Collection<UInt8>) -> [FormField] {
        fields(bytes) { unescape($0) }
    }

    public static func decode(_ text: String) -> [FormField] { decode(Array(text.utf8)) }

    static func unescape(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: unescapedBytes(bytes, plusIsSpace: true), as: UTF8.self)
    }

    private static func unescapedBytes(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var iterator = Array(bytes)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace:
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
        return out
    }

    /// A path's `%XX` escapes decoded (`+` stays as it is), for the access log.
    static func unescapePath(_ text: String) -> String {
        String(decoding: unescapedBytes(Array(text.utf8), plusIsSpace: false), as: UTF8.self)
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
        appendEscaped(text, to: &out)
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

    /// `escape(text)`'s bytes appended to `out`.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upperHex[Int(byte >> 4)])
                out.append(upperHex[Int(byte & 0xF)])
            }
        }
    }

    /// Whether `secretNames` holds the name lower-cased; ASCII names are
    /// compared byte by byte (no lower-cased copy, no hashing).
    static func isSecret(_ name: String) -> Bool {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return secretNames.contains(name.lowercased()) }
        let count = name.utf8.count
        for secret in secretASCII where secret.count == count {
            if zip(name.utf8, secret).allSatisfy({ ($0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0)) == $1 }) { return true }
        }
        return false
    }

    private static let secretASCII: [[UInt8]] = secretNames.map { Array($0.utf8) }

    /// `redactedQuery(fields)`'s bytes appended to `out`.
    static func appendRedactedQuery(_ fields: [FormField], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            appendEscaped(field.name, to: &out)
            out.append(UInt8(ascii: "="))
            if isSecret(field.name) {
                out.append(contentsOf: "REDACTED".utf8)
            } else {
                appendEscaped(field.value, to: &out)
            }
        }
    }

    /// The query string for the access log, with secret values replaced.
    public static func redactedQuery(_ fields: [FormField]) -> String {
        var out: [UInt8] = []
        appendRedactedQuery(fields, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
