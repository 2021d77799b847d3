import Testing
import SusiBasics
@testable import SusiServer

/// A log field is copied as it is only when nothing in it needs escaping.
@Suite struct LogTextTests {
    @Test func plainFieldsAreKeptAndTheRestEscaped() {
        #expect(LogText.field("/susi/chat.json?q=hello") == "/susi/chat.json?q=hello")
        #expect(LogText.field("") == "-")
        #expect(LogText.field("a b") == "a\\x20b")
        #expect(LogText.field("a\\b") == "a\\\\b")
        #expect(LogText.field("\u{1b}[2J") == "\\x1b[2J")
        #expect(LogText.field("x\u{7f}") == "x\\x7f")
        #expect(LogText.field("caf\u{e9}") == "caf\u{e9}")
        #expect(LogText.field("a\u{202e}b") == "a\\u{202e}b")
    }

    /// The access log and the terminal share one list of invisible and
    /// direction characters (UntrustedText.isInvisible).
    @Test func theLogEscapesExactlyWhatTheTerminalRuleCallsInvisible() {
        var ranges: [ClosedRange<UInt32>] = [0xA0...0xFF, 0x300...0x700, 0x1100...0x1200, 0x17B0...0x1810, 0x2000...0x2070,
                                             0x3160...0x3170, 0xFE00...0xFFFF, 0xE0000...0xE0080]
        ranges.append(0x1F300...0x1F320)
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let escaped = LogText.field("a" + String(Character(scalar))) != "a" + String(Character(scalar))
                #expect(escaped == UntrustedText.isInvisible(scalar), "U+\(String(value, radix: 16))")
            }
        }
    }
}
