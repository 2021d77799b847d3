/// An error that knows how it should end the program.
public protocol ReportableError: Error {
    var exitCode: ExitCode { get }
    /// One line, without the `error: ` label.
    var message: String { get }
    /// Optional advice printed after the message.
    var hint: String? { get }
}

/// A command failed at run time. Rendered as `error: message` plus the hint;
/// no usage, since the command line itself was fine.
public struct CommandError: ReportableError, Equatable {
    public var exitCode: ExitCode
    public var message: String
    public var hint: String?

    public init(_ exitCode: ExitCode, _ message: String, hint: String? = nil) {
        self.exitCode = exitCode
        self.message = message
        self.hint = hint
    }
}

/// Ends the program with a status after the command already said what it
/// had to say (e.g. a test runner that printed its failures).
public struct SilentExit: Error, Equatable {
    public var exitCode: ExitCode
    public init(_ exitCode: ExitCode) { self.exitCode = exitCode }
}
