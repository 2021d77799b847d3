import SusiCLI
import SusiCore

/// `susi config`: view and change settings.
public enum ConfigModule: CommandModule {
    public static var command: Command {
        Command(
            name: "config",
            abstract: "View and change susi's settings.",
            discussion: """
            Settings live in a JSON file (see 'susi config path'; 'susi config edit' opens it in your \
            editor and checks it before saving). For each setting, a command-line flag beats its \
            environment variable, which beats the file, which beats the locale (language follows \
            LC_ALL, LC_MESSAGES or LANG; units LC_ALL, LC_MEASUREMENT or LANG), which beats the \
            default. 'susi config list' shows which one each value comes from.

            SETTINGS:
            \(settingsTable)
            """,
            examples: [
                Example("susi config list", "Show every setting, its value and where the value comes from."),
                Example("susi config set server http://127.0.0.1:4000", "Use the SUSI server at that address."),
                Example("susi config set speech.rate 1.25", "Speak answers a little faster (219 words per minute)."),
                Example("susi config unset room", "Forget the room."),
                Example("susi config edit", "Edit every setting at once in $VISUAL or $EDITOR."),
            ],
            subcommands: [listCommand, getCommand, setCommand, unsetCommand, editCommand, pathCommand])
    }

    static var settingsTable: String {
        ConfigKey.all.map { key in
            var line = "  \(key.name): \(key.abstract) Accepts \(key.allowedDescription)."
            if let value = key.defaultValue { line += " Default: \(value)." }
            line += " Environment: \(key.environmentVariable)."
            return line
        }.joined(separator: "\n")
    }

    static var keyArgument: ArgumentKey<String> {
        .required("key", "The setting's name.", kind: .choice(ConfigKey.all.map(\.name)), completion: .dynamic(keys))
    }

    static let keys = DynamicCompletion.provider("config-keys") { _, _ in
        ConfigKey.all.map { CompletionCandidate($0.name, $0.abstract) }
    }
}
