import SusiBasics
import SusiCore
import SusiPorts

extension ConfigKey {
    public static let serveStore = ConfigKey(
        "serve.store", "Where 'susi serve' keeps accounts, ratings, settings, devices and conversation memory: 'local' (the embedded database) or a postgresql:// URL without a password (libpq reads it from ~/.pgpass or PGPASSFILE).",
        default: "local", kind: .custom(name: "'local' or a postgresql:// URL without a password", validate: StoreAddress.settingProblem),
        listedAfter: ConfigKey.network.name)
}

extension SettingKey where Value == String? {
    public static var serveStore: SettingKey { SettingKey(.serveStore) { $0 } }
}

/// What serve declares to the host: where it keeps what people write.
extension ServeModule {
    public static var settings: [ConfigKey] { [.serveStore] }

    /// The store `--store`, else `SUSI_SERVE_STORE` or the setting, names:
    /// nil for the embedded database. A password in it is refused without repeating it.
    static func store(option: String?, _ context: Context) throws -> String? {
        let value = try option ?? context.setting(.serveStore) ?? "local"
        if value == "local" { return nil }
        return try StoreAddress(value).conninfo
    }
}
