extension Context {
    /// The base code of the `language` setting ("pt" for "pt-BR"), nil when unset.
    public func configuredLanguage() throws -> String? {
        try setting(.language).map { String($0.prefix { $0 != "-" }) }
    }

    /// The `language` setting, else the language part of LC_ALL, LC_MESSAGES
    /// or LANG, else English.
    public func userLanguage() throws -> String {
        if let configured = try configuredLanguage() { return configured }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty, value != "C", value != "POSIX" else { continue }
            let code = value.prefix { $0.isLetter }.lowercased()
            if (2...3).contains(code.count) { return code }
        }
        return "en"
    }

    /// The language the skill catalogue is shown in: the `language` setting,
    /// else English (the bundled skills are English), whatever LANG says.
    public func catalogueLanguage() throws -> String {
        try configuredLanguage() ?? "en"
    }
}
