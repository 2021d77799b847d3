import Foundation

/// The reference's canonical form, applied to queries and to pattern alternatives alike.
/// Matching is case-insensitive only because both sides pass through here.
enum Normalizer {
    static func normalize(_ text: String) -> String {
        var s = javaTrim(text).lowercased()
        // `,|;:` is the reference's separator rule; the two-character `;:` is a quirk kept on purpose.
        s = s.replacingOccurrences(of: ",", with: " ")
        while s.contains(";:") { s = s.replacingOccurrences(of: ";:", with: " ") }
        while s.contains("  ") { s = s.replacingOccurrences(of: "  ", with: " ") }
        return stripTrailingPunctuation(s)
    }

    /// Trailing `? ! : .` go, repeatedly, unless escaped with a backslash.
    static func stripTrailingPunctuation(_ text: String) -> String {
        var chars = Array(text)
        while let last = chars.last, "?!:.".contains(last) {
            if chars.count >= 2, chars[chars.count - 2] == "\\" { break }
            chars.removeLast()
            while let l = chars.last, isJavaSpace(l) { chars.removeLast() }
        }
        return String(chars)
    }

    /// Java's `String.trim()`: strips every character up to U+0020 at both ends.
    static func javaTrim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }) else { return "" }
        let last = scalars.lastIndex(where: { $0.value > 0x20 })!
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

    private static func isJavaSpace(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { $0.value <= 0x20 }
    }
}
