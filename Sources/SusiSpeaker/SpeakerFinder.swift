import Foundation
import SusiNet
import SusiPorts

/// Finds the speaker and its era (speaker-api.md §6): the control server's
/// `GET /check_ap` first (7070), then the setup server's `GET /install`
/// (5000). A 200 HTML page where JSON belongs is the control server's login
/// gate.
public struct SpeakerFinder: SpeakerFinding {
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
