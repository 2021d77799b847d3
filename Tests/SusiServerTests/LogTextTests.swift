import Testing
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
}
