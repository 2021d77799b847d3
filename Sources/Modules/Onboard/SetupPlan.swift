import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// Every answer of the set-up, gathered (and checked) before anything is
/// written. Nil means "leave as it is".
struct SetupPlan {
    enum Account: Equatable {
        case keep
        case anonymous
        case logIn(email: String, password: String)
        case signUp(email: String, password: String)
    }

    var server: String
    var account: Account = .keep
    /// The voice setting's value (a code from the installed voices) and its name.
    var voice: (stored: String, name: String)?
    var speak: Bool?
    var importFolder: String?
    var machineKey = false
    var passphraseFile: String?

    /// What the set-up will change, a line per step, before it changes it.
    func changes(current: Current) -> [String] {
        var lines: [String] = []
        lines.append(server == current.server ? "1. Server: keep \(server)." : "1. Server: \(current.server) -> \(server).")
        switch account {
        case .keep: lines.append("2. Account: keep \(current.account ?? "anonymous use").")
        case .anonymous: lines.append("2. Account: none; use SUSI anonymously.")
        case let .logIn(email, _): lines.append("2. Account: log in as \(email) on \(server).")
        case let .signUp(email, _): lines.append("2. Account: sign up as \(email) on \(server), then log in.")
        }
        var voiceParts: [String] = []
        if let voice { voiceParts.append("voice \(voice.stored) (\(voice.name))") }
        if let speak { voiceParts.append(speak ? "answers spoken aloud" : "answers not spoken") }
        lines.append(voiceParts.isEmpty ? "3. Voice: keep as it is." : "3. Voice: " + voiceParts.joined(separator: ", ") + ".")
        lines.append(importFolder.map { "4. Skills: import \(UntrustedText.line($0)) into the embedded SUSI." } ?? "4. Skills: import nothing.")
        return lines
    }

    /// The values the set-up starts from.
    struct Current {
        var server: String
        var account: String?
        var voice: String?
        var speak: Bool

        static func read(_ context: Context) throws -> Current {
            let server = try context.serverName()
            let session = try? Session.load(context.paths)
            return Current(server: server, account: session?.server == server ? session?.account : nil,
                           voice: try context.setting(.voice), speak: try context.setting(.speaksAnswers))
        }
    }
}

/// The plan from the command line, for scripts: every answer is an option,
/// a missing one is a usage error naming it, and --yes confirms.
enum FlagAnswers {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> SetupPlan {
        let values = invocation.values
        typealias Keys = OnboardModule.Keys
        guard let server = context.globals.server else {
            throw UsageError("The server step needs an answer: pass --server local (the embedded SUSI) or --server URL.")
        }
        var plan = SetupPlan(server: server)
        plan.machineKey = values[Keys.machineKey]
        // --passphrase-file is a global option: every command that needs the login takes it.
        plan.passphraseFile = context.globals.passphraseFile

        let email = values[Keys.email]
        if let email {
            try ServiceRules.checkEmail(email)
            guard values[Keys.passwordStdin] else {
                throw UsageError("The account step needs the password: pass --password-stdin and put it on the first line of standard input.")
            }
        } else if !values[Keys.anonymous] {
            throw UsageError("The account step needs an answer: pass --anonymous, or --email ADDRESS --password-stdin (with --signup for a new account).")
        }

        guard let voiceText = values[Keys.voice] else {
            throw UsageError("The voice step needs an answer: pass --voice CODE (see 'susi voice list').")
        }
        plan.voice = try VoiceChoice.find(voiceText, context)
        plan.speak = values[Keys.speak]

        if let folder = values[Keys.importFolder] {
            try SkillFolder.check(folder, server: server)
            plan.importFolder = folder
        }
        guard values[Keys.yes] else {
            throw UsageError("Nothing was changed: pass --yes to apply these answers (onboarding writes your settings and login).")
        }
        // The password last: every other answer is checked before standard input is read.
        if let email {
            let password = try LoginPassword.read(fromStdin: true, context, prompt: "Password:")
            if values[Keys.signup] {
                try LoginPassword.checkForSignUp(password, email: email)
                plan.account = .signUp(email: email, password: password)
            } else {
                plan.account = .logIn(email: email, password: password)
            }
        } else {
            plan.account = .anonymous
        }
        return plan
    }
}

/// The skills folder answer: a folder that exists, for the embedded SUSI.
enum SkillFolder {
    static func check(_ folder: String, server: String) throws {
        guard ServerChoice(server).isEmbedded else {
            throw UsageError("Skills can only be imported into the embedded SUSI; \(server) keeps its own skills.",
                             hint: "Leave out --import, or use --server local.")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: SkillImport.absolute(folder), isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError(.noInput, "There is no skills folder at \(UntrustedText.line(folder)); nothing was changed.",
                               hint: "Give the folder holding models/ (a copy of the SUSI skill repository) or the models folder itself.")
        }
    }
}
