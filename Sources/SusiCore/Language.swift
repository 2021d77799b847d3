extension Context {
    /// The base code of the `language` setting ("pt" for "pt-BR") when a
    /// flag, the environment or the config file sets it; nil otherwise
    /// (the locale and the default do not count here).
    public func configuredLanguage() throws -> String? {
        let (value, source) = try settings().resolve(.language)
        switch source {
        case .commandLine, .environment, .configFile: return value.map(LanguageCodes.base)
        case .locale, .defaultValue, .unset: return nil
        }
    }

    /// The language of queries: the `language` setting, else the locale's
    /// language (LC_ALL, LC_MESSAGES, LANG; see `LocaleLanguage`), else English.
    public func userLanguage() throws -> String {
        try setting(.language).map(LanguageCodes.base) ?? "en"
    }

    /// The language the skill catalogue is shown in: the `language` setting,
    /// else English (the bundled skills are English), whatever LANG says.
    public func catalogueLanguage() throws -> String {
        try configuredLanguage() ?? "en"
    }
}

/// The language the locale names. As POSIX has it, the first of LC_ALL,
/// LC_MESSAGES and LANG that is set decides; its language part ("de" in
/// "de_DE.UTF-8") counts when it is a known ISO 639-1 code. C, POSIX and
/// anything else name no language (then `language` is its default, en).
public enum LocaleLanguage {
    public static func of(_ environment: [String: String]) -> (value: String, variable: String)? {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            // The code's letters as ASCII bytes: every ISO 639-1 code is
            // ASCII, and any other letter after them ends the code where no
            // code may end (Character.isLetter loaded Unicode's tables first,
            // a fortieth of a one-shot chat).
            let letters = value.utf8.prefix { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
            let code = String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self)
            let next = value.utf8.dropFirst(letters.count).first
            guard next == nil || next == 0x5F || next == 0x2E || next == 0x40,  // _ . @
                  LanguageCodes.isKnown(code) else { return nil }
            return (code, variable)
        }
        return nil
    }
}
