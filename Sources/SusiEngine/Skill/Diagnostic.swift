/// A problem found while reading a skill, reported with the file and line it came from.
/// Reading never stops at one: the rest of the file still loads.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable {
        case info, warning, error
    }

    public var file: String
    public var line: Int
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.severity = severity
        self.message = message
    }

    /// `file:line: severity: message`; line 0 stands for the whole file and is not shown.
    public var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): \(severity.rawValue): \(message)" }
}
