/// A problem found while reading a skill, reported with the file and line it came from.
/// Reading never stops at one: the rest of the file still loads.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable {
        case info, warning, error
    }

    /// What went wrong, in one word, so many diagnostics can be counted by
    /// kind (`skills import` prints "!javascript intent (180), ...").
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case javascriptIntent = "javascript_intent"
        case unsupportedLine = "unsupported_line"
        case unknownBang = "unknown_bang"
        case unclosedBlock = "unclosed_block"
        case badPlan = "bad_plan"
        case longPattern = "long_pattern"
        case catchAllPattern = "catch_all_pattern"
        case invalidPattern = "invalid_pattern"
        case noPattern = "no_pattern"
        case noAnswer = "no_answer"
        case badConsole = "bad_console"
        case strayLine = "stray_line"
        /// The whole file could not be read (a link out of the tree, binary, ...).
        case unusableFile = "unusable_file"

        /// A short noun phrase for a count: "!javascript intent (180)".
        public var label: String {
            switch self {
            case .javascriptIntent: "!javascript intent"
            case .unsupportedLine: "unsupported ! line"
            case .unknownBang: "unknown ! type"
            case .unclosedBlock: "block without eol"
            case .badPlan: "!plan without delay or text"
            case .longPattern: "pattern line over the limit"
            case .catchAllPattern: "catch-all pattern"
            case .invalidPattern: "pattern that never matches"
            case .noPattern: "intent without a usable pattern"
            case .noAnswer: "intent without an answer"
            case .badConsole: "!console body that is not JSON"
            case .strayLine: "line without an answer"
            case .unusableFile: "unusable file"
            }
        }
    }

    public var file: String
    public var line: Int
    public var severity: Severity
    public var kind: Kind
    public var message: String

    public init(file: String, line: Int, severity: Severity, kind: Kind, message: String) {
        self.file = file
        self.line = line
        self.severity = severity
        self.kind = kind
        self.message = message
    }

    /// `file:line: severity: message`; line 0 stands for the whole file and is not shown.
    public var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): \(severity.rawValue): \(message)" }
}
