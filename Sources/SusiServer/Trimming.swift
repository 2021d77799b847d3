/// Trimming without Foundation: `trimmingCharacters(in:)` bridges through
/// NSString, which was a thirtieth of a chat request's time under load.
/// The same characters (the tests compare every scalar): Unicode's
/// White_Space property and U+200B (zero width space) are
/// `CharacterSet.whitespacesAndNewlines`; less the line breaks (U+000A–U+000D,
/// U+0085, U+2028, U+2029) they are `CharacterSet.whitespaces`.
enum Trimming {
    static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII (nearly every parameter) without the Unicode property table:
        // its White_Space characters are U+0009–U+000D and the space.
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.value == 0x200B || scalar.properties.isWhitespace
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return false
        default: return isWhitespaceOrNewline(scalar)
        }
    }

    /// `text` without the leading and trailing scalars `drop` matches.
    static func trimmed(_ text: String, _ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, drop(first) || drop(last) else { return text }
        guard let start = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !drop($0) })!
        return String(scalars[start...end])
    }
}
