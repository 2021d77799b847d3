/// The config file could not be used. Exits 78; the file is left as it is.
public struct ConfigError: ReportableError, Equatable {
    public var message: String
    public var hint: String?
    public var exitCode: ExitCode { .config }

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
