import Foundation
import SusiBasics
import SusiEngine

/// Whether skills' `!console` URLs may be fetched (the `network` setting,
/// `susi --offline`) and where each fetch is logged (`-v`). The default goes
/// online and logs nothing.
public struct ConsoleNetwork: Sendable {
    public var online: Bool
    /// How the network was turned off, as the end of a sentence (see `ConsoleError.offline`).
    public var offlineCause = ConsoleNetwork.settingCause
    public static let settingCause = "the network setting is off (susi config set network on)"
    /// Gets one line per fetch: method, host, status or failure, milliseconds.
    public var log: (@Sendable (String) -> Void)?

    public init(online: Bool = true, log: (@Sendable (String) -> Void)? = nil) {
        self.online = online
        self.log = log
    }

    /// Runs `fetch` for `url` under this policy: refused when offline (the
    /// engine then names the skill and host), timed and logged otherwise.
    /// Failures reach the engine as `ConsoleError`, with a reason a user can read.
    public func fetch(_ url: URL, _ fetch: (URL) throws -> (status: Int, body: Data)) throws -> Data {
        let host = url.host.map { name in url.port.map { "\(name):\($0)" } ?? name } ?? "the console's host"
        guard online else {
            log?("console: GET \(host) refused (network off)")
            throw ConsoleError.offline(host: host, cause: offlineCause)
        }
        let started = DispatchTime.now().uptimeNanoseconds
        func milliseconds() -> UInt64 { (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000 }
        let response: (status: Int, body: Data)
        do {
            response = try fetch(url)
        } catch let error as ConsoleError {
            log?("console: GET \(host) failed after \(milliseconds()) ms: \(error.description)")
            throw error
        } catch {
            let reason = Self.reason(error)
            log?("console: GET \(host) failed after \(milliseconds()) ms: \(reason)")
            throw ConsoleError.failed(reason)
        }
        log?("console: GET \(host) \(response.status) in \(milliseconds()) ms")
        guard (200..<300).contains(response.status) else {
            throw ConsoleError.failed("\(host) answered HTTP \(response.status)")
        }
        return response.body
    }

    static func reason(_ error: Error) -> String {
        var text = (error as? ReportableError)?.message ?? String(describing: error)
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
