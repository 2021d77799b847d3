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
    /// The process's exit status: any 0-255, not only the house codes (a
    /// plugin's 5, 137 after SIGKILL, passed on by `susi shell`).
    public var status: Int32
    /// The house code for `status`, or `.failure` for another.
    public var exitCode: ExitCode { ExitCode(rawValue: status) ?? .failure }
    public init(_ exitCode: ExitCode) { self.status = exitCode.rawValue }
    public init(status: Int32) { self.status = status }
}
