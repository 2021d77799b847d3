import Foundation
import Testing
@testable import SusiCLI
import SusiTestKit

@Suite("Man pages: roff escaping and the mdoc layout")
struct ManualRendererTests {
    @Test func textLinesNeverStartARequest() {
        #expect(Roff.text(".TH evil") == "\\&.TH evil")
        #expect(Roff.text("'br") == "\\&'br")
        #expect(Roff.text("  .leading space") == "\\&.leading space")
        // A sentence that starts with a dot after a full stop gets its own guarded line.
        #expect(Roff.text("One. .sp 9") == "One.\n\\&.sp 9")
    }

    @Test func backslashesQuotesAndControlsAreText() {
        #expect(Roff.text("a\\fBbold") == "a\\efBbold")
        #expect(Roff.text("bell\u{07}esc\u{1B}[2J") == "bell\\[u0007]esc\\[u001B][2J")
        #expect(Roff.text("20 °C") == "20 \\[u00B0]C")
        #expect(Roff.argument("say \"hi\"") == "say \\(dqhi\\(dq")
        #expect(Roff.argument("Ar") == "\\&Ar")
        #expect(Roff.argument("use Fl x") == "use \\&Fl x")
        #expect(Roff.argument("(quoted)") == "\\&(quoted)")
    }

    @Test func optionWordsKeepRealHyphensAndSentencesGetTheirOwnLine() {
        #expect(Roff.text("Use --json or -q, not well-known.") == "Use \\-\\-json or \\-q, not well-known.")
        #expect(Roff.text("First one. Second one? Third (e.g. this) one!") == "First one.\nSecond one?\nThird (e.g.\\& this) one!")
        #expect(Roff.literal("$ susi chat --json") == "$ susi chat \\-\\-json")
    }

    static let hostile = "Ends. .TH x\n'so /etc/passwd \\fB \"quoted\" Ar Fl \u{1B}]0;title\u{07} done"

    static func page(_ text: String) -> ManualRenderer<Void> {
        let leaf = CommandSpec<Void>(
            name: "run", aliases: ["r"], abstract: text, discussion: text + "\n\n" + text,
            examples: [Example("tool run \"x\" --flag \\", text)],
            arguments: [ArgumentSpec("target", text, isOptional: true, isRepeating: true)],
            options: [.value("level", short: "l", "n", text, kind: .integer(min: 0, max: 5), environment: "TOOL_LEVEL"),
                      .flag("verify", text, hasInversion: true)],
            run: { _, _ in })
        let group = CommandSpec<Void>(name: "group", abstract: text, discussion: text, subcommands: [leaf])
        let root = CommandSpec<Void>(name: "tool", abstract: "A made-up tool.", discussion: text, examples: [Example("tool group run", "")],
                                     subcommands: [group, CommandSpec(name: "help", abstract: "Help.")])
        let page = HelpPage(title: "T", intro: text, rows: [HelpPage.Row("TOOL_LEVEL", text), HelpPage.Row(".x", text)], outro: text)
        return ManualRenderer(root: root, globalOptions: [.flag("quiet", short: "q", text)],
                              sections: .init(environment: page, files: page, exitStatus: page),
                              date: "December 1, 2026", system: "tool 1")
    }

    @Test func pagesForTheProgramAndEachTopLevelCommand() {
        let pages = Self.page("Plain text.").pages()
        #expect(pages.map(\.fileName) == ["tool.1", "tool-group.1"])
        let group = pages[1].text
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(group.contains(".Sh " + section + "\n"), "\(section)")
        }
        #expect(group.contains(".Ss tool group run\n"))
        #expect(group.contains(".It Fl l , Fl -level Ar n\nPlain text.\n(an integer from 0 to 5; env: TOOL_LEVEL)\n"))
        #expect(group.contains(".It Fl -[no-]verify\n"))
        #expect(group.contains(".Nm tool\n.Cm group run\n.Op Ar options\n.Op Ar target ...\n"))
        #expect(group.contains(".Xr tool 1\n"))
        #expect(pages[0].text.contains(".Xr tool-group 1\n"))
    }

    /// Hostile text from the tree never becomes roff: mandoc finds nothing
    /// above style level, and the rendered page shows the words.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc"), "mandoc is not installed (make deps)"))
    func hostileTextLintsCleanAndStaysText() throws {
        for page in Self.page(Self.hostile).pages() {
            let lint = try mandoc(["-T", "lint", "-W", "warning"], page.text)
            #expect(lint.output == "", "\(page.fileName): \(lint.output)")
            let shown = try mandoc(["-T", "ascii"], page.text).output
            #expect(shown.contains(".TH x"))
            #expect(shown.contains("'so /etc/passwd"))
            #expect(shown.contains("\\fB"))
            #expect(!shown.contains("\u{1B}"))
        }
    }
}

/// Runs mandoc on `text` (stdin) and returns what it printed (both streams).
func mandoc(_ arguments: [String], _ text: String) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/mandoc")
    process.arguments = arguments
    process.environment = ChildEnvironment.make(home: ChildEnvironment.noHome)
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    DispatchQueue.global().async {
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}
