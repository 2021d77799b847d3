import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// The set-up on a terminal: a question per step, each skippable and
/// starting from the current value, then the list of changes to confirm.
/// Nothing is written here; nil means the user declined the changes.
enum InteractiveSetup {
    /// The questions; Ctrl-C at any of them ("Apply them?" included) says
    /// "Cancelled." and exits 130, as `device setup` does. Nothing is
    /// written before the confirmation, so nothing needs undoing.
    static func gather(_ context: Context) throws -> SetupPlan? {
        // Scripted (test) input gets no Ctrl-C: the process's handler is left alone.
        guard !context.io.stdin.isScripted else { return try questions(context) }
        let previous = signal(SIGINT) { _ in
            let text: StaticString = "\nCancelled.\n"
            _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
            _exit(130)
        }
        defer { signal(SIGINT, previous) }
        return try questions(context)
    }

    static func questions(_ context: Context) throws -> SetupPlan? {
        // Its own prompter: a dumb terminal gets the same questions, one line each.
        let ask = TerminalPrompter(io: context.io, style: context.errorStyle)
        let current = try SetupPlan.Current.read(context)
        let out = context.stderr
        out.line(context.errorStyle.bold("Set-up") + " (Enter keeps the value in brackets; nothing is saved until you confirm)")

        var plan = SetupPlan(server: try server(current, ask, context))
        out.line("  Will use: \(plan.server)")
        plan.account = try account(current, plan.server, ask, context)
        if plan.account != .keep && plan.account != .anonymous, !context.canPrompt {
            // The credential file's key cannot be asked for on a dumb terminal.
            plan.machineKey = try ask.confirm("Protect the stored login with a machine key file (no passphrase to type)?", default: true)
        }
        try voice(&plan, current, ask, context)
        if ServerChoice(plan.server).isEmbedded {
            plan.importFolder = try skills(ask, context)
        }

        out.line()
        out.line(context.errorStyle.bold("These changes will be made:"))
        for line in plan.changes(current: current) { out.line("  " + line) }
        out.line("  Then the onboarded setting is yes.")
        return try ask.confirm("Apply them?", default: true) ? plan : nil
    }

    static func server(_ current: SetupPlan.Current, _ ask: Prompter, _ context: Context) throws -> String {
        context.stderr.line()
        context.stderr.line(context.errorStyle.bold("1. Server") + ": which SUSI answers you.")
        if let fixed = context.globals.server {
            context.stderr.line("  --server chooses it for this run: \(fixed)")
            return fixed
        }
        while true {
            let choice = try ask.choose("Which SUSI should susi talk to?", options: [
                "The embedded SUSI on this computer (local; works offline)",
                "A SUSI server at a URL (asked 'hello' now)",
                "Skip: keep \(current.server)",
            ], default: ServerChoice(current.server).isEmbedded ? 0 : 2)
            switch choice {
            case 0: return ServerChoice.embeddedName
            case 2: return current.server
            default:
                let url = try ask.ask("Server URL:", default: ServerChoice(current.server).isEmbedded ? nil : current.server)
                if let problem = ConfigKey.server.problem(with: url) {
                    context.stderr.line("  That is not a server address: \(UntrustedText.line(problem)).")
                    continue
                }
                do {
                    let answer = try ServerCheck.ask(SetupContext.forServer(url, context))
                    context.stderr.line("  \(UntrustedText.line(url)) answered 'hello' with: \(UntrustedText.line(answer))")
                    return url
                } catch {
                    context.stderr.line("  \(UntrustedText.line(url)) did not answer: \(message(error))")
                    context.stderr.line("  Choose again, or keep the current server.")
                }
            }
        }
    }

    static func account(_ current: SetupPlan.Current, _ server: String, _ ask: Prompter, _ context: Context) throws -> SetupPlan.Account {
        context.stderr.line()
        context.stderr.line(context.errorStyle.bold("2. Account") + ": your settings and ratings, on \(server).")
        var options = ["Log in with an account", "Sign up for a new account", "Go on anonymously"]
        let loggedIn = server == current.server ? current.account : nil
        if let loggedIn { options.append("Skip: stay logged in as \(loggedIn)") }
        let choice = try ask.choose("How do you want to use SUSI?", options: options, default: loggedIn == nil ? 2 : 3)
        switch choice {
        case 2: return .anonymous
        case 3: return .keep
        default:
            let signUp = choice == 1
            var email: String
            while true {
                email = try ask.ask("E-mail address:", default: loggedIn)
                do {
                    try ServiceRules.checkEmail(email)
                    break
                } catch {
                    context.stderr.line("  \(message(error))")
                }
            }
            while true {
                let password = try secret(signUp ? "Choose a password:" : "Password:", context)
                if signUp {
                    do {
                        try LoginPassword.checkForSignUp(password, email: email)
                    } catch {
                        context.stderr.line("  \(message(error))")
                        continue
                    }
                    guard try secret("Repeat the password:", context) == password else {
                        context.stderr.line("  The passwords do not match; choose again.")
                        continue
                    }
                    context.stderr.line("  Will sign up as \(email), then log in (when you confirm).")
                    return .signUp(email: email, password: password)
                }
                context.stderr.line("  Will log in as \(email) (when you confirm; the password is checked then).")
                return .logIn(email: email, password: password)
            }
        }
    }

    /// A password with echo off, on any terminal (a dumb one included).
    static func secret(_ prompt: String, _ context: Context) throws -> String {
        var bytes = try SecretInput.read(context.errorStyle.bold("? ") + prompt + " ", io: context.io, what: "The password")
        defer { SecretInput.wipe(&bytes) }
        return try SecretInput.text(bytes, what: "The password")
    }

    static func voice(_ plan: inout SetupPlan, _ current: SetupPlan.Current, _ ask: Prompter, _ context: Context) throws {
        context.stderr.line()
        context.stderr.line(context.errorStyle.bold("3. Voice") + ": how SUSI sounds.")
        let codes: [String]
        do {
            codes = try VoiceChoice.codes(context)
        } catch {
            context.stderr.line("  No voices can be listed (\(message(error))); skipping this step.")
            return
        }
        // The language's voices first; all of them (over a hundred) only on request.
        let language = (try? context.userLanguage()) ?? "en"
        let own = codes.filter { LanguageCodes.base($0) == language }
        func list(_ title: String, _ codes: [String]) {
            context.stderr.line("  " + title + " " + TextLayout.wrap(codes.joined(separator: " "), width: min(context.width, 80), indent: title.count + 3)
                .drop { $0 == " " })
        }
        if own.isEmpty || own.count == codes.count {
            list("Installed:", codes)
        } else {
            list("Voices for \(language):", own)
            context.stderr.line("  ('?' lists all \(codes.count) installed voices.)")
        }
        while true {
            let answer = try ask.ask("Voice (a code above, '?' for all, or '-' to skip):", default: current.voice ?? "en-US")
            if answer == "-" { break }
            if answer == "?" {
                list("All installed voices:", codes)
                continue
            }
            do {
                plan.voice = try VoiceChoice.find(answer, context)
                break
            } catch {
                context.stderr.line("  \(message(error))")
            }
        }
        plan.speak = try ask.confirm("Speak chat answers aloud?", default: current.speak)
        if try ask.confirm("Hear a sample?", default: true) {
            sample(plan.voice?.stored, context)
        }
    }

    /// A short sentence in the chosen voice, through the host's speech (the
    /// chat's espeak-ng child); a missing program is a note, not a failure.
    static func sample(_ voice: String?, _ context: Context) {
        var environment = context.environment
        if let voice { environment[ConfigKey.voice.environmentVariable] = voice }
        let speaking = Context(io: context.io, environment: environment, invocation: context.invocation, now: context.now,
                               services: context.services)
        do {
            guard let speech = try speaking.speechOutput() else {
                context.stderr.line("  Speech is not available here.")
                return
            }
            try speech.speak("Hello, I am SUSI. This is how I will sound.", language: nil)
            _ = speech.waitUntilDone()
        } catch {
            context.stderr.line("  The sample could not be played: \(message(error))")
        }
    }

    static func skills(_ ask: Prompter, _ context: Context) throws -> String? {
        context.stderr.line()
        context.stderr.line(context.errorStyle.bold("4. Skills") + ": add a folder of skills to the embedded SUSI's bundled ones.")
        guard try ask.confirm("Import a skills folder?", default: false) else { return nil }
        while true {
            let folder = try ask.ask("Folder (holding models/, or '-' to skip):", default: nil)
            if folder == "-" { return nil }
            do {
                try SkillFolder.check(folder, server: ServerChoice.embeddedName)
                return folder
            } catch {
                context.stderr.line("  \(message(error))")
            }
        }
    }

    /// An error as one escaped line, for a question asked again.
    static func message(_ error: Error) -> String {
        UntrustedText.line((error as? ReportableError)?.message ?? ServiceError.plainReason(error))
    }
}
