import Foundation
import SusiPorts
import SusiBasics

extension EmbeddedService {
    /// The account a token belongs to, or nil when it is absent, unknown or expired.
    func account(for token: String?) throws -> String? {
        guard let token, !token.isEmpty else { return nil }
        return try store {
            try records.account(tokenDigest: PasswordHasher.digest(token), now: timestamp)
        }
    }

    /// The account, or `notLoggedIn` naming what needed it.
    func requireAccount(_ token: String?, for what: String) throws -> String {
        if let email = try account(for: token) { return email }
        if let token, !token.isEmpty {
            throw ServiceError(.notLoggedIn, "Your login is no longer valid (the token expired or was revoked).",
                               hint: "Log in again with 'susi login'.")
        }
        throw ServiceError.loginRequired(what)
    }

    public func signUp(email: String, password: String) throws {
        let email = email.trimmingCharacters(in: .whitespaces)
        try ServiceRules.checkEmail(email)
        try ServiceRules.checkPassword(password, email: email)
        let hash = try hasher.hash(password)
        guard try store({ try records.createAccount(email: email, passwordHash: hash, created: timestamp) }) else {
            throw ServiceError(.conflict, "An account for \(email) already exists.",
                               hint: "Log in with 'susi login --email \(ShellQuote.word(email))'.")
        }
    }

    public func isRegistered(email: String) throws -> Bool {
        try store { try records.accountExists(email) }
    }

    public func login(email: String, password: String, validFor: TimeInterval?) throws -> LoginGrant {
        let validFor = try ServiceRules.checkTokenLifetime(validFor)
        let stored = try store { try records.passwordHash(email: email) }
        // Verify against a hash of the same cost for unknown accounts too, so
        // timing does not reveal which emails exist.
        let hash = stored?.hash ?? hasher.unknownAccountHash
        let valid = hasher.verify(password, against: hash)
        guard valid, let account = stored?.email else {
            throw ServiceError(.forbidden, "Invalid email or password.")
        }
        let token = PasswordHasher.randomToken()
        let lifetime = min(validFor ?? Self.defaultTokenLifetime, ServiceRules.maximumTokenLifetime)
        let expires = now().addingTimeInterval(lifetime)
        try store {
            try records.addToken(digest: PasswordHasher.digest(token), email: account, created: timestamp,
                                 expires: expires.timeIntervalSince1970)
        }
        return LoginGrant(identity: .account(account), token: token, expires: expires)
    }

    public func identity(token: String?) throws -> Identity {
        if let email = try account(for: token) { return .account(email) }
        return .anonymous()
    }

    /// Unlike the reference server, logging out revokes the token.
    public func logout(token: String) throws {
        try store { try records.removeToken(digest: PasswordHasher.digest(token)) }
    }

    public func changePassword(email: String, current: String, new: String, token: String?) throws {
        let account = try requireAccount(token, for: "Changing the password")
        guard account.lowercased() == email.lowercased() else {
            throw ServiceError(.forbidden, "You can only change the password of the account you are logged in as (\(account)).")
        }
        guard let hash = try store({ try records.passwordHash(email: account)?.hash }),
              hasher.verify(current, against: hash)
        else {
            throw ServiceError(.forbidden, "The current password is wrong.")
        }
        guard current != new else {
            throw ServiceError(.invalidInput, "The new password is the same as the current one.")
        }
        try ServiceRules.checkPassword(new, email: account)
        let newHash = try hasher.hash(new)
        // Every other login ends with the old password; this one stays.
        try store { try records.changePassword(email: account, passwordHash: newHash, keeping: PasswordHasher.digest(token ?? "")) }
    }

    /// The same answer whether the account exists or not (nothing to learn).
    public func recoverPassword(email: String) throws {
        throw ServiceError.unsupported("The embedded SUSI cannot send e-mail, so it cannot reset a password by mail.",
                           hint: "Change it with 'susi login passwd' while logged in, or sign up again with a new address.")
    }
}
