import Foundation
import SusiPorts
import SusiStore
import SusiBasics

extension EmbeddedService {
    /// The account a token belongs to, or nil when it is absent, unknown or expired.
    func account(for token: String?) throws -> String? {
        guard let token, !token.isEmpty else { return nil }
        return try store {
            try database.scalar("SELECT email FROM tokens WHERE digest = ? AND (expires IS NULL OR expires > ?)",
                                [PasswordHasher.digest(token), timestamp])?.string
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
        try store {
            try database.transaction {
                if try database.scalar("SELECT 1 FROM accounts WHERE email = ?", [email]) != nil {
                    throw ServiceError(.conflict, "An account for \(email) already exists.",
                                       hint: "Log in with 'susi login --email \(ShellQuote.word(email))'.")
                }
                try database.run("INSERT INTO accounts (email, password_hash, created) VALUES (?, ?, ?)",
                                 [email, hash, timestamp])
            }
        }
    }

    public func isRegistered(email: String) throws -> Bool {
        try store { try database.scalar("SELECT 1 FROM accounts WHERE email = ?", [email]) != nil }
    }

    public func login(email: String, password: String, validFor: TimeInterval?) throws -> LoginGrant {
        let validFor = try ServiceRules.checkTokenLifetime(validFor)
        let stored = try store {
            try database.query("SELECT email, password_hash FROM accounts WHERE email = ?", [email]).first
        }
        // Verify against a hash of the same cost for unknown accounts too, so
        // timing does not reveal which emails exist.
        let hash = stored?["password_hash"].string ?? hasher.unknownAccountHash
        let valid = hasher.verify(password, against: hash)
        guard valid, let account = stored?["email"].string else {
            throw ServiceError(.forbidden, "Invalid email or password.")
        }
        let token = PasswordHasher.randomToken()
        let lifetime = min(validFor ?? Self.defaultTokenLifetime, ServiceRules.maximumTokenLifetime)
        let expires = now().addingTimeInterval(lifetime)
        try store {
            try database.run("INSERT INTO tokens (digest, email, created, expires) VALUES (?, ?, ?, ?)",
                             [PasswordHasher.digest(token), account, timestamp, expires.timeIntervalSince1970])
        }
        return LoginGrant(identity: .account(account), token: token, expires: expires)
    }

    public func identity(token: String?) throws -> Identity {
        if let email = try account(for: token) { return .account(email) }
        return .anonymous()
    }

    /// Unlike the reference server, logging out revokes the token.
    public func logout(token: String) throws {
        try store { try database.run("DELETE FROM tokens WHERE digest = ?", [PasswordHasher.digest(token)]) }
    }

    public func changePassword(email: String, current: String, new: String, token: String?) throws {
        let account = try requireAccount(token, for: "Changing the password")
        guard account.lowercased() == email.lowercased() else {
            throw ServiceError(.forbidden, "You can only change the password of the account you are logged in as (\(account)).")
        }
        guard let hash = try store({ try database.scalar("SELECT password_hash FROM accounts WHERE email = ?", [account])?.string }),
              hasher.verify(current, against: hash)
        else {
            throw ServiceError(.forbidden, "The current password is wrong.")
        }
        guard current != new else {
            throw ServiceError(.invalidInput, "The new password is the same as the current one.")
        }
        try ServiceRules.checkPassword(new, email: account)
        let newHash = try hasher.hash(new)
        try store {
            try database.transaction {
                try database.run("UPDATE accounts SET password_hash = ? WHERE email = ?", [newHash, account])
                // Every other login ends with the old password; this one stays.
                try database.run("DELETE FROM tokens WHERE email = ? AND digest != ?",
                                 [account, PasswordHasher.digest(token ?? "")])
            }
        }
    }

    /// The same answer whether the account exists or not (nothing to learn).
    public func recoverPassword(email: String) throws {
        throw ServiceError.unsupported("The embedded SUSI cannot send e-mail, so it cannot reset a password by mail.",
                           hint: "Change it with 'susi login passwd' while logged in, or sign up again with a new address.")
    }
}
