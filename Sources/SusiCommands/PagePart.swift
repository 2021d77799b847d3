import SusiPorts

/// One optional part of a page (a screen that shows several things from
/// the backend): what the backend told, nothing (no login), or the one
/// line that says why it cannot be shown. An optional part never fails the
/// page; the page's main part is fetched without this and fails as usual
/// ([0430](../../docs/decisions/0430-optional-parts-never-fail-a-page.md)).
public enum PagePart<Value> {
    case shown(Value)
    /// Needs a login the user does not have (or the backend no longer accepts): left out silently.
    case needsLogin
    /// The backend lacks the capability or failed on this part: the reason, one sentence.
    case unknown(String)

    /// Runs `body`; Ctrl-C still ends the command.
    public static func read(_ body: () throws -> Value) throws -> PagePart {
        do {
            return .shown(try body())
        } catch let error as ServiceError {
            switch error.kind {
            case .interrupted: throw error
            case .notLoggedIn: return .needsLogin
            default: return .unknown(error.message)
            }
        }
    }

    public var value: Value? {
        if case let .shown(value) = self { return value }
        return nil
    }

    /// The reason, as the page's one line says it: "SUSI servers have no
    /// call that lists bookmarks" (the clause after a ';' that only
    /// repeats what works elsewhere is dropped).
    public var reason: String? {
        guard case let .unknown(message) = self else { return nil }
        let first = message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? message
        let trimmed = first.hasSuffix(".") ? String(first.dropLast()) : first
        return trimmed
    }
}
