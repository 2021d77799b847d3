import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SusiCLI

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

/// Blocking HTTP over URLSession with time limits, a response size limit and
/// the loopback guard checked before anything is sent.
public final class HTTPTransport: @unchecked Sendable {
    public let environment: [String: String]
    public let timeout: TimeInterval
    public let maxBytes: Int
    private let session: URLSession

    public init(environment: [String: String], timeout: TimeInterval = 10, maxBytes: Int = 4 << 20) {
        self.environment = environment
        self.timeout = timeout
        self.maxBytes = maxBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func get(_ url: URL, headers: [String: String] = [:]) throws(HTTPError) -> HTTPResponse {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try send(request)
    }

    public func send(_ request: URLRequest) throws(HTTPError) -> HTTPResponse {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else {
            throw HTTPError(.badURL, "Not an http(s) URL: \(request.url?.absoluteString ?? "(none)").")
        }
        do {
            try NetworkGuard.check(host: host, purpose: url.absoluteString, environment: environment)
        } catch {
            let reportable = error as? ReportableError
            throw HTTPError(.refusedByGuard, reportable?.message ?? "\(error)", hint: reportable?.hint)
        }
        let box = ResultBox()
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response, error: error)
        }
        task.resume()
        // Wait in short slices so that Ctrl-C (when Interrupts are installed) cancels the request.
        let deadline = Date().addingTimeInterval(timeout + 5)
        while !box.wait(timeout: 0.1) {
            if Interrupts.take() {
                task.cancel()
                throw HTTPError(.interrupted, "Cancelled.")
            }
            if Date() > deadline {
                task.cancel()
                throw HTTPError(.timeout, "\(host) did not answer within \(Int(timeout)) seconds.")
            }
        }
        if let error = box.error {
            let nsError = error as NSError
            if nsError.code == NSURLErrorTimedOut {
                throw HTTPError(.timeout, "\(host) did not answer within \(Int(timeout)) seconds.")
            }
            throw HTTPError(.unreachable, "Cannot reach \(host): \(nsError.localizedDescription)")
        }
        guard let http = box.response as? HTTPURLResponse else {
            throw HTTPError(.unreachable, "\(host) sent no HTTP response.")
        }
        let body = box.data ?? Data()
        if body.count > maxBytes {
            throw HTTPError(.tooLarge, "\(host) sent \(body.count) bytes; the limit is \(maxBytes).")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: body)
    }
}

private final class ResultBox: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private(set) var data: Data?
    private(set) var response: URLResponse?
    private(set) var error: Error?

    func set(data: Data?, response: URLResponse?, error: Error?) {
        lock.lock()
        self.data = data
        self.response = response
        self.error = error
        lock.unlock()
        semaphore.signal()
    }

    func wait(timeout: TimeInterval) -> Bool {
        semaphore.wait(timeout: .now() + timeout) == .success
    }
}
