import Foundation
import Testing
@testable import SusiServer

/// The Foundation-free trimming drops exactly what `trimmingCharacters(in:)` drops.
@Suite struct TrimmingTests {
    static let samples = ["", " ", "hello", "  hello  ", "\thello\n", "\u{00A0}hi\u{3000}", "\u{2028}a b\u{2029}",
                          "\u{85}x\u{0B}", " \r\n ", "a\u{200B}", "\u{200B}a", "é ", " 🙂 ", "\u{1680}\u{202F}z\u{205F}"]

    @Test func whitespaceAndNewlinesLikeFoundation() {
        for text in Self.samples {
            #expect(Trimming.trimmed(text, Trimming.isWhitespaceOrNewline) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func whitespaceLikeFoundation() {
        for text in Self.samples {
            #expect(Trimming.trimmed(text, Trimming.isWhitespace) == text.trimmingCharacters(in: .whitespaces),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func everyScalarClassifiedLikeFoundation() {
        for value in UInt32(0)...0x10FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(Trimming.isWhitespaceOrNewline(scalar) == CharacterSet.whitespacesAndNewlines.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(Trimming.isWhitespace(scalar) == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
        }
    }
}
