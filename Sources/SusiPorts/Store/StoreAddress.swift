import Foundation
import SusiBasics

/// A `postgresql://` (or `postgres://`) address as `susi serve --store`, the
/// `serve.store` setting or `SUSI_SERVE_STORE` give it. A password is never
/// taken from it: it would sit in argv, the shell's history or a config
/// file. libpq reads it from `~/.pgpass`, `PGPASSFILE` or its own
/// environment instead. The messages never repeat the address's text.
public struct StoreAddress: Sendable, Equatable {
    /// What libpq is given: the address as written (it has no password).
    public let conninfo: String

    /// Whether `value` names a PostgreSQL store at all (else it is 'local' or a mistake).
    public static func isPostgres(_ value: String) -> Bool {
        let lower = value.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// For the `serve.store` setting: 'local' (the embedded database) or a usable address.
    public static func settingProblem(_ value: String) -> String? {
        value == "local" ? nil : problem(value)
    }

    /// Nil when `value` is a usable address, else what is wrong with it
    /// (never the value itself, which may hold a password).
    public static func problem(_ value: String) -> String? {
        guard isPostgres(value) else { return "expected 'local' or a postgresql:// URL" }
        guard let parts = URLComponents(string: value) else { return "expected a postgresql:// URL libpq can read" }
        if parts.password != nil || parts.percentEncodedPassword != nil {
            return "the URL carries a password, which susi never takes on the command line or in a setting: put it in ~/.pgpass (or the file PGPASSFILE names) and leave it out of the URL"
        }
        let names = (parts.queryItems ?? []).map { $0.name.lowercased() }
        if names.contains("password") {
            return "the URL carries a password parameter, which susi never takes on the command line or in a setting: put it in ~/.pgpass (or the file PGPASSFILE names) and leave it out of the URL"
        }
        return nil
    }

    public init(_ value: String) throws {
        if let problem = Self.problem(value) {
            throw ConfigError("The store address is refused: \(problem).",
                              hint: "For example: susi serve --store postgresql://127.0.0.1:5432/susi")
        }
        conninfo = value
    }

    /// What libpq connects with: the address, with a connect timeout of
    /// `seconds` unless it names one (libpq's default waits as long as TCP
    /// does, and a server must not hang on a store that does not answer).
    public func connectionString(timeout seconds: Int = 2) -> String {
        if conninfo.lowercased().contains("connect_timeout=") { return conninfo }
        return conninfo + (conninfo.contains("?") ? "&" : "?") + "connect_timeout=\(seconds)"
    }

    /// The address for messages: scheme, host and database, nothing else of the text.
    public var shown: String {
        guard let parts = URLComponents(string: conninfo) else { return "postgresql://…" }
        let host = parts.host.map { $0.isEmpty ? "" : $0 } ?? ""
        let port = parts.port.map { ":\($0)" } ?? ""
        let user = parts.user.map { $0 + "@" } ?? ""
        return "postgresql://\(user)\(host)\(port)\(parts.path)"
    }
}
