import Foundation
import SusiPorts

extension SusiAPI {
    /// `/aaa/login.json`: checkLogin, logout, or a password login for an access token.
    static func login(_ call: APICall) throws -> APIReply {
        if call.flag("checkLogin") {
            let identity = try call.identity()
            return .ok([("loggedIn", .bool(!identity.anonymous)), ("accepted", .bool(true)),
                        ("message", .string(identity.anonymous ? "Not logged in" : "You are logged in as \(identity.name)"))])
        }
        if call.flag("logout") || call.flag("delete") {
            guard let token = call.token else { throw APIFailure(401, "Unauthorized: logging out needs the access_token.") }
            if call.flag("delete") {
                throw APIFailure(501, "Deleting an account is not supported by susi serve.")
            }
            _ = try call.identity()  // the envelope shows who logged out
            try call.service.logout(token: token)
            if call.parameterToken == nil {
                call.responseHeaders.append(("Set-Cookie", WebSession.clearCookie(path: WebSession.cookiePath(of: call.request),
                                                                                  secure: WebSession.isSecure(call.request))))
            }
            return .ok([("accepted", .bool(true)), ("message", .string("Logout successful"))])
        }
        guard let email = call.nonEmpty("login"), let password = call["password"], !password.isEmpty,
              let type = call.nonEmpty("type") else {
            throw APIFailure(400, "Bad login parameters: login, password and type=access-token are required.")
        }
        // type=cookie is the web page's login: the token goes into an HttpOnly cookie, never into the body.
        let asCookie = type == "cookie" && WebSession.fromPage(call.request)
        guard type == "access-token" || asCookie else {
            if ["session", "cookie", "check_password"].contains(type) {
                throw APIFailure(400, "Invalid type: susi serve only hands out access tokens (type=access-token).")
            }
            throw APIFailure(400, "Invalid type '\(type)'; use type=access-token.")
        }
        var lifetime: TimeInterval?
        if let seconds = try call.integer("valid_seconds") {
            lifetime = seconds == -1 ? maxTokenSeconds : TimeInterval(seconds)
        }
        let grant = try call.checkingPassword(of: email) {
            try call.service.login(email: email, password: password, validFor: lifetime)
        }
        // Clamped: an expiry from the backend is not trusted to fit an Int.
        let remaining = grant.expires.map { $0.timeIntervalSinceNow.rounded() } ?? (lifetime ?? 604_800)
        let seconds = Int(min(max(remaining, 0), maxTokenSeconds))
        if asCookie {
            call.responseHeaders.append(("Set-Cookie", WebSession.setCookie(grant.token, seconds: seconds,
                                                                            path: WebSession.cookiePath(of: call.request),
                                                                            secure: WebSession.isSecure(call.request))))
            return .ok([("accepted", .bool(true)), ("valid_seconds", .int(seconds)), ("uuid", .string(MD5.hex(grant.identity.name))),
                        ("message", .string("You are logged in as \(grant.identity.name)"))])
        }
        return .ok([
            ("accepted", .bool(true)), ("valid_seconds", .int(seconds)), ("uuid", .string(MD5.hex(grant.identity.name))),
            ("access_token", .string(grant.token)), ("message", .string("You are logged in as \(grant.identity.name)")),
        ])
    }

    /// The password rule as a regular expression, for `getParameters`.
    static let passwordRegex = "^(?=.*\\d)(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{8,64}$"

    static func signUp(_ call: APICall) throws -> APIReply {
        if call.flag("getParameters") {
            return .ok([("accepted", .bool(true)), ("message", .string("Success: showing parameters")),
                        ("regex", .string(passwordRegex)), ("regexTooltip", .string("Use " + ServiceRules.passwordRule + "."))])
        }
        if call.nonEmpty("validateEmail") != nil {
            throw APIFailure(400, "Bad request: accounts on susi serve are active at sign-up; there is nothing to validate.")
        }
        guard let email = call.nonEmpty("signup"), let password = call["password"], !password.isEmpty else {
            throw APIFailure(422, "signup or password empty")
        }
        do {
            try call.service.signUp(email: email, password: password)
        } catch let error as ServiceError where error.kind == .conflict {
            throw ServiceError(.conflict, "This email is already taken. \(error.message)", hint: error.hint)
        }
        return .ok([("accepted", .bool(true)), ("message", .string("You successfully signed-up!"))])
    }

    static func checkRegistration(_ call: APICall) throws -> APIReply {
        let email = try call.required("check_email", message: "Email not provided.")
        return .ok([("exists", .bool(try call.service.isRegistered(email: email))), ("accepted", .bool(true)),
                    ("check_email", .string(email))])
    }

    static func recoverPassword(_ call: APICall) throws -> APIReply {
        if call.flag("getParameters") {
            throw APIFailure(422, "Invalid token: susi serve sends no reset links.")
        }
        let email = try call.required("forgotemail", message: "The parameter 'forgotemail' (the account's email) is missing.")
        do {
            try call.service.recoverPassword(email: email)
        } catch let error as ServiceError where error.kind == .notFound || error.kind == .unavailable {
            // One answer whether the account exists or not, as the reference
            // gives when it cannot send the mail: nothing tells accounts apart.
            return .ok([("accepted", .bool(false)), ("message", .string(recoveryUnavailable))])
        }
        return .ok([("accepted", .bool(true)), ("message", .string("Recovery email sent to your email ID. Please check"))])
    }

    static let recoveryUnavailable = "susi serve cannot send e-mail, so it cannot reset a password by mail."

    static func changePassword(_ call: APICall) throws -> APIReply {
        let email = try call.required("changepassword", message: "The parameter 'changepassword' (the account's email) is missing.")
        let current = try call.required("password", message: "The parameter 'password' (the current password) is missing.")
        let new = try call.required("newpassword", message: "The parameter 'newpassword' is missing.")
        _ = try call.identity()
        try call.checkingPassword(of: email) {
            try call.service.changePassword(email: email, current: current, new: new, token: call.token)
        }
        return .ok([("accepted", .bool(true)), ("message", .string("Your password has been changed!"))])
    }
}

extension APICall {
    /// Runs a call that checks `account`'s password, unless this account or
    /// this client address has failed too often lately (429 with
    /// Retry-After, before any password is checked); a wrong password
    /// (`forbidden`) is counted, a right one clears the account's count.
    func checkingPassword<Result>(of account: String, _ body: () throws -> Result) throws -> Result {
        if let wait = logins.wait(account: account, address: request.clientAddress) {
            let policy = logins.policy
            let minutes = Int(policy.windowSeconds / 60)
            var failure = APIFailure(429, wait.byAddress
                ? "Too many failed logins from your address (\(policy.failuresPerAddress) in \(minutes) minutes). Try again in \(wait.seconds) s."
                : "Too many failed logins for this account (\(policy.failuresPerAccount) in \(minutes) minutes). Try again in \(wait.seconds) s.")
            failure.retryAfter = wait.seconds
            throw failure
        }
        do {
            let result = try body()
            logins.succeeded(account: account)
            return result
        } catch let error as ServiceError where error.kind == .forbidden {
            logins.failed(account: account, address: request.clientAddress)
            throw error
        }
    }
}
