import CHTTPClient
import Foundation
import SusiBasics

/// An HTTP request as susi sends it.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP response, read whole.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// Why a request did not produce a response, with the exit status it maps to.
public struct HTTPError: ReportableError, Equatable {
    public enum Kind: Equatable, Sendable {
        case badURL, refusedByGuard, timeout, unreachable, tooLarge, interrupted
    }

    public var kind: Kind
    public var message: String
    public var hint: String?

    public init(_ kind: Kind, _ message: String, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
    }

    public var exitCode: ExitCode {
        switch kind {
        case .badURL: return .usage
        case .refusedByGuard: return .software
        case .timeout: return .tempFail
        case .unreachable: return .unavailable
        case .tooLarge: return .dataError
        case .interrupted: return .interrupted
        }
    }
}

/// Blocking HTTP with a time limit, a response size limit and the loopback
/// guard checked before anything is sent. Redirects are not followed, since
/// a redirect could lead past the guard.
///
/// libcurl does the work, loaded on the first request (see CHTTPClient):
/// linking it, as FoundationNetworking does, would load some thirty
/// libraries on every start of susi, tripling the time `susi --version` takes.
///
/// The proxy is susi's decision, never libcurl's: `proxies` says whether
/// the environment's proxy variables apply at all (never for the speaker,
/// which is always on the local network), the variables are read from
/// `environment` (HTTPProxy), the proxy's own address passes the same
/// guard as the target, and `trace` (set with `-v`) says which proxy, if
/// any, each request went through.
public final class HTTPTransport: Sendable {
    public let environment: [String: String]
    public let timeout: TimeInterval
    public let maxBytes: Int
    public let proxies: HTTPProxy.Use
    /// One line per request (method, address without its query, the proxy); nil logs nothing.
    public let trace: (@Sendable (String) -> Void)?

    public init(environment: [String: String], timeout: TimeInterval = 10, maxBytes: Int = 4 << 20,
                proxies: HTTPProxy.Use = .fromEnvironment, trace: (@Sendable (String) -> Void)? = nil) {
        self.environment = environment
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.proxies = proxies
        self.trace = trace
    }

    public func get(_ url: URL, headers: [String: String] = [:]) throws(HTTPError) -> HTTPResponse {
        try send(HTTPRequest(url: url, headers: headers))
    }

    public func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let url = request.url
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else {
            throw HTTPError(.badURL, "Not an http(s) URL: \(url.absoluteString).")
        }
        try Self.guarded(host: host, purpose: url.absoluteString, environment: environment)
        let route = try HTTPProxy.route(for: url, use: proxies, environment: environment)
        if let proxy = route.proxy {
            try Self.guarded(host: proxy.host, purpose: "the proxy in \(proxy.variable) for \(url.absoluteString)",
                             environment: environment)
        }
        trace?("http: \(request.method) \(HTTPProxy.withoutQuery(url)) \(route.description)")
        let headerLines = request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        var cStrings = headerLines.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var result = susi_http_result()
        let body = request.body ?? Data()
        let status: Int32 = cStrings.withUnsafeMutableBufferPointer { headerPointers in
            body.withUnsafeBytes { bodyBytes in
                headerPointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { headers in
                    susi_http_perform(request.method, url.absoluteString, route.proxy?.address ?? "",
                                      headers.baseAddress, headers.count,
                                      bodyBytes.baseAddress, bodyBytes.count,
                                      Int(timeout * 1000), maxBytes, Interrupts.pendingFlag, &result)
                }
            }
        }
        defer { susi_http_result_free(&result) }
        let message = withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(status) {
        case Int(SUSI_HTTP_OK.rawValue):
            break
        case Int(SUSI_HTTP_TIMEOUT.rawValue):
            throw HTTPError(.timeout, "\(host) did not answer within \(Int(timeout)) seconds.")
        case Int(SUSI_HTTP_TOO_LARGE.rawValue):
            throw HTTPError(.tooLarge, "\(host) sent more than \(maxBytes) bytes.")
        case Int(SUSI_HTTP_INTERRUPTED.rawValue):
            _ = Interrupts.take()
            throw HTTPError(.interrupted, "Cancelled.")
        case Int(SUSI_HTTP_BAD_URL.rawValue):
            throw HTTPError(.badURL, "Not a usable URL: \(url.absoluteString) (\(message)).")
        case Int(SUSI_HTTP_NO_LIBRARY.rawValue):
            throw HTTPError(.unreachable, "Cannot make HTTP requests: \(message).",
                            hint: "Install libcurl (on Debian: apt-get install libcurl4).")
        default:
            throw HTTPError(.unreachable, "Cannot reach \(host): \(message).")
        }
        let data = result.body.map { Data(bytes: $0, count: result.body_length) } ?? Data()
        let headerText = result.headers.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: result.headers_length), as: UTF8.self) } ?? ""
        return HTTPResponse(status: result.status, headers: Self.parseHeaders(headerText), body: data)
    }

    /// The loopback guard's refusal as this transport's error.
    static func guarded(host: String, purpose: String, environment: [String: String]) throws(HTTPError) {
        do {
            try NetworkGuard.check(host: host, purpose: purpose, environment: environment)
        } catch {
            let reportable = error as? ReportableError
            throw HTTPError(.refusedByGuard, reportable?.message ?? "\(error)", hint: reportable?.hint)
        }
    }

    static func parseHeaders(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        return headers
    }
}
