import Foundation

/// The reference server's account endpoints (`/aaa/...`) as they behave,
/// quirks included (server-api.md §2.3–2.5, §3), on a `LoopbackHTTPServer`:
/// JSON sent as application/javascript with a `session.identity` envelope,
/// errors as Jetty HTML pages, an unactivated account refused with 403
/// "User not yet activated", a sign-up that needs e-mail verification or a
/// reCAPTCHA, a password change that answers 500 *after* changing the password
/// when mail cannot be sent, and a logout that leaves the token valid.
public final class ReferenceAccountServer: @unchecked Sendable {
    public enum SignupMode: Sendable {
        /// `users.public.signup=true`: active at once.
        case open
        /// `users.public.signup=email`: inactive until the mailed link is opened.
        case email
        /// reCAPTCHA on: every sign-up without `g-recaptcha-response` is 422.
        case captcha
    }

    public enum PasswordChange: Sendable {
        case works
        /// Changes the hash, then fails to send the notification mail: 500.
        case changesThenFails
        /// Fails with 500 before anything is changed.
        case failsUnchanged
    }

    struct Account {
        var password: String
        var activated: Bool
    }

    private let lock = NSLock()
    private var accounts: [String: Account] = [:]
    /// token → account; logout does not remove one (the reference's quirk).
    private var tokens: [String: String] = [:]
    private var counter = 0
    public var signupMode: SignupMode
    public var passwordChange: PasswordChange
    /// Whether logout revokes the token (the reference's does not).
    public var logoutRevokes: Bool
    public private(set) var verificationMails: [String] = []
    private var http: LoopbackHTTPServer!

    public var baseURL: String { http.baseURL }
    public var requests: [LoopbackHTTPServer.Request] { http.requests }

    public init(signupMode: SignupMode = .open, passwordChange: PasswordChange = .works, logoutRevokes: Bool = false) throws {
        self.signupMode = signupMode
        self.passwordChange = passwordChange
        self.logoutRevokes = logoutRevokes
        http = try LoopbackHTTPServer { [unowned self] request in self.answer(request) }
    }

    public func stop() { http.stop() }

    /// An account as an admin or an earlier sign-up left it.
    public func addAccount(_ email: String, password: String, activated: Bool = true) {
        lock.lock()
        defer { lock.unlock() }
        accounts[email] = Account(password: password, activated: activated)
    }

    public func password(of email: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return accounts[email]?.password
    }

    public func isActivated(_ email: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return accounts[email]?.activated ?? false
    }

    /// Whether the server would still accept this token.
    public func accepts(token: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return tokens[token] != nil
    }

    // MARK: - Answers

    public static func jettyError(_ status: Int, _ message: String) -> LoopbackHTTPServer.Response {
        .text("""
        <html><head><meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
        <title>Error \(status) \(message)</title></head><body><h2>HTTP ERROR \(status)</h2>
        <p>Problem accessing /x. Reason:<pre>    \(message)</pre></p></body></html>
        """, status: status, contentType: "text/html;charset=iso-8859-1")
    }

    public static func javascript(_ object: [String: Any], identity name: String? = nil) -> LoopbackHTTPServer.Response {
        var body = object
        body["session"] = ["identity": ["type": name == nil ? "host" : "email", "name": name ?? "127.0.0.1_abc",
                                        "anonymous": name == nil]]
        let data = (try? JSONSerialization.data(withJSONObject: body)) ?? Data("{}".utf8)
        return .json(String(decoding: data, as: UTF8.self), contentType: "application/javascript;charset=utf-8")
    }

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        var form = request.query
        if let body = URLComponents(string: "http://x/?" + String(decoding: request.body, as: UTF8.self)) {
            for item in body.queryItems ?? [] { form[item.name] = item.value ?? "" }
        }
        lock.lock()
        defer { lock.unlock() }
        let caller = form["access_token"].flatMap { tokens[$0] }
        switch request.path {
        case "/aaa/signup.json": return signUp(form)
        case "/aaa/login.json": return login(form, caller: caller)
        case "/aaa/resendVerificationLink.json": return resend(form)
        case "/aaa/changepassword.json": return changePassword(form, caller: caller)
        case "/aaa/listUserSettings.json":
            guard let caller else { return Self.jettyError(401, "Base user role not sufficient. Your base user role is 'ANONYMOUS', your user role is 'anonymous'") }
            return Self.javascript(["accepted": true, "settings": [:] as [String: String]], identity: caller)
        default: return Self.jettyError(404, "Not Found")
        }
    }

    private func signUp(_ form: [String: String]) -> LoopbackHTTPServer.Response {
        guard let email = form["signup"], let password = form["password"] else { return Self.jettyError(422, "signup or password empty") }
        if accounts[email] != nil { return Self.jettyError(422, "email is already taken") }
        switch signupMode {
        case .captcha:
            return Self.jettyError(422, "Please verify recaptcha")
        case .open:
            accounts[email] = Account(password: password, activated: true)
            return Self.javascript(["accepted": true, "message": "You successfully signed-up!"])
        case .email:
            accounts[email] = Account(password: password, activated: false)
            verificationMails.append(email)
            return Self.javascript(["accepted": true,
                                    "message": "You successfully signed-up! An email with a verification link was sent to your address."])
        }
    }

    private func login(_ form: [String: String], caller: String?) -> LoopbackHTTPServer.Response {
        if form["checkLogin"] == "true" {
            return Self.javascript(["loggedIn": caller != nil, "accepted": caller != nil,
                                    "message": caller.map { "You are logged in as \($0)" } ?? "Not logged in"], identity: caller)
        }
        if form["logout"] == "true" {
            guard let token = form["access_token"] else { return Self.jettyError(401, "Unauthorized") }
            if logoutRevokes { tokens[token] = nil }
            return Self.javascript(["accepted": true, "message": "Logout successful"])
        }
        guard let email = form["login"], let password = form["password"], form["type"] != nil else {
            return Self.jettyError(400, "Bad login parameters.")
        }
        guard let account = accounts[email] else { return Self.jettyError(401, "Invalid credentials") }
        guard account.password == password else { return Self.jettyError(422, "Invalid credentials") }
        guard account.activated else { return Self.jettyError(403, "User not yet activated") }
        counter += 1
        let token = "tok\(counter)" + String(repeating: "x", count: 27)
        tokens[token] = email
        return Self.javascript(["accepted": true, "valid_seconds": Int(form["valid_seconds"] ?? "") ?? 604_800,
                                "uuid": "0123456789abcdef", "access_token": token,
                                "message": "You are logged in as \(email)"])
    }

    private func resend(_ form: [String: String]) -> LoopbackHTTPServer.Response {
        guard let email = form["emailId"], !email.isEmpty else { return Self.jettyError(422, "No email id provided!") }
        guard let account = accounts[email] else { return Self.jettyError(401, "Invalid email id. Please Sign up!") }
        if account.activated { return Self.jettyError(407, "User already verified!") }
        verificationMails.append(email)
        return Self.javascript(["accepted": true, "message": "Verification link has been sent to your email"])
    }

    private func changePassword(_ form: [String: String], caller: String?) -> LoopbackHTTPServer.Response {
        guard let caller else {
            return Self.jettyError(401, "Base user role not sufficient. Your base user role is 'ANONYMOUS', your user role is 'anonymous'")
        }
        guard let email = form["changepassword"], email == caller, let current = form["password"],
              let new = form["newpassword"], var account = accounts[email] else {
            return Self.jettyError(400, "Bad request")
        }
        guard account.password == current else { return Self.jettyError(422, "Invalid credentials") }
        if current == new {
            return Self.javascript(["accepted": false, "message": "Your current password matches new password."], identity: caller)
        }
        switch passwordChange {
        case .failsUnchanged:
            return Self.jettyError(500, "Failed to change password")
        case .changesThenFails:
            account.password = new
            accounts[email] = account
            return Self.jettyError(500, "Failed to change password")
        case .works:
            account.password = new
            accounts[email] = account
            return Self.javascript(["accepted": true, "message": "Your password has been changed!"], identity: caller)
        }
    }
}
