import SusiBasics
import Testing
@testable import SusiCLI

struct ColorCase: Sendable, CustomTestStringConvertible {
    var flag: ColorChoice?
    var configured: ColorChoice?
    var environment: [String: String] = [:]
    var isTTY: Bool
    var expected: Bool

    var testDescription: String {
        "flag=\(flag?.rawValue ?? "-") configured=\(configured?.rawValue ?? "-") env=\(environment.sorted { $0.key < $1.key }) tty=\(isTTY)"
    }
}

@Suite("TerminalInfo")
struct TerminalInfoTests {
    static let colorCases: [ColorCase] = [
        // By default, colour only on a terminal.
        ColorCase(isTTY: true, expected: true),
        ColorCase(isTTY: false, expected: false),
        // The flag wins over everything.
        ColorCase(flag: .always, environment: ["NO_COLOR": "1", "TERM": "dumb"], isTTY: false, expected: true),
        ColorCase(flag: .never, environment: ["CLICOLOR_FORCE": "1"], isTTY: true, expected: false),
        ColorCase(flag: .never, configured: .always, isTTY: true, expected: false),
        ColorCase(flag: .auto, isTTY: true, expected: true),
        ColorCase(flag: .auto, environment: ["NO_COLOR": "1"], isTTY: true, expected: false),
        ColorCase(flag: .auto, configured: .always, isTTY: false, expected: true),
        // NO_COLOR: present and not empty.
        ColorCase(environment: ["NO_COLOR": "1"], isTTY: true, expected: false),
        ColorCase(environment: ["NO_COLOR": "0"], isTTY: true, expected: false),
        ColorCase(environment: ["NO_COLOR": ""], isTTY: true, expected: true),
        ColorCase(configured: .always, environment: ["NO_COLOR": "1"], isTTY: true, expected: false),
        // TERM=dumb.
        ColorCase(environment: ["TERM": "dumb"], isTTY: true, expected: false),
        ColorCase(environment: ["TERM": "xterm-256color"], isTTY: true, expected: true),
        ColorCase(configured: .always, environment: ["TERM": "dumb"], isTTY: true, expected: false),
        // CLICOLOR_FORCE forces colour when piped, unless 0 or empty, and loses to NO_COLOR.
        ColorCase(environment: ["CLICOLOR_FORCE": "1"], isTTY: false, expected: true),
        ColorCase(environment: ["CLICOLOR_FORCE": "0"], isTTY: false, expected: false),
        ColorCase(environment: ["CLICOLOR_FORCE": ""], isTTY: false, expected: false),
        ColorCase(configured: .never, environment: ["CLICOLOR_FORCE": "1"], isTTY: false, expected: true),
        ColorCase(environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"], isTTY: false, expected: false),
        // The configured choice.
        ColorCase(configured: .always, isTTY: false, expected: true),
        ColorCase(configured: .never, isTTY: true, expected: false),
        ColorCase(configured: .auto, isTTY: true, expected: true),
        ColorCase(configured: .auto, isTTY: false, expected: false),
    ]

    @Test(arguments: colorCases)
    func colorEnabled(_ testCase: ColorCase) {
        #expect(TerminalInfo.colorEnabled(flag: testCase.flag, configured: testCase.configured,
                                          environment: testCase.environment, isTTY: testCase.isTTY) == testCase.expected)
    }

    @Test(arguments: [
        (["COLUMNS": "100"], 100), (["COLUMNS": "40"], 40), ([:], 80), (["COLUMNS": "0"], 80),
        (["COLUMNS": "-5"], 80), (["COLUMNS": "wide"], 80),
    ] as [([String: String], Int)])
    func width(_ environment: [String: String], _ expected: Int) {
        #expect(TerminalInfo.width(environment: environment, stdout: OutputSink(capturingAsTTY: true)) == expected)
    }

    @Test func styleIsPlainWhenDisabled() {
        #expect(Style(enabled: false).red("x") == "x")
        #expect(Style(enabled: true).red("x") == "\u{1B}[31mx\u{1B}[0m")
        #expect(Style(enabled: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }

    @Test func capturedStreamsKeepTheirTTYFlagsAndText() throws {
        let io = IOStreams.captured(stdin: "a\nb\n", stdinTTY: true, stdoutTTY: false, stderrTTY: true)
        #expect(io.stdin.isTTY && !io.stdout.isTTY && io.stderr.isTTY)
        io.stdout.line("out")
        io.stderr.write("err")
        #expect(io.stdout.text == "out\n")
        #expect(io.stderr.text == "err")
        #expect(try io.stdin.readLine() == "a")
        #expect(try io.stdin.readAll() == "b")
        #expect(try io.stdin.readLine() == nil)
        #expect(io.stdout.descriptor == nil)
    }
}
