import Foundation
import SusiNet

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
}

/// Finds the speaker and its era (speaker-api.md §6): the control server's
/// `GET /check_ap` first (7070), then the setup server's `GET /install`
/// (5000). A 200 HTML page where JSON belongs is the control server's login
/// gate.
public struct SpeakerFinder: Sendable {
    let transport: HTTPTransport

    /// Never through a proxy, like the client.
    public init(environment: [String: String], timeout: TimeInterval = 5, trace: (@Sendable (String) -> Void)? = nil) {
        transport = HTTPTransport(environment: environment, timeout: timeout, maxBytes: 1 << 20, proxies: .never, trace: trace)
    }

    public func find(_ target: SpeakerTarget) throws(SpeakerError) -> FoundSpeaker {
        var problems: [String] = []
        for base in target.candidates {
            do throws(SpeakerError) {
                if let found = try probe(base) { return found }
                problems.append("\(base.absoluteString) answers, but not as a SUSI speaker's setup server")
            } catch where error.isLostConnection {
                problems.append(error.message)
            }
        }
        throw SpeakerError(.unreachable, "No SUSI speaker setup server answered at \(target.host): \(problems.joined(separator: "; ")).",
                           hint: "Check that this machine is on the speaker's Wi-Fi hotspot (SUSI.AI) and that the speaker has finished starting (about a minute after power-on), or give its address with --speaker.")
    }

    /// The era at `base`, nil when something else answers there.
    func probe(_ base: URL) throws(SpeakerError) -> FoundSpeaker? {
        let check = try SpeakerHTTP.get(transport, base, "/check_ap", [], doing: "probing for a control server")
        if check.status == 200 {
            if check.isHTML { throw SpeakerHTTP.loginGate(base) }
            if let status = check.object?["status"] as? String {
                return FoundSpeaker(address: base, era: .controlServer, hotspotRunning: status == "true")
            }
            return nil
        }
        guard check.status == 404 else { return nil }
        let install = try SpeakerHTTP.get(transport, base, "/install", [], doing: "probing for a setup server")
        let text = String(decoding: install.body.prefix(200), as: UTF8.self)
        guard install.status == 200, text.hasPrefix("starting the installation script") else { return nil }
        return FoundSpeaker(address: base, era: .setupServer, hotspotRunning: nil)
    }
}
