import SusiBasics

/// Why a speaker step did not happen, with the exit status it maps to.
/// Messages never hold a secret: they name the field, never its value.
public struct SpeakerError: ReportableError, Equatable {
    public enum Kind: Equatable, Sendable {
        /// A value the speaker's scripts would break on; nothing was sent.
        case refused
        /// Nothing answered at the address (or the loopback guard refused it).
        case unreachable
        /// The speaker answered, but not with what the step needs.
        case failed
        /// A control server with a password set answers every call with its login page.
        case passwordProtected
    }

    public var kind: Kind
    public var message: String
    public var hint: String?
    /// Set when the loopback guard or the transport decided the status (e.g. 70, 130).
    public var transportCode: ExitCode?

    public init(_ kind: Kind, _ message: String, hint: String? = nil, transportCode: ExitCode? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
        self.transportCode = transportCode
    }

    /// Nothing came back: refused, dropped or timed out (not the guard, not Ctrl-C).
    public var isLostConnection: Bool {
        kind == .unreachable && (transportCode == nil || transportCode == .tempFail)
    }

    public var exitCode: ExitCode {
        if let transportCode { return transportCode }
        switch kind {
        case .refused: return .usage
        case .unreachable, .failed: return .unavailable
        case .passwordProtected: return .noPermission
        }
    }
}
