import Foundation
import SusiReply
import Testing

@Suite("JSONValue writer")
struct JSONValueTests {
    /// The writer before it worked on UTF-8 bytes: one scalar at a time.
    static func scalarByScalar(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static let oddTexts: [String] = {
        var texts = ["", "hello", "say \"hi\"", "back\\slash", "tab\tnew\nline\r", "\u{01}\u{1f}\u{7f}", "✓ é 日本 🙂",
                     "e\u{301}", "\"", "\\", "a\"b\\c\nd\u{0}e", "/slash/", "\u{2028}\u{2029}", String(repeating: "x\"", count: 300)]
        texts.append(String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init))))
        return texts
    }()

    @Test func stringsAreWrittenAsTheScalarWriterDid() throws {
        for text in Self.oddTexts {
            #expect(JSONValue.string(text).serialized == Self.scalarByScalar(text), "\(text.debugDescription)")
            let parsed = try JSONSerialization.jsonObject(with: Data(JSONValue.string(text).serialized.utf8), options: .fragmentsAllowed)
            #expect(parsed as? String == text, "\(text.debugDescription)")
        }
        // Every control character by its own escape.
        #expect(JSONValue.string("\u{0}\u{8}\u{b}\u{c}\u{1a}").serialized == #""\u0000\u0008\u000b\u000c\u001a""#)
    }

    @Test func documentsKeepKeyOrderAndAppendToOneBuffer() {
        var row = JSONObject()
        row["z"] = .string("last \"first\"")
        row["a"] = .array([.number(1), .number(2.5), .null, .bool(true), .bool(false), .number(.infinity)])
        row["m"] = .object(JSONObject([("k", .string("v\n"))]))
        let value = JSONValue.object(row)
        #expect(value.serialized == #"{"z":"last \"first\"","a":[1,2.5,null,true,false,null],"m":{"k":"v\n"}}"#)
        var out = Array("prefix ".utf8)
        value.write(to: &out)
        JSONValue.append(" ✓", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "prefix " + value.serialized + " ✓")
        #expect(JSONValue.array([]).serialized == "[]")
        #expect(JSONValue.object(JSONObject()).serialized == "{}")
    }
}
