import SusiBasics
import SusiCore

/// What `susi shell` does with a line that is no command.
public enum ShellFallback: String, Sendable, CaseIterable {
    case chat, error
}

extension ConfigKey {
    public static let shellFallback = ConfigKey(
        "shell.fallback", "What susi shell does with a line that is not a command: chat (ask SUSI) or error.",
        default: ShellFallback.chat.rawValue, kind: .choice(ShellFallback.allCases.map(\.rawValue)), listedAfter: ConfigKey.network.name)
}

extension SettingKey where Value == ShellFallback {
    public static var shellFallback: SettingKey { SettingKey(choice: .shellFallback, fallback: .chat) }
}

/// What the shell declares to the host: its setting, its variable, its file.
extension ShellModule {
    public static var settings: [ConfigKey] { [.shellFallback] }

    public static var environment: [ReferenceEntry] {
        [ReferenceEntry(ShellHistory.variable, "Where 'susi shell' keeps its history instead of the state folder; set but empty, no history is kept.",
                        after: "SUSI_PASSPHRASE")]
    }

    public static func files(_ paths: Paths) -> [ReferenceEntry] {
        [ReferenceEntry(paths.historyFile, "Lines typed in 'susi shell' (never one that could carry a secret), for line editing; mode 0600. \(ShellHistory.variable) moves it.",
                        after: paths.chatHistoryFile)]
    }
}
