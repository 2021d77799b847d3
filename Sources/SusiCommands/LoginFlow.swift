import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// Signing up and logging in, for every command that does it (`susi login`,
/// and `susi onboard`'s account step): the credential file's key is settled
/// and checked before the server is asked, so a wrong passphrase costs
/// nothing and leaves no stray token; then the token goes into the vault and
/// the session points at it, under the session lock.
public enum LoginFlow {
    /// What the user chose; the password is already read and checked.
    public struct Request {
        public var email: String
        public var password: String
        public var signUp: Bool
        /// `--machine-key`: protect a new credential file with the key file.
        public var machineKey: Bool
        public var passphraseFile: String?
        /// Offer to keep the file unlocked right after the login (`susi
        /// onboard` offers it at its end instead).
        public var offerUnlock: Bool

        public init(email: String, password: String, signUp: Bool, machineKey: Bool, passphraseFile: String?,
                    offerUnlock: Bool = true) {
            self.email = email
            self.password = password
            self.signUp = signUp
            self.machineKey = machineKey
            self.passphraseFile = passphraseFile
            self.offerUnlock = offerUnlock
        }
    }

    /// Logs in on the context's server and makes it the active login. Nil
    /// after a sign-up the server accepted but that awaits e-mail
    /// verification: that is said, and nothing is stored.
    @discardableResult
    public static func logIn(_ request: Request, _ context: Context) throws -> LoginGrant? {
        try Session.serialized(context.paths) { try store(request, context) }
    }

    private static func store(_ request: Request, _ context: Context) throws -> LoginGrant? {
        let server = try context.serverName()
        let source = try CredentialAccess.keySourceForLogin(context, machineKey: request.machineKey,
                                                           passphraseFile: request.passphraseFile)
        let vault = try CredentialAccess.openVault(context, source: source, passphraseFile: request.passphraseFile)

        let service = try context.service()
        if request.signUp {
            try service.signUp(email: request.email, password: request.password)
            context.note("Signed up as \(request.email) on \(server).")
        }
        let grant: LoginGrant
        do {
            grant = try service.login(email: request.email, password: request.password, validFor: nil)
        } catch let error as ServiceError where request.signUp && error.condition == .awaitingVerification {
            context.note("The account needs e-mail verification: open the link the server mailed to \(request.email), then log in with 'susi login --email \(ShellQuote.word(request.email))'.")
            context.note("No mail? 'susi login --resend-verification --email \(ShellQuote.word(request.email))' asks for a new one.")
            return nil
        }
        let replaced = try vault.entry(server: server, account: request.email)
        try vault.store(VaultEntry(server: server, account: request.email, grant: grant))
        CredentialAccess.keepForSession(vault, context)
        // The token this login replaces would otherwise stay valid, unseen, until it expires.
        if let replaced, replaced.token != grant.token { try? service.logout(token: replaced.token) }
        try Session(server: server, account: request.email, identity: grant.identity, expires: grant.expires, keySource: source)
            .save(context.paths)
        context.credentialsDidChange()

        context.note("Logged in to \(server) as \(grant.identity.name).")
        pullVoiceSettings(token: grant.token, from: service, context)
        context.note(try context.credentialStore().status(at: vault.path).summary(keyFile: context.paths.keyFile))
        if Credentials.environmentToken(context.environment) != nil {
            context.warn("\(Credentials.environmentVariable) is set and overrides this login until you unset it.")
        }
        if request.offerUnlock { CredentialAccess.offerToKeepUnlocked(vault, context) }
        return grant
    }

    /// SUSI's voice follows the account (speechRate, speechPitch,
    /// ttsLanguage): its values replace the local ones at login. A failure
    /// here is a warning; the login stands.
    static func pullVoiceSettings(token: String, from service: SusiService, _ context: Context) {
        do {
            var file = try context.config()
            let result = try AccountVoiceSettings.pull(into: &file, from: service, token: token)
            if !result.changed.isEmpty {
                try file.save()
                context.configDidChange(file)
                context.note("Took \(result.changed.joined(separator: ", ")) from your account.")
            }
            if !result.ignored.isEmpty {
                context.warn("Your account's \(result.ignored.joined(separator: ", ")) could not be used here; the local values stay.")
            }
        } catch let error as ReportableError {
            context.warn("Your account's voice settings could not be read: \(UntrustedText.line(error.message))")
        } catch {
            context.warn("Your account's voice settings could not be read: \(error)")
        }
    }
}
