import Testing
@testable import SusiCLI

@Suite("TextLayout")
struct TextLayoutTests {
    @Test(arguments: [
        ("", 0), ("abc", 3), ("日本", 4), ("한국", 4), ("😀", 2), ("a😀b", 4),
        ("e\u{301}", 1), ("\u{1B}[1mab\u{1B}[0m", 2), ("\u{1B}[31m\u{1B}[1m日\u{1B}[0m", 2),
        ("ｆｕｌｌ", 8), ("tab\there", 7), ("zero\u{200B}width", 9),
    ])
    func cells(_ text: String, _ expected: Int) {
        #expect(TextLayout.cells(text) == expected)
    }

    @Test func wrapsAtWordBoundaries() {
        #expect(TextLayout.wrap("one two three four", width: 10) == "one two\nthree four")
        #expect(TextLayout.wrap("one two three four", width: 80) == "one two three four")
        #expect(TextLayout.wrap("", width: 10) == "")
    }

    @Test func wrapIndentsEveryLine() {
        #expect(TextLayout.wrap("one two three four", width: 14, indent: 4) == "    one two\n    three four")
    }

    @Test func aLongWordStandsAloneRatherThanBeingCut() {
        #expect(TextLayout.wrap("a verylongwordthatexceeds b", width: 10) == "a\nverylongwordthatexceeds\nb")
    }

    @Test func paragraphsAndBlankLinesSurvive() {
        #expect(TextLayout.wrap("first para\n\nsecond", width: 40) == "first para\n\nsecond")
        #expect(TextLayout.wrap("a  b", width: 40) == "a b")
    }

    @Test func indentedParagraphsGetAHangingIndent() {
        #expect(TextLayout.wrap("  - item one two three", width: 10) == "  - item\n    one\n    two\n    three")
    }

    @Test func wideCharactersWrapByCells() {
        // Each word is 6 cells; two of them and a space (13) do not fit in 12.
        #expect(TextLayout.wrap("日本語 日本語 日本語", width: 12) == "日本語\n日本語\n日本語")
        #expect(TextLayout.wrap("日本語 日本語 日本語", width: 13) == "日本語 日本語\n日本語")
    }

    @Test func wrapNeverGoesNarrowerThanTenCells() {
        #expect(TextLayout.wrap("one two three four", width: 3) == "one two\nthree four")
    }

    @Test func wrappedLinesFitTheWidth() {
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 20)
        for width in [20, 33, 40, 80] {
            for line in TextLayout.wrap(text, width: width, indent: 4).split(separator: "\n") {
                #expect(TextLayout.cells(String(line)) <= width)
            }
        }
    }

    @Test(arguments: [
        ("hello world", 20, "hello world"),
        ("hello world", 11, "hello world"),
        ("hello world", 8, "hello w…"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
        ("日本語テキスト", 5, "日本…"),
        ("日本語", 4, "日…"),
        ("日本語", 6, "日本語"),
    ])
    func truncate(_ text: String, _ width: Int, _ expected: String) {
        let result = TextLayout.truncate(text, to: width)
        #expect(result == expected)
        #expect(TextLayout.cells(result) <= width)
    }

    @Test func pad() {
        #expect(TextLayout.pad("ab", to: 4) == "ab  ")
        #expect(TextLayout.pad("日", to: 4) == "日  ")
        #expect(TextLayout.pad("abcdef", to: 4) == "abcdef")
        #expect(TextLayout.pad("\u{1B}[1mab\u{1B}[0m", to: 3) == "\u{1B}[1mab\u{1B}[0m ")
    }

    @Test func countedNounsArePluralUnlessOne() {
        #expect(TextLayout.counted(0, "example") == "0 examples")
        #expect(TextLayout.counted(1, "star") == "1 star")
        #expect(TextLayout.counted(2, "skill file") == "2 skill files")
    }
}
