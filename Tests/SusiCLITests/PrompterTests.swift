import SusiBasics
import Testing
@testable import SusiCLI

@Suite("TerminalPrompter")
struct PrompterTests {
    func prompter(_ input: String) -> (TerminalPrompter, IOStreams) {
        let io = IOStreams.captured(stdin: input, stdinTTY: true, stdoutTTY: true, stderrTTY: true)
        return (TerminalPrompter(io: io, style: Style(enabled: false)), io)
    }

    @Test func askReturnsTheTrimmedAnswerOrTheDefault() throws {
        let (p, io) = prompter("  Kitchen \n\n")
        #expect(try p.ask("Room?", default: nil) == "Kitchen")
        #expect(try p.ask("Room?", default: "Hall") == "Hall")
        #expect(io.stderr.text == "? Room? ? Room? [Hall] ")
        #expect(io.stdout.text == "")
    }

    @Test func askRepeatsUntilAnsweredWithoutADefault() throws {
        let (p, _) = prompter("\n\nyes\n")
        #expect(try p.ask("Name?", default: nil) == "yes")
    }

    @Test func confirm() throws {
        let (p, io) = prompter("y\nNO\n\nmaybe\nyes\n")
        #expect(try p.confirm("Sure?", default: false))
        #expect(try !p.confirm("Sure?", default: true))
        #expect(try p.confirm("Sure?", default: true))
        #expect(try p.confirm("Sure?", default: false))
        #expect(io.stderr.text.contains("Please answer y or n.\n"))
        #expect(io.stderr.text.hasPrefix("? Sure? [y/N] "))
    }

    @Test func choose() throws {
        let (p, io) = prompter("2\n\nbedroom\n9\nx\n1\n")
        let rooms = ["Kitchen", "Bedroom", "Hall"]
        #expect(try p.choose("Room?", options: rooms, default: nil) == 1)
        #expect(try p.choose("Room?", options: rooms, default: 2) == 2)
        #expect(try p.choose("Room?", options: rooms, default: nil) == 1)
        #expect(try p.choose("Room?", options: rooms, default: nil) == 0)
        #expect(io.stderr.text.contains("? Room?\n  1) Kitchen\n  2) Bedroom\n  3) Hall\nChoose 1-3: "))
        #expect(io.stderr.text.contains("Choose 1-3 [3]: "))
        #expect(io.stderr.text.contains("Please enter a number from 1 to 3.\n"))
    }

    @Test func theEndOfInputIsAUsageError() {
        let (p, _) = prompter("")
        #expect(throws: CommandError(.usage, "No answer: input ended.")) {
            try p.ask("Room?", default: "Hall")
        }
    }
}
