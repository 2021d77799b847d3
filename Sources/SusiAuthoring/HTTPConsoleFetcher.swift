import Foundation
import SusiEngine
import SusiNet
import SusiPorts

/// Fetches `!console` URLs over HTTP for the engine, through the transport
/// that enforces time limits, size limits and the loopback guard, under the
/// user's network policy (refused when off, logged with `-v`).
public struct HTTPConsoleFetcher: ConsoleFetcher {
    let transport: HTTPTransport
    public var network: ConsoleNetwork

    public init(transport: HTTPTransport, network: ConsoleNetwork = ConsoleNetwork()) {
        self.transport = transport
        self.network = network
    }

    public init(environment: [String: String], timeout: TimeInterval = 10, network: ConsoleNetwork = ConsoleNetwork()) {
        self.init(transport: HTTPTransport(environment: environment, timeout: timeout, maxBytes: 2 << 20, trace: network.log),
                  network: network)
    }

    public func fetch(_ url: URL) throws -> Data {
        try network.fetch(url) { url in
            do throws(HTTPError) {
                let response = try transport.get(url, headers: ["Accept": "application/json"])
                return (response.status, response.body)
            } catch {
                var reason = error.message
                while reason.hasSuffix(".") { reason.removeLast() }
                throw ConsoleError.failed(reason)
            }
        }
    }
}
