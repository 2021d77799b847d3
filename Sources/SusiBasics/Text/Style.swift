/// ANSI styling that collapses to plain text when colour is off.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// The SGR codes this type writes: the only ones `OutputSink` lets through.
    public static let codes: Set<String> = ["0", "1", "2", "31", "32", "33", "36"]

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
