import SusiCLI
import SusiCore

/// `susi onboard`: the SUSI apps' four introduction pages, then a set-up
/// that actually sets susi up (server, account, voice, skills), written
/// only once the user confirms.
public enum OnboardModule: CommandModule {
    public static var command: Command {
        Command(
            name: "onboard",
            abstract: "Get started: a short tour, then choose a server, log in, pick a voice and add skills.",
            discussion: """
            On a terminal, four pages introduce logging in, chatting, skills and the chat settings \
            (n, the right arrow or Enter: next; p or the left arrow: back; s: skip to the set-up; \
            q: quit, exit 0; Ctrl-C: exit 130; nothing saved either way). The set-up then asks, step by step, each \
            one skippable and starting from the current values: 1. the server (the embedded SUSI, or \
            a URL, which is asked 'hello' at once and its answer shown); 2. the account (log in, sign \
            up, or go on anonymously); 3. the voice (from the installed voices; whether answers are \
            spoken, with a sample); 4. a skills folder to import into the embedded SUSI. Nothing is \
            written until you confirm the summary of changes; afterwards the onboarded setting is yes. \
            Running it again is fine.

            Without a terminal (or with any set-up option), every answer comes from the options and \
            --yes confirms them; a missing answer is a usage error naming its option. The steps are \
            applied in order; when one fails (the server does not answer, a wrong password) susi \
            stops there, names the step, and applies nothing after it. The password is read from \
            standard input, never from an argument.
            """,
            examples: [
                Example("susi onboard", "The tour and the set-up, on a terminal."),
                Example("susi onboard --server local --anonymous --voice en-US --no-speak --yes",
                        "Set up the embedded SUSI without an account, in a script."),
                Example("susi onboard --server https://susi.example.org --email ada@example.com --password-stdin --machine-key --voice de --speak --yes < pw.txt",
                        "Use a SUSI server, log in and have German answers spoken."),
                Example("susi onboard --server local --anonymous --voice en-GB --import ~/susi_skill_data --yes",
                        "Also import a folder of skills into the embedded SUSI."),
            ],
            options: [
                Keys.anonymous.spec, Keys.email.spec, Keys.passwordStdin.spec, Keys.signup.spec, Keys.machineKey.spec,
                Keys.voice.spec, Keys.speak.spec, Keys.importFolder.spec, Keys.yes.spec,
                Keys.refusedPassword.spec,
            ],
            relations: [
                .exclusive(["anonymous", "email"]),
                .conflicts("anonymous", ["signup", "password-stdin", "machine-key"]),
                .requires("signup", ["email"]),
                .requires("password-stdin", ["email"]),
            ],
            run: { invocation, context in try onboard(invocation, context) })
    }

    enum Keys {
        static let anonymous = OptionKey.flag("anonymous", "Account step: go on without an account.")
        static let email = OptionKey.string("email", "address", "Account step: log in (with --signup: sign up) with this e-mail address.")
        static let passwordStdin = OptionKey.flag("password-stdin", "Read the account's password from the first line of standard input.")
        static let signup = OptionKey.flag("signup", "Create the account first (the password must follow the server's rules), then log in.")
        static let machineKey = OptionKey.flag(
            "machine-key", "Protect a new credential file with a machine key file instead of a passphrase.")
        static let voice = OptionKey.string("voice", "code", "Voice step: SUSI's voice, a code such as en-US or a language (see 'susi voice list').",
                                            completion: .dynamic(.voices))
        static let speak = OptionKey.toggle("speak", "Voice step: speak chat answers aloud (--no-speak: do not; unchanged when neither is given).")
        static let importFolder = OptionKey.string(
            "import", "folder", "Skills step: import this skill tree (models/<model>/<group>/<language>/<skill>.txt) into the embedded SUSI.",
            completion: .directory)
        static let yes = OptionKey.flag("yes", short: "y", "Apply the answers given as options without asking (needed without a terminal).")
        /// Accepted by the parser only to refuse it with the reason.
        static let refusedPassword = OptionKey.string(
            "password", "password", "Refused: a password on the command line is visible to other users and kept in shell history.",
            isHidden: true)
    }

    static func onboard(_ invocation: Invocation, _ context: Context) throws {
        let values = invocation.values
        if values[Keys.refusedPassword] != nil {
            throw UsageError(
                "A password is not accepted on the command line: other users can see it in the process list, and your shell keeps it in its history.",
                hint: "Pipe it with --password-stdin, or run 'susi onboard' on a terminal to be asked with echo off.")
        }
        let setupOptions = values[Keys.anonymous] || values[Keys.email] != nil || values[Keys.voice] != nil
            || values[Keys.speak] != nil || values[Keys.importFolder] != nil || values[Keys.yes]
        let interactive = context.stdin.isTTY && context.stdout.isTTY && !context.globals.noInput && !context.globals.json
        if interactive && !setupOptions {
            guard try PageViewer.show(context) else {
                context.note("Onboarding stopped; nothing was changed. Run 'susi onboard' again whenever you like.")
                return
            }
            guard let plan = try InteractiveSetup.gather(context) else {
                context.note("Nothing was changed.")
                return
            }
            try SetupRun.apply(plan, context)
        } else {
            try SetupRun.apply(try FlagAnswers.plan(invocation, context), context)
        }
    }
}
