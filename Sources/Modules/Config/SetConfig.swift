import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore

extension ConfigModule {
    static let valueArgument = ArgumentKey.required("value", "The new value.", completion: .dynamic(values))

    /// `susi config set KEY <Tab>`: that setting's values.
    static let values = DynamicCompletion.provider("config-values") { request, context in
        guard let name = request.positionals.first, let key = ConfigKey.named(name) else { return [] }
        if let values = key.kind.allowedValues { return values.map { CompletionCandidate($0) } }
        switch key.name {
        case ConfigKey.server.name: return [CompletionCandidate(ServerChoice.embeddedName, "the embedded SUSI")]
        case ConfigKey.voice.name: return DynamicCompletion.voiceCodes(context)
        case ConfigKey.room.name: return Completions.roomNames(context)
        case ConfigKey.language.name:
            // The catalogue's languages that the setting accepts (an imported folder may be named "fl").
            return try Completions.isLocal(context)
                ? try context.service().languages().filter(LanguageCodes.isKnown).map { CompletionCandidate($0) } : []
        case ConfigKey.speechRate.name, ConfigKey.speechPitch.name:
            return ["0.5", "0.75", "1.0", "1.25", "1.5", "2.0"].map { CompletionCandidate($0) }
        default: return []
        }
    }

    static var setCommand: Command {
        Command(
            name: "set",
            abstract: "Change a setting.",
            discussion: """
            The value is checked before anything is written (a language against the ISO 639-1 codes, \
            a voice against the installed voices, each with "did you mean"); the file is replaced \
            atomically and readable only by you. It works even when the file holds an invalid value, for this \
            setting or another: that one is replaced (or kept as it is, with a warning), so susi \
            can always repair its own file. When the installed voices cannot be read (no espeak-ng), \
            a voice is accepted with a warning.
            """,
            examples: [
                Example("susi config set language de", "Ask and answer in German."),
                Example("susi config set speech.output always", "Speak every chat answer."),
                Example("susi config set voice en-GB", "Speak with an installed British English voice (see 'susi voice list')."),
            ],
            arguments: [keyArgument.spec, valueArgument.spec],
            run: { invocation, context in
                let key = try knownKey(invocation)
                let value = invocation.values[valueArgument]
                var file = try repairableConfig(context, changing: key)
                try file.set(key, to: value)
                if key.name == ConfigKey.voice.name, let problem = installedVoiceProblem(value, context) {
                    throw UsageError(problem)
                }
                try file.save()
                context.configDidChange(file)
                context.note("Set \(key.name) to \(value).")
                warnIfShadowed(key, context)
                AccountVoiceSettings.sync([key], from: file, context)
            })
    }

    static var unsetCommand: Command {
        Command(
            name: "unset",
            abstract: "Remove a setting from the config file, restoring its default.",
            discussion: "Works even when the stored value is invalid (that is how to repair it); other invalid values are kept as they are, with a warning.",
            examples: [Example("susi config unset server", "Go back to the embedded SUSI.")],
            arguments: [keyArgument.spec],
            run: { invocation, context in
                let key = try knownKey(invocation)
                var file = try repairableConfig(context, changing: key)
                guard file.unset(key) else {
                    context.note("\(key.name) was not set.")
                    return
                }
                try file.save()
                context.configDidChange(file)
                var fallback = key.defaultValue.map { " (default: \($0))" } ?? ""
                if let locale = key.locale?(context.environment) { fallback = " (now \(locale.value), from \(locale.variable))" }
                context.note("Unset \(key.name)\(fallback).")
                warnIfShadowed(key, context)
                AccountVoiceSettings.sync([key], from: file, context)
            })
    }

    static var pathCommand: Command {
        Command(
            name: "path",
            abstract: "Print the path of the config file.",
            run: { _, context in
                if context.globals.json {
                    try context.printJSON(["path": context.paths.configFile])
                } else {
                    context.stdout.line(context.paths.configFile)
                }
            })
    }

    /// The config file for `set` and `unset`: invalid values do not stop
    /// them. The one being changed is replaced; each other one is a
    /// warning and stays in the file as it was.
    static func repairableConfig(_ context: Context, changing key: ConfigKey) throws -> ConfigFile {
        let (file, invalid) = try ConfigFile.loadForRepair(path: context.paths.configFile)
        for problem in invalid {
            if problem.key == key.name {
                context.warn("\(file.path) had \(problem.problem) for '\(problem.key)'; replacing it.")
            } else {
                context.warn("\(file.path) has \(problem.problem) for '\(problem.key)'; kept as it is. Repair it with 'susi config set \(ShellQuote.word(problem.key)) VALUE' or 'susi config unset \(ShellQuote.word(problem.key))'.")
            }
        }
        return file
    }

    /// A value in the file does nothing while the environment overrides it;
    /// say so rather than leave the user wondering.
    static func warnIfShadowed(_ key: ConfigKey, _ context: Context) {
        let variable = key.environmentVariable
        if let value = context.environment[variable], !value.isEmpty {
            context.warn("\(variable)=\(value) is set in the environment and takes precedence over the config file.")
        }
    }

    /// Nil when `voice` names an installed voice, else why not (with the
    /// closest voices). When the installed voices cannot be read, the voice
    /// is accepted with a warning: a machine without espeak-ng can still
    /// keep a voice for the account and other machines.
    static func installedVoiceProblem(_ voice: String, _ context: Context) -> String? {
        do {
            return try context.services.makers.voiceProblem(context, voice)
        } catch {
            let reason = (error as? ReportableError)?.message ?? "\(error)"
            context.warn("Could not check the voice '\(UntrustedText.line(voice))' against the installed voices (\(reason)); accepting it unchecked.")
            return nil
        }
    }
}
