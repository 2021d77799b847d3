import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts
import SusiBasics

extension LoginModule {
    static func logIn(_ invocation: Invocation, _ context: Context) throws {
        try refuseCommandLinePassword(invocation)
        if invocation.values[LoginKeys.resetCredentials] {
            try Session.serialized(context.paths) { try resetCredentials(context) }
            return
        }
        if invocation.values[LoginKeys.resendVerification] {
            try resendVerification(invocation, context)
            return
        }
        let signup = invocation.values[LoginKeys.signup]
        let email = try invocation.values[LoginKeys.email]
            ?? context.prompter(orPass: "--email", for: "The e-mail address").ask("E-mail address:", default: nil)
        try ServiceRules.checkEmail(email)

        var password = try readPassword(invocation, context, prompt: signup ? "Choose a password:" : "Password:")
        defer { password = "" }
        if signup {
            try LoginPassword.checkForSignUp(password, email: email)
            if !invocation.values[LoginKeys.passwordStdin] {
                let again = try readPassword(invocation, context, prompt: "Repeat the password:")
                guard again == password else { throw UsageError("The passwords do not match; nothing was created.") }
            }
        }

        // From here the vault and the session change together, under one lock.
        try LoginFlow.logIn(LoginFlow.Request(email: email, password: password, signUp: signup,
                                              machineKey: invocation.values[LoginKeys.machineKey],
                                              passphraseFile: context.globals.passphraseFile), context)
    }

    /// `--resend-verification`: a new verification mail for an account that awaits one.
    static func resendVerification(_ invocation: Invocation, _ context: Context) throws {
        let email = try invocation.values[LoginKeys.email]
            ?? context.prompter(orPass: "--email", for: "The e-mail address").ask("E-mail address:", default: nil)
        try ServiceRules.checkEmail(email)
        let server = try context.serverName()
        switch try context.service().resendVerification(email: email) {
        case .sent:
            context.note("Asked \(server) to mail a new verification link to \(email); open it, then log in with 'susi login --email \(ShellQuote.word(email))'.")
        case .alreadyVerified:
            context.note("\(email) is verified already on \(server); log in with 'susi login --email \(ShellQuote.word(email))'.")
        }
    }

    /// Renames the credential file aside (nothing is deleted) and ends the session.
    static func resetCredentials(_ context: Context) throws {
        let moved = try context.credentialStore().moveAside(context.paths.credentialsFile, now: context.now())
        Session.remove(context.paths)
        context.credentialsDidChange()
        if let moved {
            context.note("Moved the credential file aside to \(moved); nothing was deleted. Log in again with 'susi login'.")
        } else {
            context.note("There is no credential file at \(context.paths.credentialsFile); nothing to move.")
        }
    }
}
