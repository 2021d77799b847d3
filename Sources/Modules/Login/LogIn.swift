import SusiCLI
import SusiCore
import SusiVault

extension LoginModule {
    static func logIn(_ invocation: Invocation, _ context: Context) throws {
        try refuseCommandLinePassword(invocation)
        if invocation.values[LoginKeys.resetCredentials] {
            try Session.serialized(context.paths) { try resetCredentials(context) }
            return
        }
        let server = try context.serverName()
        let signup = invocation.values[LoginKeys.signup]
        let email = try invocation.values[LoginKeys.email]
            ?? context.prompter(orPass: "--email", for: "The e-mail address").ask("E-mail address:", default: nil)
        try ServiceRules.checkEmail(email)

        var password = try readPassword(invocation, context, prompt: signup ? "Choose a password:" : "Password:")
        defer { password = "" }
        if signup {
            do {
                try ServiceRules.checkPassword(password, email: email)
            } catch let error as ServiceError {
                throw ServiceError(error.kind, error.message, hint: "Nothing was created. Choose a password with \(ServiceRules.passwordRule).")
            }
            if !invocation.values[LoginKeys.passwordStdin] {
                let again = try readPassword(invocation, context, prompt: "Repeat the password:")
                guard again == password else { throw UsageError("The passwords do not match; nothing was created.") }
            }
        }

        // From here the vault and the session change together: one lock.
        try Session.serialized(context.paths) {
            try store(invocation, context, server: server, email: email, password: password, signup: signup)
        }
    }

    private static func store(_ invocation: Invocation, _ context: Context, server: String, email: String,
                              password: String, signup: Bool) throws {
        // The key is settled and checked before the server is asked, so a
        // wrong passphrase costs nothing and leaves no stray token behind.
        let passphraseFile = invocation.values[LoginKeys.passphraseFile]
        let source = try CredentialAccess.keySourceForLogin(context, machineKey: invocation.values[LoginKeys.machineKey],
                                                           passphraseFile: passphraseFile)
        let vault = try CredentialAccess.openVault(context, source: source, passphraseFile: passphraseFile)

        let service = try context.service()
        if signup {
            try service.signUp(email: email, password: password)
            context.note("Signed up as \(email) on \(server).")
        }
        let grant = try service.login(email: email, password: password, validFor: nil)
        let replaced = try vault.entry(server: server, account: email)
        try vault.store(VaultEntry(server: server, account: email, grant: grant))
        // The token this login replaces would otherwise stay valid, unseen, until it expires.
        if let replaced, replaced.token != grant.token { try? service.logout(token: replaced.token) }
        try Session(server: server, account: email, identity: grant.identity, expires: grant.expires, keySource: source)
            .save(context.paths)
        context.credentialsDidChange()

        context.note("Logged in to \(server) as \(grant.identity.name).")
        context.note(try Vault.status(at: vault.path).summary(keyFile: context.paths.keyFile))
        if Credentials.environmentToken(context.environment) != nil {
            context.warn("\(Credentials.environmentVariable) is set and overrides this login until you unset it.")
        }
    }

    /// Renames the credential file aside (nothing is deleted) and ends the session.
    static func resetCredentials(_ context: Context) throws {
        let moved = try Vault.moveAside(context.paths.credentialsFile, now: context.now())
        Session.remove(context.paths)
        context.credentialsDidChange()
        if let moved {
            context.note("Moved the credential file aside to \(moved); nothing was deleted. Log in again with 'susi login'.")
        } else {
            context.note("There is no credential file at \(context.paths.credentialsFile); nothing to move.")
        }
    }
}
