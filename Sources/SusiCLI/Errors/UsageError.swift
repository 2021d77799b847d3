import SusiBasics

/// The command line was wrong. Rendered with the command's usage line and a
/// pointer to its help; exits 64.
public struct UsageError: ReportableError, Equatable {
    public var message: String
    public var hint: String?
    public var exitCode: ExitCode { .usage }

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
