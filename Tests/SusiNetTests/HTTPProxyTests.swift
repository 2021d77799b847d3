import Foundation
import SusiTestSupport
import Testing
@testable import SusiNet

/// Collects the -v lines a transport writes.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var all: [String] { lock.withLock { stored } }
    func add(_ line: String) { lock.withLock { stored.append(line) } }
}

/// The proxy is susi's decision, read from the environment susi was given
/// (never libcurl's own reading of the process's), checked by the loopback
/// guard like the target, and named by -v.
@Suite struct HTTPProxyTests {
    @Test(arguments: ["http_proxy", "ALL_PROXY", "all_proxy"])
    func aLoopbackProxyInTheEnvironmentIsUsedAndNamed(_ variable: String) throws {
        let target = try LoopbackHTTPServer { _ in .json("{\"from\": \"target\"}") }
        defer { target.stop() }
        let proxy = try LoopbackHTTPServer { _ in .json("{\"from\": \"proxy\"}") }
        defer { proxy.stop() }
        let lines = Lines()
        let transport = HTTPTransport(environment: NetworkGuard.safeEnvironment([variable: proxy.baseURL]),
                                      trace: { lines.add($0) })
        let response = try transport.get(URL(string: target.baseURL + "/x.json?secret=1")!)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"from\": \"proxy\"}")
        #expect(proxy.requests.count == 1)
        #expect(target.requests.isEmpty)
        #expect(lines.all == ["http: GET \(target.baseURL)/x.json via the proxy \(proxy.baseURL) (\(variable))"])
    }

    @Test(arguments: ["http_proxy", "ALL_PROXY", "https_proxy"])
    func aNonLoopbackProxyIsRefusedByTheGuardBeforeAnyConnection(_ variable: String) throws {
        let target = try LoopbackHTTPServer { _ in .json("{}") }
        defer { target.stop() }
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): never routed, and never tried here.
        let transport = HTTPTransport(environment: NetworkGuard.safeEnvironment([variable: "http://192.0.2.1:3128"]), timeout: 1)
        let scheme = variable == "https_proxy" ? "https" : "http"
        let url = URL(string: target.baseURL.replacingOccurrences(of: "http:", with: scheme + ":") + "/")!
        do {
            _ = try transport.get(url)
            Issue.record("a proxy at 192.0.2.1 must be refused")
        } catch {
            #expect(error.kind == .refusedByGuard)
            #expect(error.exitCode == .software)
            #expect(error.message.contains("refusing to contact 192.0.2.1 for the proxy in \(variable)"), "\(error.message)")
        }
        #expect(target.requests.isEmpty)
    }

    @Test func noProxyReachesTheHostDirectlyAndSaysSo() throws {
        let target = try LoopbackHTTPServer { _ in .json("{\"from\": \"target\"}") }
        defer { target.stop() }
        let proxy = try LoopbackHTTPServer { _ in .json("{\"from\": \"proxy\"}") }
        defer { proxy.stop() }
        let lines = Lines()
        let environment = NetworkGuard.safeEnvironment(["http_proxy": proxy.baseURL, "no_proxy": "example.org, .127.0.0.1"])
        let response = try HTTPTransport(environment: environment, trace: { lines.add($0) }).get(URL(string: target.baseURL + "/")!)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"from\": \"target\"}")
        #expect(proxy.requests.isEmpty)
        #expect(lines.all == ["http: GET \(target.baseURL)/ direct (no_proxy names 127.0.0.1)"])
    }

    @Test func aTransportThatNeverUsesAProxyIgnoresEveryVariable() throws {
        let target = try LoopbackHTTPServer { _ in .json("{\"from\": \"target\"}") }
        defer { target.stop() }
        let proxy = try LoopbackHTTPServer { _ in .json("{\"from\": \"proxy\"}") }
        defer { proxy.stop() }
        let lines = Lines()
        let environment = NetworkGuard.safeEnvironment(["http_proxy": proxy.baseURL, "ALL_PROXY": proxy.baseURL,
                                                        "https_proxy": "http://192.0.2.1:3128"])
        let transport = HTTPTransport(environment: environment, proxies: .never, trace: { lines.add($0) })
        let response = try transport.get(URL(string: target.baseURL + "/auth?password=hunter2")!)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"from\": \"target\"}")
        #expect(proxy.requests.isEmpty)
        #expect(lines.all == ["http: GET \(target.baseURL)/auth direct (the speaker is never reached through a proxy)"])
    }

    @Test func withoutAProxyVariableTheRequestIsDirect() throws {
        let target = try LoopbackHTTPServer { _ in .json("{}") }
        defer { target.stop() }
        let lines = Lines()
        _ = try HTTPTransport(environment: NetworkGuard.safeEnvironment(), trace: { lines.add($0) }).get(URL(string: target.baseURL + "/")!)
        #expect(lines.all == ["http: GET \(target.baseURL)/ direct (no proxy is set)"])
    }

    @Test(arguments: ["ftp://127.0.0.1:21", "http://", "://x"])
    func aProxyVariableThatNamesNoProxyIsAnErrorNotADirectConnection(_ value: String) throws {
        let target = try LoopbackHTTPServer { _ in .json("{}") }
        defer { target.stop() }
        do {
            _ = try HTTPTransport(environment: NetworkGuard.safeEnvironment(["http_proxy": value])).get(URL(string: target.baseURL + "/")!)
            Issue.record("\(value) is not a proxy")
        } catch {
            #expect(error.kind == .badURL)
            #expect(error.message == "The proxy in http_proxy is not a usable proxy address (expected http://HOST:PORT or socks5://HOST:PORT).")
        }
        #expect(target.requests.isEmpty)
    }

    @Test func noProxyListsMatchHostsAndDomains() {
        #expect(HTTPProxy.excepts("*", host: "anything"))
        #expect(HTTPProxy.excepts("example.com", host: "www.example.com"))
        #expect(HTTPProxy.excepts(".example.com", host: "example.com"))
        #expect(HTTPProxy.excepts("localhost:8080,[::1]", host: "[::1]"))
        #expect(HTTPProxy.excepts("localhost:8080", host: "localhost"))
        #expect(!HTTPProxy.excepts("example.com", host: "badexample.com"))
        #expect(!HTTPProxy.excepts("", host: "example.com"))
    }
}
