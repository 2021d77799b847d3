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
            let code = String(value.prefix { $0.isLetter }).lowercased()
            let rest = value.dropFirst(code.count)
            guard rest.isEmpty || rest.first == "_" || rest.first == "." || rest.first == "@",
                  LanguageCodes.isKnown(code) else { return nil }
            return (code, variable)
        }
        return nil
    }
}
