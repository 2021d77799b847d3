import SusiBasics
import Testing
import Foundation
@testable import SusiCLI

@Suite("UntrustedText and the output guard")
struct UntrustedTextTests {
    @Test func controlsBecomeVisibleEscapes() {
        #expect(UntrustedText.escape("a\u{1B}[2Jb\u{07}c\u{9B}d\u{7F}e\nf\tg\r") == "a\\x1b[2Jb\\x07c\\u009bd\\x7fe\nf\tg\\r")
        #expect(UntrustedText.line("one\ntwo\r") == "one\\ntwo\\r")
        #expect(UntrustedText.escape("plain, ünïcödé ✓") == "plain, ünïcödé ✓")
    }

    @Test func theGuardKeepsOnlyTheProjectsOwnSequences() {
        let style = Style(enabled: true)
        let own = style.bold("B") + style.red("R") + style.dim("D") + "\u{1B}]8;;https://susi.ai\u{1B}\\SUSI\u{1B}]8;;\u{1B}\\\n"
        #expect(UntrustedText.guarded(own) == own)
        #expect(UntrustedText.guarded("\u{1B}[2J\u{1B}[5m\u{1B}]0;title\u{07}\u{1B}]8;;x\u{07}y\u{1B}\\")
                == "\\x1b[2J\\x1b[5m\\x1b]0;title\\x07\\x1b]8;;x\\x07y\\x1b\\")
        #expect(UntrustedText.guarded("\u{9B}31m\u{0}") == "\\u009b31m\\x00")
    }

    @Test func everyWriteToASinkIsGuarded() {
        let sink = OutputSink(capturingAsTTY: true)
        sink.write("x\u{1B}]52;c;cHduZWQ=\u{07}" + Style(enabled: true).green("ok"))
        #expect(sink.text == "x\\x1b]52;c;cHduZWQ=\\x07\u{1B}[32mok\u{1B}[0m")
    }

    /// The characters that reorder, hide or split text without showing:
    /// bidi overrides and isolates, zero-width characters, line and paragraph
    /// separators, the byte-order mark, tag characters and their friends.
    static let invisible: [Unicode.Scalar] = [
        "\u{202E}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{061C}",
        "\u{2060}", "\u{2064}", "\u{206A}", "\u{206F}", "\u{00AD}", "\u{180E}", "\u{FFF9}", "\u{FFFB}",
        "\u{E0001}", "\u{E0041}", "\u{E007F}",
    ]

    /// One rule for every path to a terminal: each of them is shown as an
    /// escape by `escape`, `line`, the sink's guard and JSON output.
    @Test(arguments: invisible)
    func invisibleAndDirectionCharactersAreEscapedOnEveryPath(_ scalar: Unicode.Scalar) {
        let text = "ab" + String(Character(scalar)) + "cd"
        let shown = UntrustedText.visible(scalar)
        #expect(shown.hasPrefix("\\u"))
        #expect(shown.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(UntrustedText.escape(text) == "ab" + shown + "cd")
        #expect(UntrustedText.line(text) == "ab" + shown + "cd")
        #expect(UntrustedText.guarded(text) == "ab" + shown + "cd")
        let sink = OutputSink(capturingAsTTY: true)
        sink.write(text + "\n")
        #expect(sink.text == "ab" + shown + "cd\n")
        let json = JSONOutput.text(Data("{\"a\":\"\(text)\"}".utf8))
        #expect(!json.unicodeScalars.contains(scalar))
        #expect(UntrustedText.needsEscape(scalar))
    }

    @Test func theVisibleFormsAreUnambiguous() {
        #expect(UntrustedText.visible("\u{202E}") == "\\u202e")
        #expect(UntrustedText.visible("\u{FEFF}") == "\\ufeff")
        #expect(UntrustedText.visible("\u{E0041}") == "\\u{e0041}")
        #expect(UntrustedText.visible("\u{9B}") == "\\u009b")
        #expect(UntrustedText.line("evil\u{202E}txt.exe\u{2028}error: forged") == "evil\\u202etxt.exe\\u2028error: forged")
    }

    /// Ordinary text, accents, other scripts, emoji and the typography
    /// susi itself prints (which shares lead bytes with the invisible ones)
    /// are left alone.
    @Test func visibleTextIsUntouched() {
        for text in ["plain, ünïcödé ✓", "— … • “quoted” ‘x’ € ™", "مرحبا", "שלום", "日本語", "😀 👍🏽 ❤️", "a\u{301}"] {
            #expect(UntrustedText.escape(text) == text)
            #expect(UntrustedText.line(text) == text)
            #expect(UntrustedText.guarded(text) == text)
        }
    }

    @Test func jsonTextEscapesDELAndC1InsideStrings() {
        #expect(JSONOutput.text(Data("{\"a\":\"x\u{7F}\u{85}y\"}".utf8))
                == "{\"a\":\"x\\u007f\\u0085y\"}")
    }
}

@Suite("URLs in messages")
struct URLTextTests {
    @Test func userinfoIsMaskedInEveryURL() {
        #expect(URLText.withoutUserinfo("The value 'http://ada:pw@host:9/x?a=b@c' of X, and https://u@h.example.") ==
                "The value 'http://***@host:9/x?a=b@c' of X, and https://***@h.example.")
        #expect(URLText.withoutUserinfo("mail ada@example.com at http://host/") == "mail ada@example.com at http://host/")
        #expect(URLText.withoutUserinfo("http://***@host/") == "http://***@host/")
    }
}

extension URLTextTests {
    @Test func bareUserPasswordBeforeAHostIsMaskedToo() {
        #expect(URLText.withoutUserinfo("Invalid value 'ada:pw@10.0.0.1:7070' for 'speaker'") == "Invalid value '***@10.0.0.1:7070' for 'speaker'")
        #expect(URLText.withoutUserinfo("ada@example.com: 12:30") == "ada@example.com: 12:30")
    }
}
