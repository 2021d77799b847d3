import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension LoginModule {
    static var statusCommand: Command {
        Command(
            name: "status",
            abstract: "Show the server, the account, the token's expiry and where the token is stored.",
            discussion: """
            Asks the server whether it still accepts the token, and exits with status 77 when it \
            does not (expired or revoked). The token is shown masked; 'susi login token' prints it. \
            Not being logged in is not an error: susi works anonymously.
            """,
            examples: [Example("susi login status --json", "The same as JSON, for scripts.")],
            run: { invocation, context in try status(invocation, context) })
    }

    struct StatusReport: Encodable {
        var server: String
        var loggedIn: Bool
        var account: String?
        var identity: String?
        var tokenSource: String?
        var token: String?
        var expires: Date?
        var accepted: Bool?
        /// The token could not be read: the passphrase was not available.
        var locked: Bool
        var credentialsFile: String
        var protection: String?
        var keyFile: String?
        /// Until when `susi login unlock`'s agent keeps the passphrase-protected file unlocked.
        var unlockedUntil: Date?
        /// Whether commands can open the file without asking (a machine key,
        /// or the agent's key); nil without a file.
        var unlocked: Bool?

        /// snake_case, as all of susi's JSON; `token_valid` is whether the
        /// server still takes the token (the server's own word is `accepted`).
        enum CodingKeys: String, CodingKey {
            case server, account, identity, token, expires, locked, protection, unlocked
            case loggedIn = "logged_in", tokenSource = "token_source", accepted = "token_valid"
            case credentialsFile = "credentials_file", keyFile = "key_file", unlockedUntil = "unlocked_until"
        }
    }

    static func status(_ invocation: Invocation, _ context: Context) throws {
        let server = try context.serverName()
        let vaultStatus = try context.credentialStore().status(at: context.paths.credentialsFile)
        var report = StatusReport(server: server, loggedIn: false, locked: false, credentialsFile: vaultStatus.path,
                                  protection: vaultStatus.protection.map { CredentialAccess.keySource($0).rawValue },
                                  keyFile: vaultStatus.protection == .machineKey ? context.paths.keyFile : nil)
        if vaultStatus.protection == .passphrase {
            report.unlockedUntil = CredentialAccess.agentState(context)?.expires
        }
        report.unlocked = vaultStatus.protection.map { $0 == .machineKey || report.unlockedUntil != nil }
        var locked = false
        var credentials: Credentials?
        do {
            credentials = try CredentialAccess.resolve(context, passphraseFile: context.globals.passphraseFile)
        } catch is CredentialsLocked {
            // Say what the session knows; checking the token needs the passphrase.
            locked = true
            if let session = try Session.load(context.paths) {
                report.account = session.account
                report.expires = session.expires
            }
        }
        report.locked = locked
        var rejected = false
        if let credentials {
            let identity = try context.service().identity(token: credentials.token)
            rejected = identity.anonymous
            report.loggedIn = !rejected
            report.account = credentials.account
            report.identity = identity.anonymous ? nil : identity.name
            report.tokenSource = credentials.source == .environment ? Credentials.environmentVariable : "credentials file"
            report.token = credentials.maskedToken
            report.expires = credentials.expires
            report.accepted = !rejected
        }
        if context.globals.json {
            try context.printJSON(report)
        } else {
            printStatus(report, vaultStatus, context)
        }
        // As `gh auth status`: scripts can test for a login with the exit status.
        if credentials == nil, !report.locked { throw SilentExit(.failure) }
        if rejected {
            throw CommandError(.noPermission, "The server no longer accepts the token for \(credentials?.account ?? "SUSI_TOKEN") (it expired or was revoked).",
                               hint: credentials?.source == .environment ? "Unset SUSI_TOKEN to use your stored login (or set it to a valid token)." : "Log in again with 'susi login'.")
        }
    }

    private static func printStatus(_ report: StatusReport, _ vaultStatus: VaultStatus, _ context: Context) {
        let out = context.stdout
        out.line("Server:      \(report.server)")
        if let token = report.token {
            out.line("Account:     \(report.identity ?? report.account ?? "(not accepted)")")
            out.line("Token:       \(token) (from \(report.tokenSource ?? "?"))")
            out.line("Expires:     \(report.expires.map { expiry($0, now: context.now()) } ?? (report.tokenSource == Credentials.environmentVariable ? "unknown" : "never"))")
        } else if report.locked, let account = report.account {
            out.line("Account:     \(account)")
            out.line("Token:       locked (pass --passphrase-file or set \(CredentialAccess.passphraseVariable) to check it)")
            out.line("Expires:     \(report.expires.map { expiry($0, now: context.now()) } ?? "never")")
        } else {
            out.line("Account:     not logged in (anonymous use). Log in with 'susi login'.")
        }
        out.line("Credentials: \(vaultStatus.summary(keyFile: context.paths.keyFile))")
        // Which protection, and whether the next command will ask (decision 0432).
        switch vaultStatus.protection {
        case .passphrase?:
            if let until = report.unlockedUntil {
                out.line("Protection:  passphrase, unlocked until \(CredentialAccess.unlockStamp(until)) ('susi login lock' locks it now)")
            } else {
                out.line("Protection:  passphrase, locked ('susi login unlock' keeps it unlocked for a while)")
            }
        case .machineKey?:
            out.line("Protection:  machine key (nothing to unlock)")
        case nil:
            break
        }
        if vaultStatus.protection == .passphrase, !(context.environment[CredentialAccess.passphraseVariable] ?? "").isEmpty {
            out.line("             The passphrase comes from \(CredentialAccess.passphraseVariable) (weaker: other programs of yours can read it).")
        }
    }

    static func expiry(_ date: Date, now: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let stamp = formatter.string(from: date)
        let seconds = date.timeIntervalSince(now)
        if seconds <= 0 { return "\(stamp) (expired)" }
        // Held to a century: a date from a file must not trap the conversion.
        let bounded = min(seconds, 100 * 365 * 86400)
        let days = Int(bounded / 86400), hours = Int(bounded.truncatingRemainder(dividingBy: 86400) / 3600)
        return "\(stamp) (in \(days > 0 ? "\(days) days " : "")\(hours) hours)"
    }

    static var tokenCommand: Command {
        Command(
            name: "token",
            abstract: "Print the active token, for scripts.",
            discussion: "Prints SUSI_TOKEN when it is set, else the stored token of the active login. Treat the output as a password.",
            examples: [Example("curl \"http://127.0.0.1:4000/aaa/account-permissions.json?access_token=$(susi login token)\"", "Use the token in another tool.")],
            run: { invocation, context in
                let credentials = try requireCredentials(invocation, context, for: "Printing the token")
                context.stdout.line(credentials.token)
            })
    }
}
