/// A value the user gave was refused by a layer below the command line (a
/// voice name, a hotword): the floor's usage error. The command framework
/// shows it as its own usage error, with the command's usage line; exits 64.
public struct RefusedValue: ReportableError, Equatable {
    public var message: String
    public var hint: String?
    public var exitCode: ExitCode { .usage }

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
