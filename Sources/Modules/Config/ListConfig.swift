import SusiCLI
import SusiCore

extension ConfigModule {
    static var listCommand: Command {
        Command(
            name: "list",
            aliases: ["ls"],
            abstract: "Show every setting with its value and source.",
            discussion: """
            SOURCE says where each value comes from: a command-line flag (--server, --color, --offline), \
            an environment variable (SUSI_SERVER...), config (the config file), the locale variable \
            that gave language or units (LC_ALL, LC_MESSAGES, LC_MEASUREMENT, LANG), default, or unset. \
            Piped, each line is KEY<TAB>VALUE<TAB>SOURCE; an unset value is empty. --json gives key, \
            value, source, default and description for each setting.
            """,
            examples: [
                Example("susi config list --json", "Settings as JSON, for scripts."),
                Example("susi config get language --json", "The language and its source: a setting, LC_ALL, LC_MESSAGES, LANG or the default (en)."),
            ],
            run: { _, context in try listSettings(context) })
    }

    struct SettingRow: Encodable, Equatable {
        var key: String
        @NullWhenAbsent var value: String?
        var source: String
        @NullWhenAbsent var defaultValue: String?
        var description: String

        enum CodingKeys: String, CodingKey {
            case key, value, source, defaultValue = "default", description
        }
    }

    static func row(_ key: ConfigKey, _ settings: Settings) throws -> SettingRow {
        let (value, source) = try settings.resolve(key)
        return SettingRow(key: key.name, value: value, source: source.label, defaultValue: key.defaultValue,
                          description: key.abstract)
    }

    static func listSettings(_ context: Context) throws {
        let settings = try context.settings()
        let rows = try ConfigKey.all.map { try row($0, settings) }
        if context.globals.json {
            try context.printJSON(rows)
            return
        }
        context.printTable(Table(columns: ["Key", "Value", "Source"],
                                 rows: rows.map { [$0.key, $0.value ?? "", $0.source] }))
        let unknown = settings.file.unknownKeys
        if !unknown.isEmpty {
            context.warn("\(settings.file.path) has settings this version does not know (kept as they are): \(unknown.joined(separator: ", ")).")
        }
    }
}
