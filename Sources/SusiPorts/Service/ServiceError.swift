import SusiBasics

/// A service refused or failed a request. Each kind has its exit status, so
/// every module reports the same situation the same way on either backend.
public struct ServiceError: ReportableError, Equatable {
    public enum Kind: Equatable, Sendable {
        /// The input is not acceptable (stars out of range, empty feedback, bad MAC...).
        case invalidInput
        /// The skill, account or device does not exist.
        case notFound
        /// Needs a login, or the token was not accepted.
        case notLoggedIn
        /// Wrong password or the account may not do this.
        case forbidden
        /// The account already exists, or the skill was already reported.
        case conflict
        /// The backend cannot be used right now.
        case unavailable
        case timeout
        /// The backend answered with something unreadable.
        case malformedResponse
        /// Ctrl-C cancelled the request.
        case interrupted
    }

    public var kind: Kind
    public var message: String
    public var hint: String?
    /// Set when a caller must tell this situation apart from others of its kind.
    public var condition: Condition?

    /// Situations a command acts on (see AccountStates.swift).
    public enum Condition: Equatable, Sendable {
        /// The account exists but waits for its e-mail verification link.
        case awaitingVerification
        /// This backend lacks the capability (a call the SUSI server does
        /// not have): a page leaves that part out and says so, never fails.
        case unsupported
    }

    public init(_ kind: Kind, _ message: String, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
    }

    public var exitCode: ExitCode {
        switch kind {
        case .invalidInput: return .usage
        // What a command names and does not exist; a clash with what is stored.
        case .notFound: return .noInput
        case .notLoggedIn, .forbidden: return .noPermission
        case .conflict: return .dataError
        case .unavailable: return .unavailable
        case .timeout: return .tempFail
        case .malformedResponse: return .dataError
        case .interrupted: return .interrupted
        }
    }

    /// A capability this backend lacks (69 when it is the command's whole
    /// point; a page that only shows it as one part goes on without it).
    public static func unsupported(_ message: String, hint: String? = nil) -> ServiceError {
        var error = ServiceError(.unavailable, message, hint: hint)
        error.condition = .unsupported
        return error
    }

    public static func loginRequired(_ what: String) -> ServiceError {
        ServiceError(.notLoggedIn, "\(what) needs an account.", hint: "Log in with 'susi login' (or sign up with 'susi login --signup').")
    }
}

extension ServiceError {
    /// What was wrong with data from outside, in words, never a Swift type
    /// dump (`DecodingError.keyNotFound(CodingKeys(...))`): "the field
    /// 'skills' is missing (at answers[0])".
    public static func plainReason(_ error: Error) -> String {
        func place(_ path: [CodingKey]) -> String {
            guard !path.isEmpty else { return "" }
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return " (at \(text.hasPrefix(".") ? String(text.dropFirst()) : text))"
        }
        switch error {
        case let DecodingError.keyNotFound(key, context):
            return "the field '\(key.stringValue)' is missing\(place(context.codingPath))"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "a field has the wrong type\(place(context.codingPath))"
        case let DecodingError.dataCorrupted(context):
            return "the data is malformed\(place(context.codingPath))"
        case let error as ReportableError:
            return error.message
        default:
            return "it is not in the expected shape"
        }
    }
}
