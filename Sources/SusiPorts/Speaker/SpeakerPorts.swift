import Foundation

// The SUSI Smart Speaker as susi's commands see it: the setup calls, finding
// the speaker, and the Wi-Fi network this machine is on. SusiSpeaker
// implements them over HTTP and the system's tools; the host makes them
// (Services.Makers), so a test can put its own in.

/// Who the speaker should use SUSI as.
public enum SpeakerAccount: Sendable, Equatable {
    case anonymous
    case account(email: String, password: String)
}

/// How the configuration call ended. It is the last call of a setup: the
/// speaker then leaves its hotspot, so losing it there is expected.
public enum ConfigurationOutcome: Sendable, Equatable {
    /// The speaker answered that it took the configuration (accepted, not
    /// necessarily applied: its tool runs after the answer).
    case accepted
    /// The connection dropped: most likely the speaker has left its hotspot
    /// to reboot, i.e. probable success.
    case connectionLost(String)
    /// No answer within the time limit (seconds): probable success for the
    /// same reason, but said as what happened.
    case timedOut(seconds: Int)
}

/// The setup calls of a SUSI Smart Speaker, whichever era it runs. Every
/// call sends every parameter; values are checked (SpeakerInput) before
/// anything is sent.
public protocol SpeakerClient: Sendable {
    /// Where the speaker answers (scheme, host, port).
    var address: URL { get }
    var era: SpeakerEra { get }
    /// Sets the room; returns the room as the speaker says it stored it
    /// (with the control server's literal quotes removed).
    func setRoom(_ room: String) throws(SpeakerError) -> String
    func setWiFi(ssid: String, passphrase: String) throws(SpeakerError)
    func setAccount(_ account: SpeakerAccount) throws(SpeakerError)
    /// Speech engines, hotword, wake button. Reboots the speaker: call it last.
    func configure(_ configuration: SpeakerConfiguration) throws(SpeakerError) -> ConfigurationOutcome
    /// The speaker's MAC address where the era reports it (the control
    /// server's /mac), upper case with colons; nil on the 5000 era.
    func macAddress() throws(SpeakerError) -> String?
}

/// The address a user gave (`speaker` setting, `SUSI_SPEAKER`, `--speaker`):
/// a host, host:port or http(s) URL. Without a port both eras' ports are tried.
public struct SpeakerTarget: Sendable, Equatable {
    /// The production default: the speaker's own address on its hotspot.
    public static let hotspotAddress = "10.0.0.1"

    public var scheme: String
    public var host: String
    public var port: Int?

    public init?(_ text: String) {
        let full = text.contains("://") ? text : "http://" + text
        guard let components = URLComponents(string: full), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil,
              components.path.isEmpty || components.path == "/"
        else { return nil }
        if let port = components.port, !(1...65535).contains(port) { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port
    }

    /// The base URLs to probe, in order: the given port, else 7070 then 5000.
    public var candidates: [URL] {
        let ports = port.map { [$0] } ?? [SpeakerEra.controlServer.port, SpeakerEra.setupServer.port]
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return ports.compactMap { URL(string: "\(scheme)://\(bracketed):\($0)") }
    }
}

/// What probing found.
public struct FoundSpeaker: Sendable, Equatable {
    public var address: URL
    public var era: SpeakerEra
    /// The control server's /check_ap: false when its hotspot is not running
    /// (the speaker is set up already). Nil on the 5000 era, which cannot tell.
    public var hotspotRunning: Bool?

    public init(address: URL, era: SpeakerEra, hotspotRunning: Bool?) {
        self.address = address
        self.era = era
        self.hotspotRunning = hotspotRunning
    }
}

/// Finds the speaker at a target and tells its era (the adapter probes
/// both eras' ports). Made by `Services.Makers.speakerFinder`.
public protocol SpeakerFinding: Sendable {
    func find(_ target: SpeakerTarget) throws(SpeakerError) -> FoundSpeaker
}

/// The Wi-Fi network this machine is on, for the hotspot check. Tests
/// inject their own.
public protocol WiFiNetworkReader: Sendable {
    /// The current SSID, or nil when none can be found.
    func currentSSID() -> String?
}

/// The speaker's hotspot name (speaker-api.md §0), compared case-insensitively.
public enum SpeakerHotspot {
    public static let ssid = "SUSI.AI"

    public static func isHotspot(_ ssid: String?) -> Bool {
        ssid.map { $0.lowercased() == Self.ssid.lowercased() } ?? false
    }
}
