import SusiBasics
import SusiCLI
import Testing

/// How `Program` ends for each kind of error a command throws.
@Suite struct ProgramErrorTests {
    struct Unexpected: Error {}

    private func run(throwing error: Error) -> (status: Int32, stderr: String) {
        let root = CommandSpec<Void>(name: "tool", abstract: "A tool.",
                                     subcommands: [CommandSpec(name: "fail", abstract: "Fails.") { _, _ in throw error }])
        let program = Program(root: root, version: "1", globalOptions: [], topics: []) { _, _, _ in () }
        let io = IOStreams.captured()
        let status = program.run(["fail"], io: io, environment: [:])
        return (status, io.stderr.text)
    }

    /// README: "70 internal error". An error no layer knows how to report is
    /// susi's own fault, not a failure of the user's request.
    @Test func anUnknownErrorExitsSeventy() {
        let result = run(throwing: Unexpected())
        #expect(result.status == ExitCode.software.rawValue)
        #expect(result.stderr.hasPrefix("error: Unexpected"))
    }

    @Test func aReportableErrorKeepsItsStatus() {
        let result = run(throwing: CommandError(.unavailable, "The server is down."))
        #expect(result.status == 69)
        #expect(result.stderr == "error: The server is down.\n")
    }

    /// A library layer's refused input is shown as the command's usage error.
    @Test func refusedInputIsAUsageError() {
        let result = run(throwing: RefusedValue("No voice 'xx' is installed.", hint: "See 'voice list'."))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: No voice 'xx' is installed.\nSee 'voice list'.\nUsage: tool fail"))
    }
}
