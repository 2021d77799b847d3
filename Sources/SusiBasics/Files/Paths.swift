#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where susi keeps its files, following the XDG base directory spec.
/// `SUSI_HOME` moves everything under one folder (handy for tests and for
/// keeping several identities apart).
public struct Paths: Sendable, Equatable {
    /// Holds `config.json`.
    public var configDirectory: String
    /// Holds the database, the credential file and the machine key.
    public var dataDirectory: String
    /// Holds the session, shell history and setup progress.
    public var stateDirectory: String
    /// Holds caches that are safe to delete.
    public var cacheDirectory: String

    public init(configDirectory: String, dataDirectory: String, stateDirectory: String, cacheDirectory: String) {
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
        self.stateDirectory = stateDirectory
        self.cacheDirectory = cacheDirectory
    }

    public init(environment: [String: String], currentDirectory: String = Paths.currentDirectory()) {
        if let home = environment["SUSI_HOME"], !home.isEmpty {
            let base = home.hasPrefix("/") ? home : currentDirectory + "/" + home
            self.init(configDirectory: base + "/config", dataDirectory: base + "/data",
                      stateDirectory: base + "/state", cacheDirectory: base + "/cache")
            return
        }
        let home = Paths.homeDirectory(environment)
        // The spec: a relative path in these variables is invalid and must be ignored.
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        self.init(configDirectory: base("XDG_CONFIG_HOME", ".config") + "/susi",
                  dataDirectory: base("XDG_DATA_HOME", ".local/share") + "/susi",
                  stateDirectory: base("XDG_STATE_HOME", ".local/state") + "/susi",
                  cacheDirectory: base("XDG_CACHE_HOME", ".cache") + "/susi")
    }

    public var configFile: String { configDirectory + "/config.json" }
    public var databaseFile: String { dataDirectory + "/susi.db" }
    public var credentialsFile: String { dataDirectory + "/credentials" }
    public var keyFile: String { dataDirectory + "/key" }
    public var sessionFile: String { stateDirectory + "/session.json" }
    /// How far `susi device setup` got, for `--resume` (no secrets).
    public var deviceSetupFile: String { stateDirectory + "/device-setup.json" }
    /// Empty: that the pointer to `susi onboard` was shown.
    public var onboardHintFile: String { stateDirectory + "/onboard-hint-shown" }
    public var historyFile: String { stateDirectory + "/history" }
    /// Lines typed in an interactive `susi chat` (readline history).
    public var chatHistoryFile: String { stateDirectory + "/chat-history" }

    static func homeDirectory(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir, let path = String(validatingCString: dir) { return path }
        return "/tmp"
    }

    public static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(validatingCString: pointer) ?? "/"
    }
}
