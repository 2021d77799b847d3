import SusiBasics

/// Tests and benchmarks must only ever talk to this machine. When
/// `SUSI_LOOPBACK_ONLY` is set (the test harness and `make test` set it),
/// every address susi is about to contact is checked here first, and a
/// non-loopback one stops the command loudly instead of sending a packet.
public enum NetworkGuard {
    public static let variable = "SUSI_LOOPBACK_ONLY"

    /// The one environment every test, benchmark and demo starts from: the
    /// guard on, the speaker and weather addresses overridden with a loopback
    /// port nothing listens on, every file under `home` (when given), a plain
    /// PATH. Tests add to it; none builds its own.
    public static func safeEnvironment(home: String? = nil, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = [variable: "1", "SUSI_SPEAKER": "127.0.0.1:9", "PATH": "/usr/bin:/bin",
                           "SUSI_WEATHER_URL": "http://127.0.0.1:9/v1/forecast",
                           "SUSI_GEOCODING_URL": "http://127.0.0.1:9/v1/search"]
        if let home {
            environment["SUSI_HOME"] = home
            environment["HOME"] = home
        }
        environment.merge(extra) { _, new in new }
        // `extra` may point an address at a loopback test server, but it
        // must never switch the guard off.
        environment[variable] = "1"
        return environment
    }

    public static func isActive(_ environment: [String: String]) -> Bool {
        guard let value = environment[variable] else { return false }
        return !value.isEmpty && value != "0"
    }

    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let lowered = bare.lowercased()
        if lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered == "::1" { return true }
        let octets = lowered.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }

    /// Throws when the guard is active and `host` is not loopback.
    public static func check(host: String, purpose: String, environment: [String: String]) throws {
        guard isActive(environment), !isLoopback(host) else { return }
        throw CommandError(
            .software,
            "NETWORK GUARD: refusing to contact \(host) for \(purpose): \(variable) is set, so only loopback addresses (127.0.0.0/8, ::1, localhost) may be used.",
            hint: "Tests must override every address, e.g. --server http://127.0.0.1:PORT or SUSI_SPEAKER=127.0.0.1:PORT.")
    }
}
