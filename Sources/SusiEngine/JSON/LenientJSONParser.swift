import SusiReply
/// Parses JSON the way org.json accepts it in skill files: unquoted keys and values,
/// single quotes, `;` or `,` between members, `=`/`=>` after keys, trailing separators.
/// Strict JSON (API responses) is a subset, so one parser serves both.
struct LenientJSONParser {
    struct Failure: Error, CustomStringConvertible {
        let message: String
        let offset: Int
        var description: String { "\(message) at byte \(offset)" }
    }

    private let b: [UInt8]
    private var i = 0
    private var depth = 0
    private static let maxDepth = 256

    init(_ text: String) { b = Array(text.utf8) }
    init(bytes: [UInt8]) { b = bytes }

    static func parse(_ text: String) throws -> JSONValue {
        var p = LenientJSONParser(text)
        return try p.parseDocument()
    }

    static func parse(bytes: [UInt8]) throws -> JSONValue {
        var p = LenientJSONParser(bytes: bytes)
        return try p.parseDocument()
    }

    /// Like org.json's `new JSONObject(text)`: text before the first `{` and after the
    /// object it opens is ignored (skill authors leave stray lines and brackets there).
    static func parseObjectLeniently(_ text: String) throws -> JSONValue {
        var p = LenientJSONParser(text)
        guard let start = p.b.firstIndex(of: UInt8(ascii: "{")) else { throw Failure(message: "no JSON object", offset: 0) }
        p.i = start
        return try p.parseValue()
    }

    mutating func parseDocument() throws -> JSONValue {
        skipSpace()
        let v = try parseValue()
        skipSpace()
        if i < b.count { throw fail("unexpected text after the value") }
        return v
    }

    private func fail(_ m: String) -> Failure { Failure(message: m, offset: i) }

    private mutating func skipSpace() {
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0xEF || c == 0xBB || c == 0xBF {
                i += 1
            } else {
                return
            }
        }
    }

    private mutating func parseValue() throws -> JSONValue {
        guard i < b.count else { throw fail("unexpected end") }
        switch b[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try parseString())
        default: return try parseBare()
        }
    }

    private mutating func enter() throws {
        depth += 1
        if depth > LenientJSONParser.maxDepth { throw fail("nesting too deep") }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var o = JSONObject()
        while true {
            skipSpace()
            guard i < b.count else { throw fail("unterminated object") }
            if b[i] == UInt8(ascii: "}") {
                i += 1
                return .object(o)
            }
            if b[i] == UInt8(ascii: ",") || b[i] == UInt8(ascii: ";") {
                i += 1
                continue
            }
            let key: String
            if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
                key = try parseString()
            } else {
                key = try bareToken()
                if key.isEmpty { throw fail("expected a key") }
            }
            skipSpace()
            guard i < b.count else { throw fail("unterminated object") }
            if b[i] == UInt8(ascii: ":") {
                i += 1
            } else if b[i] == UInt8(ascii: "=") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: ">") { i += 1 }
            } else {
                throw fail("expected ':' after key")
            }
            skipSpace()
            o[key] = try parseValue()
            skipSpace()
            guard i < b.count else { throw fail("unterminated object") }
            let c = b[i]
            if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") {
                i += 1
            } else if c != UInt8(ascii: "}") {
                throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var items: [JSONValue] = []
        while true {
            skipSpace()
            guard i < b.count else { throw fail("unterminated array") }
            if b[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            items.append(try parseValue())
            skipSpace()
            guard i < b.count else { throw fail("unterminated array") }
            let c = b[i]
            if c == UInt8(ascii: ",") || c == UInt8(ascii: ";") {
                i += 1
            } else if c != UInt8(ascii: "]") {
                throw fail("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws -> String {
        let quote = b[i]
        i += 1
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            i += 1
            if c == quote { return String(decoding: out, as: UTF8.self) }
            if c == UInt8(ascii: "\\") {
                guard i < b.count else { break }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800, scalar < 0xDC00, i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") {
                        let next = i
                        i += 2
                        let low = try hex4()
                        if low >= 0xDC00, low < 0xE000 {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            i = next  // not a pair: the lone high surrogate becomes U+FFFD, the escape stays
                        }
                    }
                    let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(u).utf8))
                default: out.append(e)
                }
            } else {
                out.append(c)
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= b.count else { throw fail("bad \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("bad \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    /// Characters that end an unquoted token, as in org.json's `nextValue`.
    private static func endsBare(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "/"),
             UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: "="),
             UInt8(ascii: "#"), UInt8(ascii: "\\"):
            return true
        default:
            return c < 0x20
        }
    }

    private mutating func bareToken() throws -> String {
        let start = i
        while i < b.count, !LenientJSONParser.endsBare(b[i]) { i += 1 }
        let raw = String(decoding: b[start..<i], as: UTF8.self)
        return Normalizer.javaTrim(raw)
    }

    private mutating func parseBare() throws -> JSONValue {
        let token = try bareToken()
        if token.isEmpty { throw fail("missing value") }
        switch token.lowercased() {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: break
        }
        if let first = token.utf8.first, (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: "-"),
           let d = Double(token) {
            return .number(d)
        }
        return .string(token)
    }
}
