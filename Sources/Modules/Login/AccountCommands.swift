import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension LoginModule {
    static let passwdStdin = OptionKey.flag(
        "password-stdin", "Read the current password, then the new one, from the first two lines of standard input.")
    static let forgotEmail = OptionKey.string(
        "email", "address", "The account's e-mail address (default: the active login's; asked on a terminal).")

    static var passwdCommand: Command {
        Command(
            name: "passwd",
            abstract: "Change the password of the account you are logged in as.",
            discussion: "Asks for the current and the new password with echo off; with --password-stdin reads them from the first two lines of standard input. Other logins of the account end; this one stays.",
            examples: [Example("printf '%s\\n%s\\n' \"$OLD\" \"$NEW\" | susi login passwd --password-stdin", "Change it from a script.")],
            options: [passwdStdin.spec, LoginKeys.refusedPassword.spec],
            run: { invocation, context in
                try refuseCommandLinePassword(invocation)
                let credentials = try requireCredentials(invocation, context, for: "Changing the password")
                let service = try context.service()
                var account = credentials.account
                if account == nil {
                    let identity = try service.identity(token: credentials.token)
                    account = identity.anonymous ? nil : identity.name
                }
                guard let account else {
                    throw ServiceError(.notLoggedIn, "The server no longer accepts your token.", hint: "Log in again with 'susi login'.")
                }
                let current = try readPassword(invocation, context, prompt: "Current password:")
                let new = try readPassword(invocation, context, prompt: "New password:")
                try ServiceRules.checkPassword(new, email: account)
                if !invocation.values[passwdStdin] {
                    guard try readPassword(invocation, context, prompt: "Repeat the new password:") == new else {
                        throw UsageError("The new passwords do not match; the password was not changed.")
                    }
                }
                try service.changePassword(email: account, current: current, new: new, token: credentials.token)
                context.note("Changed the password of \(account).")
            })
    }

    static var forgotCommand: Command {
        Command(
            name: "forgot",
            abstract: "Ask the server to e-mail a link that resets a forgotten password.",
            examples: [Example("susi login forgot --email ada@example.com", "Send the reset mail.")],
            options: [forgotEmail.spec],
            run: { invocation, context in
                var email = invocation.values[forgotEmail]
                if email == nil, let session = try Session.load(context.paths), session.server == (try context.serverName()) {
                    email = session.account
                }
                let address = try email ?? context.prompter(orPass: "--email", for: "The e-mail address").ask("E-mail address:", default: nil)
                try ServiceRules.checkEmail(address)
                try context.service().recoverPassword(email: address)
                context.note("If \(address) has an account on \(try context.serverName()), a mail with a link to reset the password is on its way.")
            })
    }

    static let accountArgument = ArgumentKey.optional("account", "The account to make active.", completion: .dynamic(accountNames))

    /// `login switch <Tab>`: the stored logins, only when the credential
    /// file opens without a question (machine key, the agent, the shell's key).
    static let accountNames = DynamicCompletion.provider("accounts") { _, context in
        guard let vault = CredentialAccess.vaultWithoutAsking(context) else { return [] }
        var seen = Set<String>()
        return try vault.entries().compactMap { entry in
            seen.insert(entry.account).inserted ? CompletionCandidate(entry.account, entry.server) : nil
        }
    }

    static var switchCommand: Command {
        Command(
            name: "switch",
            abstract: "List the stored logins, or make another one active.",
            discussion: """
            Logins are stored per server and account. Without an account, lists them and marks the \
            active one. With an account, makes its login active; when it is for another server, \
            the 'server' setting is changed to that server too. With --server, picks the login \
            for that server.
            """,
            examples: [
                Example("susi login switch", "List the stored logins."),
                Example("susi login switch bob@example.com", "Act as bob from now on."),
            ],
            arguments: [accountArgument.spec],
            run: { invocation, context in try Session.serialized(context.paths) { try switchAccount(invocation, context) } })
    }

    static func switchAccount(_ invocation: Invocation, _ context: Context) throws {
        let path = context.paths.credentialsFile
        guard let protection = try context.credentialStore().status(at: path).protection else {
            throw ServiceError.loginRequired("Switching logins")
        }
        let source = CredentialAccess.keySource(protection)
        let vault = try CredentialAccess.openVault(context, source: source, passphraseFile: context.globals.passphraseFile)
        let entries = try vault.entries()
        let session = try Session.load(context.paths)
        guard let account = invocation.values[accountArgument] else {
            if context.globals.json {
                try context.printJSON(entries.map { entry in
                    StoredLoginJSON(active: session?.server == entry.server && session?.account == entry.account,
                                    server: entry.server, account: entry.account, expires: entry.expires)
                })
                return
            }
            if entries.isEmpty { context.note("No stored logins. Log in with 'susi login'.") }
            let rows = entries.map { entry -> [String] in
                let active = session?.server == entry.server && session?.account == entry.account
                return [active ? "*" : "", entry.server, entry.account,
                        entry.expires.map { expiry($0, now: context.now()) } ?? "never"]
            }
            context.printTable(Table(columns: ["ACTIVE", "SERVER", "ACCOUNT", "EXPIRES"], rows: rows))
            return
        }
        var candidates = entries.filter { $0.account == account }
        if let server = context.globals.server { candidates = candidates.filter { $0.server == server } }
        guard let entry = candidates.first else {
            throw CommandError(.noInput, "There is no stored login for \(account)\(context.globals.server.map { " on \($0)" } ?? "").",
                               hint: "'susi login switch' lists the stored logins; 'susi login --email \(ShellQuote.word(account))' adds one.")
        }
        guard candidates.count == 1 else {
            throw UsageError("\(account) is logged in on several servers: \(candidates.map(\.server).joined(separator: ", ")).",
                             hint: "Pick one with --server.")
        }
        try Session(server: entry.server, account: entry.account, identity: entry.identity, expires: entry.expires,
                    keySource: source).save(context.paths)
        context.credentialsDidChange()
        var config = try context.config()
        if config.value(SettingKey.server) != ServerChoice(entry.server) {
            try config.set(.server, to: entry.server)
            try config.save()
            context.configDidChange(config)
            context.note("Set server to \(entry.server).")
        }
        context.note("Now logged in to \(entry.server) as \(entry.account).")
    }
}

/// One stored login in `susi login switch --json` (always an array).
struct StoredLoginJSON: Encodable {
    var active: Bool
    var server: String
    var account: String
    @NullWhenAbsent var expires: Date?
}

/// `susi logout`: ends the active login.
public enum LogoutModule: CommandModule {
    public static var command: Command {
        Command(
            name: "logout",
            abstract: "Log out: revoke and forget the active token.",
            discussion: "Removes the token from the credential file and ends the session; other stored logins stay (see 'susi login switch'). The reference SUSI server keeps a token valid after logout until it expires: susi checks, and says so when it does.",
            examples: [Example("susi logout", "Back to anonymous use.")],
            run: { invocation, context in try Session.serialized(context.paths) { try logOut(invocation, context) } })
    }

    static func logOut(_ invocation: Invocation, _ context: Context) throws {
        if Credentials.environmentToken(context.environment) != nil {
            throw CommandError(.failure, "\(Credentials.environmentVariable) is set; susi never stored that token, so it cannot log it out.",
                               hint: "Unset \(Credentials.environmentVariable) to stop using it.")
        }
        // Logging out always works with a damaged session file: it holds no
        // secret, so it is removed. (A damaged credential file is refused, 65,
        // with 'susi login --reset-credentials' as the repair.)
        let loaded: Session?
        do {
            loaded = try Session.load(context.paths)
        } catch let damaged as SessionDamaged {
            Session.remove(context.paths)
            context.credentialsDidChange()
            context.warn("\(damaged.message) It was removed; the stored logins stay in the credential file ('susi login switch' lists them).")
            context.note("Logged out.")
            return
        }
        guard let session = loaded else {
            context.note("Not logged in.")
            return
        }
        let vault = try CredentialAccess.openVault(context, source: session.keySource,
                                                   passphraseFile: context.globals.passphraseFile)
        if let entry = try vault.entry(server: session.server, account: session.account) {
            if session.server == (try context.serverName()) {
                do {
                    let service = try context.service()
                    try service.logout(token: entry.token)
                    // The reference server answers "Logout successful" and keeps the token valid.
                    if let identity = try? service.identity(token: entry.token), !identity.anonymous {
                        let until = entry.expires.map { " until \(LoginModule.expiry($0, now: context.now()))" } ?? " (it does not expire)"
                        context.note("The server keeps this token valid\(until); it was removed from this machine.")
                    }
                } catch let error as ServiceError {
                    context.warn("The server could not revoke the token (\(error.message)); it stays valid there until it expires.")
                }
            } else {
                context.warn("The login is for \(session.server), not the configured server; the token was forgotten but not revoked there.")
            }
            try vault.remove(server: session.server, account: session.account)
        }
        Session.remove(context.paths)
        context.credentialsDidChange()
        context.note("Logged out of \(session.server) as \(session.account).")
    }
}
