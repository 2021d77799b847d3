/// JSON as the engine handles it: console bodies, fetched API responses, reply rows and
/// action fields. Objects keep their key order because table columns are shown in it.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The text a `$name$` placeholder becomes: numbers without a needless `.0`,
    /// containers as compact JSON.
    public var text: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return JSONValue.format(d)
        case .string(let s): return s
        case .array, .object: return serialized
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    static func format(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// Compact JSON text, keys in their order.
    public var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact JSON text (UTF-8) to `out`: writers of a larger
    /// document (chat.json, stored memories, history rows) build one buffer
    /// instead of a String per value.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: JSONValue.append("null", to: &out)
        case .bool(let b): JSONValue.append(b ? "true" : "false", to: &out)
        case .number(let d): JSONValue.append(d.isFinite ? JSONValue.format(d) : "null", to: &out)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            var first = true
            o.forEach { key, value in
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `text` as it is (no quotes, no escaping): for the fixed parts of a document.
    @inline(__always)
    public static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Appends `s` as a JSON string literal. Works on the UTF-8 bytes: every
    /// byte that needs escaping is ASCII (quote, backslash, below 0x20), and
    /// the bytes of a non-ASCII character never are, so runs between them are
    /// copied whole; most strings have none and are one copy.
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in
            out.append(UInt8(ascii: "\""))
            var run = 0
            for i in 0..<bytes.count {
                let b = bytes[i]
                guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
                if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i])) }
                run = i + 1
                out.append(UInt8(ascii: "\\"))
                switch b {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    // \u00XX, lower-case hex digits: b < 0x20, so the first is 0 or 1.
                    let low = b & 0xF
                    out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, 0x30 + (b >> 4), low < 10 ? 0x30 + low : 0x57 + low])
                }
            }
            if run < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...])) }
            out.append(UInt8(ascii: "\""))
        }
    }
}

/// An insertion-ordered JSON object.
public struct JSONObject: Sendable, Equatable {
    public private(set) var keys: [String] = []
    private var values: [String: JSONValue] = [:]

    public init() {}

    public init(_ pairs: [(String, JSONValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    public subscript(key: String) -> JSONValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var isEmpty: Bool { keys.isEmpty }
    public var count: Int { keys.count }

    /// Each key with its value, in key order.
    public func forEach(_ body: (String, JSONValue) throws -> Void) rethrows {
        for key in keys { try body(key, values[key]!) }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.values == b.values
    }
}

struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: DynamicKey.self) {
            var o = JSONObject()
            for key in keyed.allKeys { o[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(o)
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? single.decode(Double.self) {
            self = .number(d)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .number(let d):
            var c = encoder.singleValueContainer()
            if d.isFinite, d == d.rounded(), abs(d) < 1e15 { try c.encode(Int64(d)) } else { try c.encode(d) }
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .object(let o):
            try o.encode(to: encoder)
        }
    }
}

extension JSONObject: Codable {
    public init(from decoder: Decoder) throws {
        guard case .object(let o) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected an object"))
        }
        self = o
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        for key in keys { try c.encode(values[key]!, forKey: DynamicKey(key)) }
    }
}
