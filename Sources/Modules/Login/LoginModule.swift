import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi login`: accounts, the stored token and the session every module shares.
public enum LoginModule: CommandModule {
    public static var command: Command {
        Command(
            name: "login",
            abstract: "Log in, sign up and manage stored logins.",
            discussion: """
            Without a subcommand, logs in: asks for the e-mail address and the password on a \
            terminal (the password with echo off), or takes --email and --password-stdin in scripts. \
            A password is never accepted as an argument. The token is stored encrypted in the \
            credential file, keyed by server and account; the session file (server, account, \
            identity, expiry; never the token) tells every susi command which login is active.

            The credential file is protected by a key you choose, and 'susi login status' always \
            says which: a passphrase (asked on a terminal, or --passphrase-file, or \
            \(CredentialAccess.passphraseVariable), which is weaker since other programs of yours can \
            read the environment) or --machine-key, a key file beside the credentials that protects \
            the file when it travels alone but not against programs running as you. susi never \
            switches from one to the other by itself.

            SUSI_TOKEN overrides the stored login and is never written anywhere. Without a login \
            susi works anonymously; commands that need an account exit with status 77.
            """,
            examples: [
                Example("susi login", "Log in on a terminal: asks for e-mail, password and passphrase."),
                Example("susi login --signup --email ada@example.com", "Create an account, then log in."),
                Example("susi login --email ada@example.com --password-stdin --machine-key < pw.txt", "Log in from a script, protecting the token with a machine key file."),
                Example("susi login status", "Show the server, account, token expiry and where the token is stored."),
                Example("susi login --reset-credentials", "Move a damaged credential file aside and start afresh."),
                Example("susi login --resend-verification --email ada@example.com", "Ask the server to mail the account's verification link again."),
            ],
            options: [
                LoginKeys.email.spec, LoginKeys.passwordStdin.spec, LoginKeys.signup.spec, LoginKeys.machineKey.spec,
                LoginKeys.resetCredentials.spec, LoginKeys.refusedPassword.spec,
                LoginKeys.resendVerification.spec,
            ],
            subcommands: [statusCommand, tokenCommand, switchCommand, passwdCommand, forgotCommand, keyCommand,
                          unlockCommand, lockCommand, agentCommand],
            // --reset-credentials only moves the file aside and ends the session.
            relations: [.conflicts("reset-credentials", ["email", "password-stdin", "signup", "machine-key"]),
                        .conflicts("resend-verification", ["password-stdin", "signup", "machine-key", "reset-credentials"])],
            run: { invocation, context in try logIn(invocation, context) })
    }

    /// The login commands' options, each declared once and shared by the
    /// subcommands that take it.
    enum LoginKeys {
        static let email = OptionKey.string("email", "address", "The account's e-mail address (asked on a terminal when missing).")
        static let passwordStdin = OptionKey.flag("password-stdin", "Read the password from the first line of standard input.")
        static let signup = OptionKey.flag("signup", "Create the account first (the password must follow the server's rules), then log in.")
        static let machineKey = OptionKey.flag(
            "machine-key", "Protect the credential file with a machine key file instead of a passphrase (only when creating it).")
        static let resetCredentials = OptionKey.flag(
            "reset-credentials", "Move the credential file aside (renamed, never deleted) and end the session, e.g. when it is damaged or its passphrase is lost.")
        static let resendVerification = OptionKey.flag(
            "resend-verification", "Ask the server to mail the verification link of a new account again (no password needed).")
        /// Accepted by the parser only to refuse it with the reason.
        static let refusedPassword = OptionKey.string(
            "password", "password", "Refused: a password on the command line is visible to other users and kept in shell history.",
            isHidden: true)
    }

    static func refuseCommandLinePassword(_ invocation: Invocation) throws {
        guard invocation.values[LoginKeys.refusedPassword] != nil else { return }
        throw UsageError(
            "A password is not accepted on the command line: other users can see it in the process list, and your shell keeps it in its history.",
            hint: "Pipe it with --password-stdin, or run on a terminal to be asked with echo off.")
    }

    /// One line from stdin with --password-stdin, else asked with echo off;
    /// at most `InputSource.secretLimit` bytes, and valid UTF-8 without NUL
    /// (65 otherwise): decoding lossily would let different bytes log in as
    /// the same password.
    static func readPassword(_ invocation: Invocation, _ context: Context, prompt: String) throws -> String {
        try LoginPassword.read(fromStdin: invocation.values[LoginKeys.passwordStdin], context, prompt: prompt)
    }

    /// The active login, or exit 77 with the way to log in.
    static func requireCredentials(_ invocation: Invocation, _ context: Context, for what: String) throws -> Credentials {
        guard let credentials = try CredentialAccess.resolve(context, passphraseFile: context.globals.passphraseFile) else {
            throw ServiceError.loginRequired(what)
        }
        return credentials
    }
}
