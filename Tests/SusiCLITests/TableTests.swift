import SusiBasics
import Testing
@testable import SusiCLI

@Suite("Table")
struct TableTests {
    let table = Table(columns: ["Key", "Value", "Source"], rows: [
        ["server", "local", "default"],
        ["speech.rate", "200", "config"],
        ["room", "", "unset"],
    ])

    @Test func pipedIsTabSeparatedWithoutHeaders() {
        #expect(table.render(forTerminal: false, width: 80, style: Style(enabled: false)) == """
        server\tlocal\tdefault
        speech.rate\t200\tconfig
        room\t\tunset

        """)
    }

    @Test func pipedNeverTruncatesAndFlattensTabsAndNewlines() {
        let long = String(repeating: "x", count: 200)
        let table = Table(columns: ["A", "B"], rows: [[long, "a\tb\nc"]])
        #expect(table.render(forTerminal: false, width: 20, style: Style(enabled: true)) == long + "\ta b c\n")
    }

    @Test func terminalHasUpperCaseHeadersAndAlignedColumns() {
        #expect(table.render(forTerminal: true, width: 80, style: Style(enabled: false)) == """
        KEY          VALUE  SOURCE
        server       local  default
        speech.rate  200    config
        room                unset

        """)
    }

    @Test func terminalHeadersAreBoldWhenStyled() {
        let text = table.render(forTerminal: true, width: 80, style: Style(enabled: true))
        #expect(text.hasPrefix("\u{1B}[1mKEY\u{1B}[0m"))
        #expect(text.contains("\u{1B}[1mSOURCE\u{1B}[0m\n"))
        #expect(text.contains("server       local  default\n"))
    }

    @Test func terminalShrinksTheWidestColumnToFit() {
        let table = Table(columns: ["Name", "Description"], rows: [["abc", "a very long description here"]])
        let text = table.render(forTerminal: true, width: 20, style: Style(enabled: false))
        #expect(text == "NAME  DESCRIPTION\nabc   a very long d…\n")
        for line in text.split(separator: "\n") {
            #expect(TextLayout.cells(String(line)) <= 20)
        }
    }

    @Test func terminalAlignsWideCharactersByCells() {
        let table = Table(columns: ["Room", "Id"], rows: [["居間", "1"], ["kitchen", "2"]])
        #expect(table.render(forTerminal: true, width: 80, style: Style(enabled: false)) == """
        ROOM     ID
        居間     1
        kitchen  2

        """)
    }

    @Test func shortRowsAreFilledWithEmptyCells() {
        let table = Table(columns: ["A", "B"], rows: [["x"]])
        #expect(table.render(forTerminal: true, width: 80, style: Style(enabled: false)) == "A  B\nx  \n")
    }
}
