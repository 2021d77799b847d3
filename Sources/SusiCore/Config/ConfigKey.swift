import Foundation
import SusiCLI
import SusiPorts

/// One setting: its name, meaning, default, allowed values and the
/// environment variable that overrides it. The settings several modules
/// read are below (`shared`); a setting one module reads is declared in
/// that module (`CommandModule.settings`). The installed table
/// (`SettingsTable`) is the single source for `config` help, validation,
/// `config list` and `help environment`.
public struct ConfigKey: Sendable {
    public var name: String
    public var abstract: String
    /// Nil when the setting has no default (e.g. no room chosen yet).
    public var defaultValue: String?
    public var kind: ValueKind
    /// Stored as a JSON number rather than a string.
    public var isNumeric: Bool
    /// Converts a value an older susi stored (in other units) into this
    /// one's, or nil when it is no such value. Applied when the config file
    /// is read, so an old file keeps working and is rewritten on the next save.
    public var legacy: (@Sendable (String) -> String?)?
    /// For a setting that follows the locale when nothing sets it (language,
    /// units): the locale's value and the variable that gave it, or nil
    /// when the locale says nothing usable (then the default applies).
    public var locale: (@Sendable ([String: String]) -> (value: String, variable: String)?)?
    /// For a module's setting: the setting `config list` shows it after
    /// (nil: after the others). Only the order of listings depends on it.
    public var listedAfter: String?

    public init(_ name: String, _ abstract: String, default defaultValue: String?, kind: ValueKind,
                legacy: (@Sendable (String) -> String?)? = nil,
                locale: (@Sendable ([String: String]) -> (value: String, variable: String)?)? = nil,
                listedAfter: String? = nil) {
        self.listedAfter = listedAfter
        self.name = name
        self.abstract = abstract
        self.defaultValue = defaultValue
        self.kind = kind
        self.legacy = legacy
        self.locale = locale
        switch kind {
        case .integer, .number: isNumeric = true
        default: isNumeric = false
        }
    }

    /// `SUSI_SPEECH_RATE` for `speech.rate`.
    public var environmentVariable: String {
        // Without Foundation's replacingOccurrences: every process builds the
        // settings table, and NSString bridging was a twentieth of a one-shot chat.
        "SUSI_" + String(name.uppercased().map { $0 == "." ? "_" : $0 })
    }

    /// Nil when `value` is acceptable, else what was expected.
    public func problem(with value: String) -> String? {
        kind.problem(with: value)
    }

    /// "a URL or 'local'", "one of never, always" ...
    public var allowedDescription: String {
        kind.summary ?? "any text"
    }
}

extension ConfigKey {
    /// The `location` setting as numbers, when it is set and valid.
    public static func coordinates(_ value: String?) -> (latitude: Double, longitude: Double)? {
        guard let parts = value?.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }), parts.count == 2,
              let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        return (latitude, longitude)
    }

    public static let server = ConfigKey(
        "server", "The SUSI server to talk to: 'local' for the embedded SUSI, or a server URL such as https://api.susi.ai.",
        default: "local", kind: .custom(name: "'local' or an http(s) URL", validate: Validators.server))
    public static let language = ConfigKey(
        "language", "The language of queries and answers, as an ISO 639-1 code (en, de, fr...); when unset, taken from the locale (the first of LC_ALL, LC_MESSAGES and LANG that is set, when it names a known language).",
        default: "en", kind: .custom(name: "an ISO 639-1 language code such as en, de or pt-BR", validate: Validators.language),
        locale: LocaleLanguage.of)
    public static let voice = ConfigKey(
        "voice", "SUSI's voice: a language code such as en-US or an espeak-ng voice name (see 'susi voice list'); when unset, each answer's language picks it.",
        default: nil, kind: .custom(name: "a voice code such as en-US or an espeak-ng voice name", validate: Validators.voice))
    public static let speechOutput = ConfigKey(
        "speech.output", "Whether chat answers are spoken aloud.",
        default: SpokenAnswers.never.rawValue, kind: .choice(SpokenAnswers.allCases.map(\.rawValue)))
    public static let speechRate = ConfigKey(
        "speech.rate", "Speaking rate on the SUSI apps' scale, 0.5 to 2.0 (1.0 normal, 175 words per minute).",
        default: "1.0", kind: .number(min: SpeechScale.minimum, max: SpeechScale.maximum),
        legacy: SpeechScale.legacyRate)
    public static let speechPitch = ConfigKey(
        "speech.pitch", "Voice pitch on the SUSI apps' scale, 0.5 to 2.0 (1.0 normal).",
        default: "1.0", kind: .number(min: SpeechScale.minimum, max: SpeechScale.maximum),
        legacy: SpeechScale.legacyPitch)
    public static let room = ConfigKey(
        "room", "The room this device is in, used by device setup and room commands.",
        default: nil, kind: .custom(name: "a room name of 1 to 64 characters", validate: Validators.room))
    public static let location = ConfigKey(
        "location", "Where you are, for the weather and other answers that depend on it: a place name such as Berlin, or latitude,longitude in degrees (sent with chat queries).",
        default: nil, kind: .custom(name: "a place name such as Berlin, or latitude,longitude such as 52.52,13.40", validate: Validators.location))
    public static let color = ConfigKey(
        "color", "When to use colour: auto (only on a terminal), always or never. NO_COLOR and --color take precedence.",
        default: "auto", kind: .choice(ColorChoice.allCases.map(\.rawValue)))

    public static let units = ConfigKey(
        "units", "Units for the weather: metric (°C, km/h) or imperial (°F, mph); when unset, taken from the locale (the first of LC_ALL, LC_MEASUREMENT and LANG that is set).",
        default: "metric", kind: .choice(UnitSystem.allCases.map(\.rawValue)),
        locale: { environment in UnitSystem.locale(environment).map { ($0.units.rawValue, $0.variable) } })
    public static let weatherURL = ConfigKey(
        "weather.url", "The forecast service the weather skill asks (Open-Meteo's forecast API or one that answers like it).",
        default: "https://api.open-meteo.com/v1/forecast", kind: .custom(name: "an http(s) URL", validate: Validators.serviceURL))
    public static let geocodingURL = ConfigKey(
        "geocoding.url", "The service the weather skill asks to find a place by name (Open-Meteo's geocoding API or one that answers like it).",
        default: "https://geocoding-api.open-meteo.com/v1/search", kind: .custom(name: "an http(s) URL", validate: Validators.serviceURL))
    public static let pager = ConfigKey(
        "pager", "The program long output on a terminal goes through, such as 'less -FRX' (split at spaces, never run by a shell); 'cat' for none. Before PAGER; --no-pager turns it off for one command.",
        default: nil, kind: .custom(name: "a command such as 'less -FRX'", validate: Validators.pager))

    public static let network = ConfigKey(
        "network", "Whether skills may go online: on lets a skill's console fetch its URL; off refuses every fetch and says which skill needed which host ('susi --offline' for one command).",
        default: NetworkAccess.on.rawValue, kind: .choice(NetworkAccess.allCases.map(\.rawValue)))

    /// The settings several modules (or SusiCore) read, in the order
    /// `config list` shows them; modules' settings are placed among them.
    public static let shared: [ConfigKey] = [
        server, language, location, voice, speechOutput, speechRate, speechPitch, room, color,
        units, weatherURL, geocodingURL, pager, network,
    ]

    /// Every setting, in the order `config list` shows them (the table the
    /// host installed: see `SettingsTable`).
    public static var all: [ConfigKey] { SettingsTable.keys }

    public static func named(_ name: String) -> ConfigKey? {
        all.first { $0.name == name }
    }
}
