import SusiCLI
import SusiCore

extension ConfigModule {
    static var listCommand: Command {
        Command(
            name: "list",
            aliases: ["ls"],
            abstract: "Show every setting with its value and source.",
            discussion: "Piped, each line is KEY<TAB>VALUE<TAB>SOURCE; an unset value is empty.",
            examples: [Example("susi config list --json", "Settings as JSON, for scripts.")],
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
