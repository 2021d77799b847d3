/// The reference's canonical form, applied to queries and to pattern alternatives alike.
/// Matching is case-insensitive only because both sides pass through here.
/// Written over Unicode scalars: loading the 56,000-intent AIML skill calls it 60,000 times.
enum Normalizer {
    static func normalize(_ text: String) -> String {
        normalize(text, lowercasing: true)
    }

    /// The same canonical form with the user's case kept: what captures are read from
    /// when it lines up with `normalize(text)` scalar for scalar (decision 0461).
    static func normalizeKeepingCase(_ text: String) -> String {
        normalize(text, lowercasing: false)
    }

    private static func normalize(_ text: String, lowercasing: Bool) -> String {
        let lowered = lowercasing ? javaTrim(text).lowercased() : javaTrim(text)
        // Collected as scalars and made a string once (appending to a
        // UnicodeScalarView scalar by scalar was most of compiling a pattern).
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(lowered.utf8.count)
        var previous: Unicode.Scalar?
        var it = lowered.unicodeScalars.makeIterator()
        var pending = it.next()
        while let c = pending {
            pending = it.next()
            var s = c
            // `,|;:` is the reference's separator rule; the two-character `;:` is a quirk kept on purpose.
            if c == "," {
                s = " "
            } else if c == ";", pending == ":" {
                s = " "
                pending = it.next()
            }
            if s == " ", previous == " " { continue }
            out.append(s)
            previous = s
        }
        stripTrailingPunctuation(&out)
        return string(out)
    }

    /// Trailing `? ! : .` go, repeatedly, unless escaped with a backslash.
    static func stripTrailingPunctuation(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        let original = scalars.count
        stripTrailingPunctuation(&scalars)
        if scalars.count == original { return text }
        return string(scalars)
    }

    private static func stripTrailingPunctuation(_ scalars: inout [Unicode.Scalar]) {
        while let last = scalars.last, last == "?" || last == "!" || last == ":" || last == "." {
            if scalars.count >= 2, scalars[scalars.count - 2] == "\\" { break }
            scalars.removeLast()
            while let l = scalars.last, l.value <= 0x20 { scalars.removeLast() }
        }
    }

    /// The scalars as a string: from bytes when they are all ASCII.
    private static func string(_ scalars: [Unicode.Scalar]) -> String {
        if scalars.allSatisfy({ $0.isASCII }) {
            return String(decoding: scalars.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Java's `String.trim()`: strips every character up to U+0020 at both ends.
    static func javaTrim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }) else { return "" }
        let last = scalars.lastIndex(where: { $0.value > 0x20 })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    static func javaRightTrim(_ text: Substring) -> Substring {
        var end = text.unicodeScalars.endIndex
        let scalars = text.unicodeScalars
        while end > scalars.startIndex {
            let before = scalars.index(before: end)
            if scalars[before].value > 0x20 { break }
            end = before
        }
        return Substring(scalars[scalars.startIndex..<end])
    }
}
