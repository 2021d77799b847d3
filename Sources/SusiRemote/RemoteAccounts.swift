import Foundation
import SusiPorts
import SusiNet
import SusiBasics

extension RemoteService {
    public func signUp(email: String, password: String) throws {
        // Surrounding spaces are dropped, as on the embedded SUSI.
        let email = email.trimmingCharacters(in: .whitespaces)
        try ServiceRules.checkEmail(email)
        try ServiceRules.checkPassword(password, email: email)
        do {
            let json = try call("/aaa/signup.json", ["signup": email, "password": password], secret: true, idempotent: false)
            // "You successfully signed-up, but no email was sent: ..." is
            // accepted: false for an account that exists all the same.
            let message = Self.string(json["message"]) ?? ""
            guard Self.accepted(json) || message.hasPrefix("You successfully signed-up") else {
                throw ServiceError(.invalidInput, message.isEmpty ? "The server did not accept the sign-up." : message)
            }
        } catch let error as ServiceError where error.kind == .invalidInput && error.message.contains("already taken") {
            throw ServiceError(.conflict, "An account for \(email) already exists on \(location).",
                               hint: "Log in with 'susi login --email \(ShellQuote.word(email))'.")
        } catch let error as ServiceError where error.kind == .invalidInput && error.message.lowercased().contains("recaptcha") {
            throw ServiceError.captchaRequired(on: location)
        }
    }

    public func isRegistered(email: String) throws -> Bool {
        let json = try call("/aaa/checkRegistration.json", ["check_email": email])
        return (json["exists"] as? Bool) ?? false
    }

    public func login(email: String, password: String, validFor: TimeInterval?) throws -> LoginGrant {
        // Capped before the conversion: Int(1e300) would trap.
        let validFor = try ServiceRules.checkTokenLifetime(validFor)
        var parameters: [String: String?] = ["login": email, "password": password, "type": "access-token"]
        if let validFor {
            parameters["valid_seconds"] = String(Int(min(validFor, ServiceRules.maximumTokenLifetime).rounded(.up)))
        }
        let json: [String: Any]
        do {
            json = try call("/aaa/login.json", parameters, secret: true, idempotent: false)
        } catch let error as ServiceError where error.kind == .forbidden && error.message.contains("not yet activated") {
            throw ServiceError.awaitingVerification(email, on: location)
        } catch let error as ServiceError {
            // 401 (unknown user) and 422 (wrong password) from the reference, and 403 from
            // susi serve, get one message, as on the embedded SUSI.
            if error.kind == .invalidInput || error.kind == .notLoggedIn || error.kind == .forbidden {
                throw ServiceError(.forbidden, "Invalid email or password.")
            }
            throw error
        }
        guard Self.accepted(json), let token = Self.string(json["access_token"]), !token.isEmpty else {
            throw ServiceError(.forbidden, Self.string(json["message"]).map { SecretRedaction.redact($0, [password]) }
                                   ?? "The server did not log you in.")
        }
        return LoginGrant(identity: .account(email), token: token,
                          expires: Self.expiry(validSeconds: json["valid_seconds"], now: Date()))
    }

    /// The server's `valid_seconds`, clamped before it is stored: "forever"
    /// or -1 never expires (the reference's meaning of -1); a number is held
    /// to 1 second ... ten years (`ServiceRules.maximumTokenLifetime`), so
    /// 1e300 cannot make a date the session file cannot hold; anything else
    /// (missing, NaN, text) is the reference's default of seven days.
    static func expiry(validSeconds value: Any?, now: Date) -> Date? {
        if string(value) == "forever" { return nil }
        guard let seconds = double(value) else { return now.addingTimeInterval(604_800) }
        if seconds == -1 { return nil }
        return now.addingTimeInterval(min(max(seconds.rounded(.up), 1), ServiceRules.maximumTokenLifetime))
    }

    public func identity(token: String?) throws -> Identity {
        let json = try call("/aaa/login.json", ["checkLogin": "true"], token: token)
        if let identity = Self.identity(json) { return identity }
        if (json["loggedIn"] as? Bool) == true, let message = Self.string(json["message"]),
           let range = message.range(of: "logged in as ") {
            return .account(String(message[range.upperBound...]))
        }
        return .anonymous()
    }

    public func logout(token: String) throws {
        _ = try call("/aaa/login.json", ["logout": "true"], token: token, idempotent: false)
    }

    public func changePassword(email: String, current: String, new: String, token: String?) throws {
        guard let token else { throw ServiceError.loginRequired("Changing the password") }
        guard current != new else { throw ServiceError(.invalidInput, "The new password is the same as the current one.") }
        try ServiceRules.checkPassword(new, email: email)
        let json: [String: Any]
        do {
            json = try call("/aaa/changepassword.json", ["changepassword": email, "password": current, "newpassword": new],
                            token: token, secret: true, idempotent: false)
        } catch let error as ServiceError where error.kind == .invalidInput && error.message.contains("Invalid credentials") {
            throw ServiceError(.forbidden, "The current password is wrong.")
        } catch let error as ServiceError where error.kind != .interrupted {
            // The reference answers 500 after it changed the hash when it cannot
            // send the notification mail: which password works now is the truth.
            try checkPasswordChange(email: email, new: new, after: error)
            return
        }
        try requireAccepted(json, tokenSent: true, what: "the password change")
    }

    /// After a failed-looking change, a login with the new password tells
    /// whether it happened: returns when it did (the probe's token is logged
    /// out again), throws what the server said, and that the password stays, when not.
    func checkPasswordChange(email: String, new: String, after error: ServiceError) throws {
        let probe: LoginGrant
        do {
            probe = try login(email: email, password: new, validFor: 60)
        } catch let refused as ServiceError where refused.kind == .forbidden && refused.condition == nil {
            throw ServiceError(error.kind, "\(Self.withoutFinalPeriod(error.message)); the password was not changed (the new one does not log in).",
                               hint: error.hint)
        } catch let other as ServiceError {
            throw ServiceError(error.kind, "\(Self.withoutFinalPeriod(error.message)); whether the password changed could not be checked (\(Self.withoutFinalPeriod(other.message))).",
                               hint: "Try 'susi login --email \(ShellQuote.word(email))' with the new password, then with the old one.")
        }
        try? logout(token: probe.token)
    }

    public func resendVerification(email: String) throws -> VerificationResend {
        try ServiceRules.checkEmail(email)
        let json: [String: Any]
        do {
            json = try call("/aaa/resendVerificationLink.json", ["emailId": email], idempotent: false)
        } catch let error as ServiceError where error.message.contains("already verified") {
            return .alreadyVerified
        } catch let error as ServiceError where error.kind == .notLoggedIn || error.message.contains("Invalid email id") {
            // 401 "Invalid email id. Please Sign up!"
            throw ServiceError(.notFound, "There is no account for \(email) on \(location).",
                               hint: "Sign up with 'susi login --signup --email \(ShellQuote.word(email))'.")
        } catch let error as ServiceError where error.kind == .notFound {
            // Accounts are answered above: a 404 here is a server without the call.
            throw ServiceError(.unavailable, "The SUSI server at \(location) cannot resend the verification mail (it has no /aaa/resendVerificationLink.json).",
                               hint: "Use the link of the first mail, or ask the server's operator.")
        }
        guard Self.accepted(json) else {
            throw ServiceError(.unavailable, "The server could not send the verification mail: \(Self.withoutFinalPeriod(Self.string(json["message"]) ?? "no reason given")).")
        }
        return .sent
    }

    public func recoverPassword(email: String) throws {
        try ServiceRules.checkEmail(email)
        let json: [String: Any]
        do {
            json = try call("/aaa/recoverpassword.json", ["forgotemail": email], idempotent: false)
        } catch let error as ServiceError where error.kind == .invalidInput {
            throw ServiceError(.notFound, "There is no account for \(email) on \(location).")
        }
        guard Self.accepted(json) else {
            throw ServiceError(.unavailable, "The server could not send the recovery e-mail: \(Self.withoutFinalPeriod(Self.string(json["message"]) ?? "no reason given")).")
        }
    }
}
