import SusiCLI
import SusiCore
import SusiVault

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

        public init(email: String, password: String, signUp: Bool, machineKey: Bool, passphraseFile: String?) {
            self.email = email
            self.password = password
            self.signUp = signUp
            self.machineKey = machineKey
            self.passphraseFile = passphraseFile
        }
    }

    /// Logs in on the context's server and makes it the active login.
    @discardableResult
    public static func logIn(_ request: Request, _ context: Context) throws -> LoginGrant {
        try Session.serialized(context.paths) { try store(request, context) }
    }

    private static func store(_ request: Request, _ context: Context) throws -> LoginGrant {
        let server = try context.serverName()
        let source = try CredentialAccess.keySourceForLogin(context, machineKey: request.machineKey,
                                                           passphraseFile: request.passphraseFile)
        let vault = try CredentialAccess.openVault(context, source: source, passphraseFile: request.passphraseFile)

        let service = try context.service()
        if request.signUp {
            try service.signUp(email: request.email, password: request.password)
            context.note("Signed up as \(request.email) on \(server).")
        }
        let grant = try service.login(email: request.email, password: request.password, validFor: nil)
        let replaced = try vault.entry(server: server, account: request.email)
        try vault.store(VaultEntry(server: server, account: request.email, grant: grant))
        // The token this login replaces would otherwise stay valid, unseen, until it expires.
        if let replaced, replaced.token != grant.token { try? service.logout(token: replaced.token) }
        try Session(server: server, account: request.email, identity: grant.identity, expires: grant.expires, keySource: source)
            .save(context.paths)
        context.credentialsDidChange()

        context.note("Logged in to \(server) as \(grant.identity.name).")
        context.note(try Vault.status(at: vault.path).summary(keyFile: context.paths.keyFile))
        if Credentials.environmentToken(context.environment) != nil {
            context.warn("\(Credentials.environmentVariable) is set and overrides this login until you unset it.")
        }
        return grant
    }
}
