/// Where a setting's effective value came from.
public enum SettingSource: Equatable, Sendable {
    case commandLine(String)
    case environment(String)
    case configFile
    /// The locale variable (LANG, LC_ALL ...) a setting that follows the locale took its value from.
    case locale(String)
    case defaultValue
    case unset

    public var label: String {
        switch self {
        case let .commandLine(flag): return flag
        case let .environment(variable): return variable
        case .configFile: return "config"
        case let .locale(variable): return variable
        case .defaultValue: return "default"
        case .unset: return "unset"
        }
    }
}
