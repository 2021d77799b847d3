import SusiBasics
import Testing
@testable import SusiCLI

/// A table on a terminal narrower than it: the columns marked to shrink
/// first are cut first, and a `whole` column (a name a user must type) is
/// never cut: a cell too wide for it wraps the row instead.
@Suite("Table on a narrow terminal")
struct TableNarrowTests {
    let plain = Style(enabled: false)

    @Test func theShrinkFirstColumnIsCutWithAnEllipsisBeforeAWiderOne() {
        let table = Table(columns: ["Name", "Group", "Title"],
                          rows: [["jokes", "Novelty and Humour", "Tells a joke"]], whole: [0], shrinkFirst: [2])
        // Natural: 5 + 18 + 12 + 4 gaps = 39; at 33 only the title is cut, though the group is wider.
        let text = table.render(forTerminal: true, width: 33, style: plain)
        #expect(text == """
            NAME   GROUP               TITLE
            jokes  Novelty and Humour  Tells…

            """)
        // Without the marks the widest column (the group) is cut, as before.
        let unmarked = Table(columns: table.columns, rows: table.rows).render(forTerminal: true, width: 33, style: plain)
        #expect(unmarked.contains("Novelty and…"), "\(unmarked)")
    }

    @Test func aWholeColumnIsNeverCutOtherColumnsAreFirst() {
        let table = Table(columns: ["Name", "Group", "Title"],
                          rows: [["weather_forecast", "Knowledge", "The weather in any city"]], whole: [0], shrinkFirst: [2])
        let text = table.render(forTerminal: true, width: 30, style: plain)
        #expect(text == """
            NAME              GROUP   TIT…
            weather_forecast  Knowl…  The…

            """)
        for line in text.split(separator: "\n") { #expect(TextLayout.cells(String(line)) <= 30, "\(line)") }
    }

    @Test func aNameWiderThanTheTerminalWrapsTheRowAndIsNeverCut() {
        let long = "a_very_long_skill_name_indeed"
        let table = Table(columns: ["Name", "Group", "Title"],
                          rows: [[long, "Fun", "Something"], ["time", "Knowledge", "Time"]], whole: [0], shrinkFirst: [2])
        let text = table.render(forTerminal: true, width: 20, style: plain)
        #expect(text == """
            NAME      GRO…  TIT…
            \(long)
                      Fun   Som…
            time      Kno…  Time

            """)
        // Every line but the long name's own fits.
        for line in text.split(separator: "\n") where line != long {
            #expect(TextLayout.cells(String(line)) <= 20, "\(line)")
        }
    }

    @Test func aWideEnoughTerminalLaysOutAsWithoutMarks() {
        let rows = [["time", "Knowledge", "Time"], ["jokes", "Novelty and Humour", "Tells a joke"]]
        let marked = Table(columns: ["Name", "Group", "Title"], rows: rows, whole: [0], shrinkFirst: [2])
        let unmarked = Table(columns: ["Name", "Group", "Title"], rows: rows)
        #expect(marked.render(forTerminal: true, width: 80, style: plain) == unmarked.render(forTerminal: true, width: 80, style: plain))
        #expect(marked.render(forTerminal: false, width: 10, style: plain) == "time\tKnowledge\tTime\njokes\tNovelty and Humour\tTells a joke\n")
    }
}
