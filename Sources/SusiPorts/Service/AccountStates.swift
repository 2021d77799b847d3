import SusiBasics
import Foundation

extension ServiceError {
    /// A login refused because the account has not been verified yet (the
    /// reference server's 403 "User not yet activated"): not a wrong password.
    public static func awaitingVerification(_ email: String, on location: String) -> ServiceError {
        var error = ServiceError(.forbidden, "The account \(email) on \(location) awaits e-mail verification.",
                                 hint: "Open the link in the mail the server sent, then log in; 'susi login --resend-verification --email \(ShellQuote.word(email))' asks for a new mail.")
        error.condition = .awaitingVerification
        return error
    }

    /// A sign-up the server refused because it wants a reCAPTCHA, which only its web app can show.
    public static func captchaRequired(on location: String) -> ServiceError {
        ServiceError(.forbidden, "The SUSI server at \(location) requires a captcha: sign up in its web app, then 'susi login'.")
    }
}

/// What asking for a new verification mail did.
public enum VerificationResend: Equatable, Sendable {
    case sent
    /// The account was verified already; nothing was sent.
    case alreadyVerified
}

extension SusiAccounts {
    /// Asks the server to mail the account's verification link again. A
    /// backend without e-mail verification (the embedded SUSI activates an
    /// account when it is created) says so.
    public func resendVerification(email: String) throws -> VerificationResend {
        throw ServiceError.unsupported("Accounts on \(location) are active as soon as they are created; there is no verification mail to send.",
                           hint: "Log in with 'susi login --email \(ShellQuote.word(email))'.")
    }
}
