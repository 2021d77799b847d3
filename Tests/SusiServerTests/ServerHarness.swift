import Foundation
import SusiAuthoring
import SusiCore
import SusiLocal
import SusiNet
import SusiRemote
import SusiServer
import SusiTestKit
#if canImport(Glibc)
import Glibc
#endif

/// Tests only ever talk to loopback.
let testEnvironment = NetworkGuard.safeEnvironment(["SUSI_BUNDLED_SKILLS": packageRoot + "/Sources/SusiSkills/models"])

/// Collects access-log lines from the server's threads.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

/// `susi serve` in-process: an embedded SUSI over a temporary database,
/// served on 127.0.0.1 at a free port.
final class ServedSUSI {
    let directory: String
    let server: HTTPServer
    let log = LogLines()

    /// `skills`: skill files to import first, by path under models/ (general/Test/en/x.txt).
    init(limits: ServerLimits = ServerLimits(threads: 4), anonymous: AnonymousPolicy = AnonymousPolicy(),
         consoleBudget: Double = ConsoleBudget.defaultSeconds, skills: [String: String] = [:]) throws {
        directory = NSTemporaryDirectory() + "susi-server-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/susi.db"
        let first = try EmbeddedService(path: path, environment: testEnvironment, passwordCost: .minimal)
        if !skills.isEmpty {
            for (relative, text) in skills {
                let file = directory + "/tree/models/" + relative
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try text.write(toFile: file, atomically: true, encoding: .utf8)
            }
            _ = try first.importSkills(fromTree: directory + "/tree")
        }
        let budget = ConsoleBudget(seconds: consoleBudget, workers: limits.threads) { url, seconds in
            try HTTPConsoleFetcher(environment: testEnvironment, timeout: seconds).fetch(url)
        }
        let api = SusiAPI(anonymous: anonymous, consoleBudget: budget, makeService: {
            let service = try EmbeddedService(path: path, environment: testEnvironment, passwordCost: .minimal)
            service.fetchConsoles(through: budget.budgetedFetch)
            return service
        })
        let log = self.log
        server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits, log: { log.append($0) }, handler: api)
    }

    deinit {
        server.stop(graceSeconds: 1)
        try? FileManager.default.removeItem(atPath: directory)
    }

    var baseURL: String { "http://127.0.0.1:\(server.port)" }

    /// susi's own client for the same API, without retries.
    func remote() -> RemoteService {
        RemoteService(baseURL: URL(string: baseURL)!, environment: testEnvironment, timeout: 10, retries: 0)
    }

    func get(_ target: String, headers: [String: String] = [:]) throws -> RawResponse {
        try RawHTTP.send(port: server.port, method: "GET", target: target, headers: headers)
    }

    func post(_ path: String, form: String, headers: [String: String] = [:]) throws -> RawResponse {
        var all = ["Content-Type": "application/x-www-form-urlencoded"]
        all.merge(headers) { _, new in new }
        return try RawHTTP.send(port: server.port, method: "POST", target: path, headers: all, body: Array(form.utf8))
    }
}

struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    var identity: [String: Any] {
        ((json["session"] as? [String: Any])?["identity"] as? [String: Any]) ?? [:]
    }
}

/// A plain HTTP/1.1 client over a socket to 127.0.0.1, one request per
/// connection, for what RemoteService cannot send.
enum RawHTTP {
    static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func send(port: UInt16, method: String, target: String, headers: [String: String] = [:],
                     body: [UInt8] = []) throws -> RawResponse {
        let fd = try connect(port: port)
        defer { close(fd) }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        writeAll(fd, Array(head.utf8) + body)
        return try parse(readAll(fd))
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            offset += written
        }
    }

    static func readAll(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return result
    }

    static func parse(_ bytes: [UInt8]) throws -> RawResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw POSIXError(.EBADMSG)
        }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawResponse(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}

let password = "Secret-pass1"
