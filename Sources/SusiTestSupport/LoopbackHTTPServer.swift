#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: it binds a free port,
/// answers each request with the handler's response and closes the
/// connection. It can only ever listen on loopback.
public final class LoopbackHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        /// Path with query string, as sent.
        public var target: String
        public var headers: [String: String]
        public var body: Data

        public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }

        public var query: [String: String] {
            guard let components = URLComponents(string: "http://127.0.0.1" + target) else { return [:] }
            var result: [String: String] = [:]
            for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
            return result
        }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Wait this long before answering (to test time-outs).
        public var delay: TimeInterval
        /// Close the connection without answering (a peer that went away).
        public var dropsConnection = false

        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }

        /// No answer at all: the connection is closed after the request.
        public static var dropped: Response {
            var response = Response()
            response.dropsConnection = true
            return response
        }

        public static func json(_ text: String, status: Int = 200, contentType: String = "application/json") -> Response {
            Response(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
        }

        public static func text(_ text: String, status: Int = 200, contentType: String = "text/html") -> Response {
            Response(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
        }
    }

    public typealias Handler = @Sendable (Request) -> Response

    public let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var stopped = false
    private var requestLog: [Request] = []
    private let finished = DispatchSemaphore(value: 0)

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far.
    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return requestLog
    }

    public init(handler: @escaping Handler) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stop()
    }

    /// Stops accepting; waits for the accept loop to end.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        finished.wait()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        defer { finished.signal() }
        while !isStopped {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            // A thread per connection, not the global queue: a response
            // delayed on purpose (a slow server) must not hold one of its
            // few workers, or a loaded machine's next request waits behind it.
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16384)
        var headerEnd: Int?
        while headerEnd == nil {
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            buffer.append(contentsOf: chunk[0..<count])
            headerEnd = Self.find([13, 10, 13, 10], in: buffer)
            if buffer.count > 1 << 20 { return }
        }
        guard let end = headerEnd else { return }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[(end + 4)...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            body.append(contentsOf: chunk[0..<count])
        }
        let request = Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
                              body: Data(body))
        lock.lock()
        requestLog.append(request)
        lock.unlock()
        let response = handler(request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        if response.dropsConnection { return }
        var text = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var responseHeaders = response.headers
        responseHeaders["Content-Length"] = String(response.body.count)
        responseHeaders["Connection"] = "close"
        for (name, value) in responseHeaders.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        let bytes = Array(text.utf8) + Array(response.body)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 413: return "Payload Too Large"
        case 422: return "Unprocessable Entity"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
