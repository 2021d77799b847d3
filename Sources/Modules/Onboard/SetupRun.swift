import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts
import SusiReply

/// Applies a confirmed plan, step by step in the set-up's order. A step
/// that fails stops the run with its name; nothing after it is applied.
enum SetupRun {
    /// What was set, for the closing summary (and `--json`).
    struct Summary: Encodable {
        var server: String
        var serverAnswer: String
        var account: String
        var voice: String?
        var speak: Bool
        var importedSkills: Int?
        var importedIntents: Int?
        var next: [String]
    }

    static let nextCommands = [
        "susi chat \"what can you do?\"",
        "susi skills search joke",
        "susi voice say \"Hello, I am SUSI\"",
    ]

    static func apply(_ plan: SetupPlan, _ context: Context) throws {
        // The chosen server for every step, whatever the config says until step 1 saved it.
        let target = SetupContext.forServer(plan.server, context)
        var applied: [String] = []

        let answer = try step(1, "server", applied) { () -> String in
            let reply = try ServerCheck.ask(target)
            var file = try ConfigFile.load(path: target.paths.configFile)
            if file.value(for: .server).map(ServerChoice.init) != ServerChoice(plan.server) {
                try file.set(.server, to: plan.server)
                try save(file, target)
            }
            return reply
        }
        context.note("1/4 Server: \(plan.server); asked 'hello', it answered: \(UntrustedText.line(answer))")
        applied.append("server")

        let account = try step(2, "account", applied) { () -> String in
            switch plan.account {
            case .keep:
                return try SetupPlan.Current.read(target).account ?? "anonymous"
            case .anonymous:
                if let still = try SetupPlan.Current.read(target).account {
                    context.note("You are still logged in as \(still) on \(plan.server); 'susi logout' ends it.")
                    return still
                }
                return "anonymous"
            case let .logIn(email, password), let .signUp(email, password):
                var signUp = false
                if case .signUp = plan.account { signUp = true }
                try LoginFlow.logIn(LoginFlow.Request(email: email, password: password, signUp: signUp,
                                                      machineKey: plan.machineKey, passphraseFile: plan.passphraseFile,
                                                      offerUnlock: false), target)
                return email
            }
        }
        context.note("2/4 Account: \(account).")
        applied.append("account")

        let speak = try step(3, "voice", applied) { () -> Bool in
            var file = try ConfigFile.load(path: target.paths.configFile)
            var changed: [ConfigKey] = []
            if let voice = plan.voice, file.value(SettingKey.voice) != voice.stored {
                try file.set(.voice, to: voice.stored)
                changed.append(.voice)
            }
            if let speak = plan.speak {
                try file.set(.speechOutput, to: (speak ? SpokenAnswers.always : .never).rawValue)
                changed.append(.speechOutput)
            }
            if !changed.isEmpty {
                try save(file, target)
                AccountVoiceSettings.sync(changed, from: file, target)
            }
            return try target.setting(.speaksAnswers)
        }
        let voice = try target.setting(.voice)
        context.note("3/4 Voice: \(voice ?? "from each answer's language"); answers \(speak ? "spoken aloud" : "not spoken").")
        applied.append("voice")

        var report: SkillImportReport?
        if let folder = plan.importFolder {
            report = try step(4, "skills", applied) { try SkillImport.run(folder, target, progress: true) }
            if let report {
                context.note("4/4 Skills: imported \(TextLayout.counted(report.skills, "skill")) with \(TextLayout.counted(report.intents, "intent")) from \(UntrustedText.line(folder)).")
                if report.failedFiles > 0 {
                    context.warn("\(TextLayout.counted(report.failedFiles, "file")) could not be imported (listed above); the rest was.")
                }
            }
        } else {
            context.note("4/4 Skills: nothing imported.")
        }
        applied.append("skills")

        try step(5, "finish", applied) {
            var file = try ConfigFile.load(path: target.paths.configFile)
            try file.set(.onboarded, to: Onboarded.yes.rawValue)
            try save(file, target)
        }

        let summary = Summary(server: plan.server, serverAnswer: answer, account: account, voice: voice, speak: speak,
                              importedSkills: report?.skills, importedIntents: report?.intents, next: nextCommands)
        if context.globals.json {
            try context.printJSON(summary)
            return
        }
        print(summary, context)
        // Last, once everything is applied: the passphrase typed for the
        // login is not asked again by the next commands (decision 0432).
        if let vault = CredentialAccess.vaultWithoutAsking(target) {
            CredentialAccess.offerToKeepUnlocked(vault, target)
        }
    }

    static func print(_ summary: Summary, _ context: Context) {
        let out = context.stdout
        let style = context.style
        out.line(style.bold("susi is set up."))
        out.line("  Server:   \(summary.server)")
        out.line("  Account:  \(summary.account)")
        out.line("  Voice:    \(summary.voice ?? "from each answer's language"), answers \(summary.speak ? "spoken aloud" : "not spoken")")
        if let skills = summary.importedSkills {
            out.line("  Skills:   \(skills) imported")
        }
        out.line("")
        out.line("Try next:")
        for command in summary.next { out.line("  " + style.cyan(command)) }
    }

    static func save(_ file: ConfigFile, _ context: Context) throws {
        try file.save()
        context.configDidChange(file)
    }

    /// Runs one step; a failure names the step, what was applied before it
    /// and that nothing after it was, with the underlying exit status.
    @discardableResult
    static func step<T>(_ number: Int, _ name: String, _ applied: [String], _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SilentExit {
            throw error
        } catch {
            let reportable = error as? ReportableError
            let before = applied.isEmpty ? "Nothing was changed" : "Applied before it: \(applied.joined(separator: ", ")); nothing after it was changed"
            let hint = [reportable?.hint, "\(before). Run 'susi onboard' again once it is fixed."].compactMap { $0 }.joined(separator: " ")
            throw CommandError(reportable?.exitCode ?? .failure,
                               "Step \(number) (\(name)) failed: \(reportable?.message ?? ServiceError.plainReason(error))",
                               hint: hint)
        }
    }
}

/// The context the set-up's steps run in: the same streams and scope, with
/// the chosen server in force before the config says so.
enum SetupContext {
    static func forServer(_ server: String, _ context: Context) -> Context {
        // --server already decides for this command line.
        if context.globals.server != nil { return context }
        var environment = context.environment
        environment[ConfigKey.server.environmentVariable] = server
        return Context(io: context.io, environment: environment, invocation: context.invocation, now: context.now,
                       services: context.services)
    }
}

/// The server step's real request: 'hello', as a chat query, and the answer.
enum ServerCheck {
    static func ask(_ context: Context) throws -> String {
        let service = try context.service()
        let reply = try service.chat(ChatTurn.request("hello", language: try context.userLanguage(), context: context), token: nil)
        let text = reply.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "(an empty answer)" : text
    }
}
