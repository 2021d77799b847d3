import SusiBasics
import SusiCLI
import SusiPorts

/// Effective settings: a command-line flag beats its environment variable,
/// which beats the config file, which beats the locale (for the settings
/// that follow it: language, units), which beats the default.
public struct Settings: Sendable {
    public var file: ConfigFile
    public var environment: [String: String]
    /// Values given by global options, keyed by setting name, with the flag spelling.
    public var overrides: [String: (value: String, flag: String)]

    public init(file: ConfigFile, environment: [String: String], overrides: [String: (value: String, flag: String)] = [:]) {
        self.file = file
        self.environment = environment
        self.overrides = overrides
    }

    /// The value and its source. An invalid value in the environment is a
    /// configuration error (exit 78) naming the variable.
    public func resolve(_ key: ConfigKey) throws -> (value: String?, source: SettingSource) {
        if let override = overrides[key.name] {
            return (override.value, .commandLine(override.flag))
        }
        let variable = key.environmentVariable
        if let raw = environment[variable], !raw.isEmpty {
            if key.problem(with: raw) != nil, let converted = key.legacy?(raw), key.problem(with: converted) == nil {
                return (converted, .environment(variable))
            }
            if let problem = key.problem(with: raw) {
                throw ConfigError("\(variable) has an invalid value \(URLParts.quotedUnlessSecret(raw)) for '\(key.name)': \(problem).")
            }
            return (raw, .environment(variable))
        }
        if let value = file.value(for: key) { return (value, .configFile) }
        if let fromLocale = key.locale?(environment) { return (fromLocale.value, .locale(fromLocale.variable)) }
        if let value = key.defaultValue { return (value, .defaultValue) }
        return (nil, .unset)
    }

    public func value(_ key: ConfigKey) throws -> String? {
        try resolve(key).value
    }
}
