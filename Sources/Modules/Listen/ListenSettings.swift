import SusiCore

extension ConfigKey {
    public static let listenHotword = ConfigKey(
        "listen.hotword", "The word 'susi listen' waits for before it listens to a query (one to three English words).",
        default: "susi", kind: .custom(name: "one to three English words such as susi", validate: hotwordProblem))

    /// One to three words of letters (and apostrophes), as the recogniser's dictionary spells them.
    static func hotwordProblem(_ value: String) -> String? {
        let words = value.split(separator: " ", omittingEmptySubsequences: false)
        guard (1...3).contains(words.count), value.count <= 40,
              words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "'") } }) else {
            return "expected one to three English words separated by single spaces, such as susi or hey susi"
        }
        return nil
    }
}

extension SettingKey where Value == String {
    /// `listen.hotword`: the words hands-free listening waits for.
    public static var listenHotword: SettingKey { SettingKey(.listenHotword) { $0 ?? "susi" } }
}

/// What listen declares to the host: the hotword setting.
extension ListenModule {
    public static var settings: [ConfigKey] { [.listenHotword] }
}
