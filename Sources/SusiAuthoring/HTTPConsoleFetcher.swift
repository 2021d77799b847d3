import Foundation
import SusiCore
import SusiEngine
import SusiNet

/// Fetches `!console` URLs over HTTP for the engine, through the transport
/// that enforces time limits, size limits and the loopback guard.
public struct HTTPConsoleFetcher: ConsoleFetcher {
    let transport: HTTPTransport

    public init(transport: HTTPTransport) {
        self.transport = transport
    }

    public init(environment: [String: String], timeout: TimeInterval = 10) {
        self.init(transport: HTTPTransport(environment: environment, timeout: timeout, maxBytes: 2 << 20))
    }

    public func fetch(_ url: URL) throws -> Data {
        let response = try transport.get(url, headers: ["Accept": "application/json"])
        guard (200..<300).contains(response.status) else {
            throw HTTPError(.unreachable, "\(url.host ?? "the server") answered HTTP \(response.status).")
        }
        return response.body
    }
}
