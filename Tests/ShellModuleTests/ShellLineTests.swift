import Testing
@testable import ShellModule

/// The shell's line splitter: sh-style quoting, no expansion.
@Suite struct ShellLineTests {
    @Test func wordsQuotesAndBackslashes() throws {
        #expect(try ShellLine.words("skills info  calculator") == ["skills", "info", "calculator"])
        #expect(try ShellLine.words("room set 'Living Room'") == ["room", "set", "Living Room"])
        #expect(try ShellLine.words(#"chat "say \"hi\" to \$HOME""#) == ["chat", #"say "hi" to $HOME"#])
        #expect(try ShellLine.words(#"chat "a\nb""#) == ["chat", #"a\nb"#], "other backslashes stay inside double quotes")
        #expect(try ShellLine.words(#"room set Living\ Room"#) == ["room", "set", "Living Room"])
        #expect(try ShellLine.words("chat it''s") == ["chat", "its"])
        #expect(try ShellLine.words("config set room ''") == ["config", "set", "room", ""])
        #expect(try ShellLine.words("skills list # the rest is a comment") == ["skills", "list"])
        #expect(try ShellLine.words("chat C#") == ["chat", "C#"], "# inside a word is text")
        #expect(try ShellLine.words("  ") == [])
    }

    @Test func anUnterminatedQuoteOrTrailingBackslashIsRefused() {
        #expect(throws: ShellLine.Problem(message: "The line has an unterminated single quote ('): close it and try again.")) {
            try ShellLine.words("room set 'Living Room")
        }
        #expect(throws: ShellLine.Problem(message: "The line has an unterminated double quote (\"): close it and try again.")) {
            try ShellLine.words("chat \"hello")
        }
        #expect(throws: ShellLine.Problem(message: "The line ends with a backslash: nothing follows it to escape.")) {
            try ShellLine.words("chat hello\\")
        }
    }

    @Test func partialWordsEndWithTheWordUnderTheCursor() {
        #expect(ShellLine.partialWords("skills ra") == ["skills", "ra"])
        #expect(ShellLine.partialWords("skills rate ") == ["skills", "rate", ""])
        #expect(ShellLine.partialWords("") == [""])
        #expect(ShellLine.partialWords("room set 'Living R") == ["room", "set", "Living R"])
    }

    @Test func quotedValuesSplitBackToThemselves() throws {
        for value in ["Living Room", "it's", "a\"b", "back\\slash", "#tag", "plain"] {
            #expect(try ShellLine.words("x " + ShellLine.quoted(value)) == ["x", value])
        }
    }
}
