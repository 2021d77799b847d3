/// The text operations of answer rendering (skill-language.md §2.3 "Rendering an answer").
enum TemplateText {
    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b == UInt8(ascii: "!") || b == UInt8(ascii: "-")
    }

    /// Replaces every `$name$`; nil when one cannot be resolved (the intent then fails).
    /// A lone `$` (prices such as "$1,000") is text. Substituted values are not rescanned.
    static func substitute(_ template: String, encode: ((String) -> String)? = nil,
                           _ resolve: (String) -> String?) -> String? {
        guard template.utf8.contains(UInt8(ascii: "$")) else { return template }
        let b = Array(template.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "$") {
                var j = i + 1
                while j < b.count, isNameByte(b[j]) { j += 1 }
                if j < b.count, b[j] == UInt8(ascii: "$"), j > i + 1 {
                    let name = String(decoding: b[(i + 1)..<j], as: UTF8.self)
                    guard let value = resolve(name) else { return nil }
                    out.append(contentsOf: (encode?(value) ?? value).utf8)
                    i = j + 1
                    continue
                }
            }
            out.append(b[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The `` `query` `` spans, innermost pairs first as they appear left to right.
    static func reflections(in text: String) -> [Range<String.Index>] {
        // No backtick byte, no backtick character: most answers have none.
        guard text.utf8.contains(UInt8(ascii: "`")) else { return [] }
        var ranges: [Range<String.Index>] = []
        var open: String.Index?
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "`" {
                if let o = open {
                    ranges.append(o..<text.index(after: i))
                    open = nil
                } else {
                    open = i
                }
            }
            i = text.index(after: i)
        }
        return ranges
    }

    /// `^value^>name`: stores value, removes the whole construct.
    static func takeInvisibleAssignments(_ text: String, store: (String, String) -> Void) -> String {
        guard text.utf8.contains(UInt8(ascii: "^")) else { return text }
        let c = Array(text)
        var out: [Character] = []
        var i = 0
        scan: while i < c.count {
            if c[i] == "^" {
                var j = i + 1
                while j < c.count, c[j] != "^" { j += 1 }
                if j + 2 < c.count, c[j] == "^", c[j + 1] == ">", isNameStart(c[j + 2]) {
                    var k = j + 2
                    while k < c.count, isNameChar(c[k]) { k += 1 }
                    store(String(c[(j + 2)..<k]), String(c[(i + 1)..<j]))
                    i = k
                    continue scan
                }
            }
            out.append(c[i])
            i += 1
        }
        return String(out)
    }

    /// `word>name`: stores the word just before `>`, keeps it, removes `>name`.
    /// The word stops at spaces, punctuation and HTML quote/slash characters, so markup
    /// such as `<a href="...">SUSI` is left alone.
    static func takeVisibleAssignments(_ text: String, store: (String, String) -> Void) -> String {
        guard text.utf8.contains(UInt8(ascii: ">")) else { return text }
        let c = Array(text)
        var out: [Character] = []
        var i = 0
        while i < c.count {
            if c[i] == ">", i + 1 < c.count, isNameStart(c[i + 1]) {
                var start = out.count
                while start > 0, !endsWord(out[start - 1]) { start -= 1 }
                if start < out.count {
                    var k = i + 1
                    while k < c.count, isNameChar(c[k]) { k += 1 }
                    store(String(c[(i + 1)..<k]), String(out[start...]))
                    i = k
                    continue
                }
            }
            out.append(c[i])
            i += 1
        }
        return String(out)
    }

    private static func isNameStart(_ ch: Character) -> Bool { ch == "_" || (ch.isASCII && ch.isLetter) }
    private static func isNameChar(_ ch: Character) -> Bool { ch == "_" || (ch.isASCII && (ch.isLetter || ch.isNumber)) }
    private static func endsWord(_ ch: Character) -> Bool {
        ch.isWhitespace || "(.,;:!?\"'<>/=".contains(ch)
    }
}
