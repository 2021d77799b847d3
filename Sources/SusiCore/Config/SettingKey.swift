import SusiPorts

/// A setting read as what it means, not as the text stored: `true` for
/// `speech.output always`, `.embedded` for `server local`. Commands compare
/// these values, never the setting's words; the words live here, once,
/// beside the table in `ConfigKey` (or, for a module's setting, beside
/// its key in the module).
public struct SettingKey<Value: Sendable>: Sendable {
    public let key: ConfigKey
    let decode: @Sendable (String?) -> Value

    public init(_ key: ConfigKey, decode: @escaping @Sendable (String?) -> Value) {
        self.key = key
        self.decode = decode
    }
}

/// Which SUSI answers: the embedded one (the setting's `local`) or a
/// server at a URL. Not to be confused with the embedded SUSI's anonymous
/// rater, whose stored name is also "local" (`Identity.unnamedUser`).
public enum ServerChoice: Sendable, Equatable {
    case embedded
    case url(String)

    /// The word the `server` setting and `--server` take for the embedded SUSI.
    public static let embeddedName = "local"

    public init(_ name: String) {
        self = name == Self.embeddedName ? .embedded : .url(name)
    }

    /// The setting's spelling: "local" or the URL; what credentials,
    /// sessions and caches are keyed by.
    public var name: String {
        switch self {
        case .embedded: return Self.embeddedName
        case let .url(url): return url
        }
    }

    public var isEmbedded: Bool { self == .embedded }
}

/// The words of `speech.output`.
public enum SpokenAnswers: String, Sendable, CaseIterable {
    case never, always
}

/// The words of `network`.
public enum NetworkAccess: String, Sendable, CaseIterable {
    case on, off
}

extension SettingKey where Value: RawRepresentable, Value.RawValue == String {
    /// A setting of a few words read as the enum whose raw values are
    /// those words (the key's `.choice`); `fallback` when unset.
    public init(choice key: ConfigKey, fallback: Value) {
        self.init(key) { $0.flatMap(Value.init(rawValue:)) ?? fallback }
    }
}

extension SettingKey where Value == ServerChoice {
    public static var server: SettingKey { SettingKey(.server) { ServerChoice($0 ?? ServerChoice.embeddedName) } }
}

extension SettingKey where Value == Bool {
    /// `speech.output`: whether chat answers are spoken.
    public static var speaksAnswers: SettingKey {
        SettingKey(.speechOutput) { $0.flatMap(SpokenAnswers.init(rawValue:)) == .always }
    }
    /// `network`: whether skills may go online.
    public static var online: SettingKey { SettingKey(.network) { $0.flatMap(NetworkAccess.init(rawValue:)) != .off } }
}

extension SettingKey where Value == Double {
    /// `speech.rate` on the apps' scale (normal when unreadable).
    public static var speechRate: SettingKey { SettingKey(.speechRate) { $0.flatMap(Double.init) ?? SpeechScale.normal } }
    /// `speech.pitch` on the apps' scale.
    public static var speechPitch: SettingKey { SettingKey(.speechPitch) { $0.flatMap(Double.init) ?? SpeechScale.normal } }
}

extension SettingKey where Value == UnitSystem? {
    /// `units`, when set or given by the locale (nil: the caller's fallback).
    public static var units: SettingKey { SettingKey(.units) { $0.flatMap(UnitSystem.init(rawValue:)) } }
}

extension SettingKey where Value == String? {
    public static var voice: SettingKey { SettingKey(.voice) { $0 } }
    public static var room: SettingKey { SettingKey(.room) { $0 } }
    public static var location: SettingKey { SettingKey(.location) { $0 } }
    public static var language: SettingKey { SettingKey(.language) { $0 } }
}

extension Settings {
    public func value<Value>(_ setting: SettingKey<Value>) throws -> Value {
        setting.decode(try value(setting.key))
    }
}

extension ConfigFile {
    /// The value the file itself holds for `setting`, read as what it means
    /// (the default's meaning when the file does not set it).
    public func value<Value>(_ setting: SettingKey<Value>) -> Value {
        setting.decode(value(for: setting.key))
    }
}
