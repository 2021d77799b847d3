import Foundation

/// JSON text parsed into `JSONValue` with every object's keys in the order
/// the text gives them. Foundation's decoders hand keys over in a
/// dictionary's order, which changes from run to run; table columns are
/// shown in the skill's order, so replies from a server are parsed here
/// (RemoteService, `Reply.keepingKeyOrder(of:)`).
extension JSONValue {
    public struct ParseError: Error, Equatable, Sendable {
        public var offset: Int
        public var reason: String
    }

    /// Parses one JSON value (RFC 8259), nesting at most `maxDepth` deep.
    public static func parse(_ data: Data, maxDepth: Int = 256) throws -> JSONValue {
        try parse(bytes: [UInt8](data), maxDepth: maxDepth)
    }

    /// As `parse(_:)`, over UTF-8 bytes already in an array (no Data in between).
    public static func parse(bytes: [UInt8], maxDepth: Int = 256) throws -> JSONValue {
        var parser = OrderedJSONParser(bytes: bytes, maxDepth: maxDepth)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.fail("text after the JSON value") }
        return value
    }

    /// This value with every object's keys in the order `template` has them
    /// (same shape, as parsed from the same text); keys the template lacks
    /// keep their place after those it has.
    public func reordered(like template: JSONValue) -> JSONValue {
        switch (self, template) {
        case let (.object(object), .object(order)): return .object(object.reordered(like: order))
        case let (.array(items), .array(order)) where items.count == order.count:
            return .array(zip(items, order).map { $0.reordered(like: $1) })
        default: return self
        }
    }
}

extension JSONObject {
    /// See `JSONValue.reordered(like:)`.
    public func reordered(like template: JSONObject) -> JSONObject {
        var result = JSONObject()
        for key in template.keys where self[key] != nil {
            let value = self[key]!
            result[key] = template[key].map { value.reordered(like: $0) } ?? value
        }
        for key in keys where result[key] == nil { result[key] = self[key] }
        return result
    }
}

struct OrderedJSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func fail(_ reason: String) -> JSONValue.ParseError { JSONValue.ParseError(offset: index, reason: reason) }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw fail("the text ends early") }
        switch bytes[index] {
        case 0x7B: return try object(depth: depth + 1)
        case 0x5B: return try array(depth: depth + 1)
        case 0x22: return .string(try string())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        default: return .number(try number())
        }
    }

    mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw fail("not a JSON value")
        }
        index += expected.count
    }

    mutating func object(depth: Int) throws -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested more than \(maxDepth) deep") }
        index += 1
        var result = JSONObject()
        skipSpace()
        if index < bytes.count, bytes[index] == 0x7D {
            index += 1
            return .object(result)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x22 else { throw fail("an object key must be a string") }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x3A else { throw fail("':' expected") }
            index += 1
            result[key] = try value(depth: depth)
            skipSpace()
            guard index < bytes.count else { throw fail("the text ends early") }
            if bytes[index] == 0x2C { index += 1; continue }
            if bytes[index] == 0x7D { index += 1; return .object(result) }
            throw fail("',' or '}' expected")
        }
    }

    mutating func array(depth: Int) throws -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested more than \(maxDepth) deep") }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == 0x5D {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth))
            skipSpace()
            guard index < bytes.count else { throw fail("the text ends early") }
            if bytes[index] == 0x2C { index += 1; continue }
            if bytes[index] == 0x5D { index += 1; return .array(items) }
            throw fail("',' or ']' expected")
        }
    }

    mutating func number() throws -> Double {
        let start = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains(bytes[index]) {
            index += 1
        }
        guard index > start, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            index = start
            throw fail("not a JSON value")
        }
        return number
    }

    mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else {
            throw fail("a \\u escape needs four hex digits")
        }
        index += 4
        return code
    }

    mutating func string() throws -> String {
        index += 1
        var out = [UInt8]()
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x22:
                return String(decoding: out, as: UTF8.self)
            case 0x5C:
                guard index < bytes.count else { throw fail("the text ends early") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case 0x22, 0x5C, 0x2F: out.append(escape)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75:
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code), index + 6 <= bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 {
                        index += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            out.append(contentsOf: Array("\u{FFFD}".utf8))
                            code = low
                        }
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw fail("an unknown escape")
                }
            case 0x00..<0x20:
                throw fail("a control character in a string")
            default:
                out.append(byte)
            }
        }
        throw fail("a string does not end")
    }
}

extension Reply {
    /// This reply (decoded from `data`) with each action's fields and each
    /// data row in the key order of the JSON text itself; unchanged when the
    /// text cannot be parsed here.
    public func keepingKeyOrder(of data: Data) -> Reply {
        guard let parsed = try? JSONValue.parse(data), case .array(let answerOrder)? = parsed["answers"],
              answerOrder.count == answers.count else { return self }
        var result = self
        for (i, order) in answerOrder.enumerated() {
            if case .array(let actions)? = order["actions"], actions.count == result.answers[i].actions.count {
                for (j, action) in actions.enumerated() {
                    guard case .object(let fields) = action else { continue }
                    result.answers[i].actions[j].fields = result.answers[i].actions[j].fields.reordered(like: fields)
                }
            }
            if case .array(let rows)? = order["data"], rows.count == result.answers[i].data.count {
                for (j, row) in rows.enumerated() {
                    guard case .object(let keys) = row else { continue }
                    result.answers[i].data[j] = result.answers[i].data[j].reordered(like: keys)
                }
            }
        }
        return result
    }
}
