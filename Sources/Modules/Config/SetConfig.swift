import SusiCLI
import SusiCore

extension ConfigModule {
    static var setCommand: Command {
        Command(
            name: "set",
            abstract: "Change a setting.",
            discussion: "The value is checked before anything is written; the file is replaced atomically and readable only by you.",
            examples: [
                Example("susi config set language de", "Ask and answer in German."),
                Example("susi config set speech.output always", "Speak every chat answer."),
            ],
            arguments: [keyArgument, ArgumentSpec("value", "The new value.", completion: .dynamic("config-values"))],
            run: { invocation, context in
                let key = try knownKey(invocation)
                let value = invocation.values.string("value") ?? ""
                var file = try context.config()
                try file.set(key, to: value)
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
            examples: [Example("susi config unset server", "Go back to the embedded SUSI.")],
            arguments: [keyArgument],
            run: { invocation, context in
                let key = try knownKey(invocation)
                var file = try context.config()
                guard file.unset(key) else {
                    context.note("\(key.name) was not set.")
                    return
                }
                try file.save()
                context.configDidChange(file)
                let fallback = key.defaultValue.map { " (default: \($0))" } ?? ""
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

    /// A value in the file does nothing while the environment overrides it;
    /// say so rather than leave the user wondering.
    static func warnIfShadowed(_ key: ConfigKey, _ context: Context) {
        let variable = key.environmentVariable
        if let value = context.environment[variable], !value.isEmpty {
            context.warn("\(variable)=\(value) is set in the environment and takes precedence over the config file.")
        }
    }
}
