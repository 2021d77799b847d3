import SusiBasics
import SusiCore

extension ConfigKey {
    public static let speaker = ConfigKey(
        "speaker", "The SUSI smart speaker's setup address: a host, host:port or http URL.",
        default: "10.0.0.1", kind: .custom(name: "a host, host:port or http URL", validate: speakerProblem),
        listedAfter: ConfigKey.room.name)

    /// A host, host:port or http(s) URL without a path, user name or password.
    static func speakerProblem(_ value: String) -> String? {
        let expected = "expected a host, host:port or http URL such as 10.0.0.1 or http://127.0.0.1:7070"
        if value.contains("://") {
            guard let url = URLParts(value), url.scheme == "http" || url.scheme == "https", !url.host.isEmpty else {
                return expected
            }
            return url.hasUserinfo ? "expected a URL without a user name or password" : nil
        }
        guard let url = URLParts("http://" + value), !url.host.isEmpty, url.path.isEmpty, !url.hasUserinfo else { return expected }
        return nil
    }
}

extension SettingKey where Value == String? {
    public static var speaker: SettingKey { SettingKey(.speaker) { $0 } }
}

/// What device declares to the host: the speaker's address, and how far a setup got.
extension DeviceModule {
    public static var settings: [ConfigKey] { [.speaker] }

    public static func files(_ paths: Paths) -> [ReferenceEntry] {
        [ReferenceEntry(paths.deviceSetupFile, "How far 'susi device setup' got (speaker address and era, room, Wi-Fi name, steps done; never a password), for --resume; removed when the setup is complete.",
                        after: paths.onboardHintFile)]
    }
}
