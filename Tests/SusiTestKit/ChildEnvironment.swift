import Foundation
import SusiNet

/// The environment of every child a test starts (the built binary, tmux and
/// its server, shells, python, mandoc, ...), built from an allow-list: never
/// the caller's. A user who runs `make test` from a shell with SUSI_PASSPHRASE,
/// SUSI_HOME, XDG_RUNTIME_DIR, a proxy or a German locale exported must see
/// the same results as a clean shell (issue 37).
public enum ChildEnvironment {
    /// Every variable a child may get without the test naming it: these
    /// and nothing else. SUSI_LOOPBACK_ONLY and the loopback-only service
    /// addresses come from NetworkGuard.safeEnvironment.
    public static let allowed: Set<String> = [
        "PATH", "HOME", "LANG", "LC_ALL", "TERM", "COLUMNS", "SUSI_HOME", "SUSI_LOOPBACK_ONLY",
        "SUSI_SPEAKER", "SUSI_WEATHER_URL", "SUSI_GEOCODING_URL",
    ]

    /// HOME for a tool whose home does not matter (mandoc, sqlite3, mount).
    public static let noHome = "/nonexistent/susi-test-home"

    /// A fixed locale, so output never follows the caller's language.
    public static let locale = "C.UTF-8"

    /// The environment for a child: PATH /usr/bin:/bin, HOME (and SUSI_HOME)
    /// `home`, a fixed UTF-8 locale, loopback-only networking, then `extra`
    /// (what the test sets explicitly, which wins except over the loopback
    /// guard). `term` is set for children that draw on a terminal.
    public static func make(home: String, term: String? = nil, _ extra: [String: String] = [:]) -> [String: String] {
        var base = ["LANG": locale, "LC_ALL": locale]
        if let term { base["TERM"] = term }
        return NetworkGuard.safeEnvironment(home: home, base.merging(extra) { _, new in new })
    }

    /// The same as `KEY=value` strings, for posix_spawn.
    public static func strings(_ environment: [String: String]) -> [String] {
        environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}
