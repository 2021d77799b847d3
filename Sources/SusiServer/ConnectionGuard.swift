import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps slow clients from locking others out (slowloris): every open
/// connection has until a deadline to deliver a whole request (line,
/// headers, body) however it trickles the bytes; near the connection limit
/// the deadline shortens and an address that already has a connection is
/// refused, so the last connections stay free for new clients.
/// (libmicrohttpd's own idle timeout resets on every byte; its per-address
/// limit is set beside this.)
final class ConnectionGuard: @unchecked Sendable {
    struct Entry {
        var fd: Int32
        var address: String
        /// When the current wait for a request began, and how long it may last.
        var phaseStart: UInt64
        var phaseLimit: Double
        var served = 0
        /// The request line has arrived; the rest of the request has not.
        var inRequest = false
        /// The handler is answering: no deadline.
        var handling = false
        /// Closed by the deadline.
        var timedOut = false
    }

    /// What `closed` learned about a connection.
    struct Closed {
        var address: String
        var milliseconds: Double
        /// It was closed (with a 408) before its first request line arrived.
        var timedOutWaiting: Bool
    }

    private let lock = NSLock()
    private var entries: [UInt: Entry] = [:]
    private var perAddress: [String: Int] = [:]
    private let requestTimeout: Double
    private let idleTimeout: Double
    private let maxConnections: Int
    private let reserve: Int
    /// The deadline when fewer than `reserve` connections are left.
    static let pressureSeconds = 1.0
    private(set) var timedOut = 0
    private var stopping = false
    private let stopped = DispatchSemaphore(value: 0)

    init(limits: ServerLimits) {
        requestTimeout = Double(max(1, limits.requestTimeoutSeconds))
        idleTimeout = Double(max(0, limits.idleTimeoutSeconds))
        maxConnections = max(1, limits.maxConnections)
        reserve = min(max(0, limits.reservedConnections ?? max(8, limits.maxConnections / 8)), max(0, limits.maxConnections - 1))
        let thread = Thread { [self] in watch() }
        thread.name = "susi-connection-guard"
        thread.start()
    }

    func stop() {
        lock.lock()
        let already = stopping
        stopping = true
        lock.unlock()
        if !already { stopped.wait() }
    }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }
    private static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The accept policy: near the limit, only addresses without a connection get in.
    func admits(_ address: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries.count < maxConnections - reserve || (perAddress[address] ?? 0) == 0
    }

    func opened(_ connection: OpaquePointer, fd: Int32, address: String) {
        lock.lock()
        entries[Self.key(connection)] = Entry(fd: fd, address: address, phaseStart: Self.now, phaseLimit: requestTimeout)
        perAddress[address, default: 0] += 1
        lock.unlock()
    }

    /// A request line arrived; the connection's peer address as `opened`
    /// was told it (so it is not formatted again per request).
    @discardableResult
    func requestLine(_ connection: OpaquePointer) -> String? {
        var address: String?
        update(connection) { entry in
            if entry.served > 0 {
                entry.phaseStart = Self.now
                entry.phaseLimit = requestTimeout
            }
            entry.inRequest = true
            address = entry.address
        }
        return address
    }

    /// The whole request arrived; it is being answered.
    func handling(_ connection: OpaquePointer) {
        update(connection) { $0.handling = true }
    }

    /// A request ended; true when the deadline ended it. The connection may
    /// now idle (libmicrohttpd's idle timeout) and must start its next
    /// request within the idle time plus the request time.
    func completed(_ connection: OpaquePointer) -> Bool {
        var ended = false
        update(connection) { entry in
            ended = entry.timedOut && entry.inRequest && !entry.handling
            entry.served += 1
            entry.inRequest = false
            entry.handling = false
            entry.phaseStart = Self.now
            entry.phaseLimit = idleTimeout + requestTimeout
        }
        return ended
    }

    func closed(_ connection: OpaquePointer) -> Closed? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries.removeValue(forKey: Self.key(connection)) else { return nil }
        let left = (perAddress[entry.address] ?? 1) - 1
        perAddress[entry.address] = left > 0 ? left : nil
        return Closed(address: entry.address, milliseconds: Double(Self.now - entry.phaseStart) / 1e6,
                      timedOutWaiting: entry.timedOut && entry.served == 0 && !entry.inRequest)
    }

    private func update(_ connection: OpaquePointer, _ body: (inout Entry) -> Void) {
        lock.lock()
        // In place: one lookup, no copy of the entry out and back.
        if let index = entries.index(forKey: Self.key(connection)) { body(&entries.values[index]) }
        lock.unlock()
    }

    private static let timeoutAnswer: [UInt8] = {
        let body = "{\"accepted\":false,\"message\":\"The request did not arrive in time.\"}"
        return Array(("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
    }()

    /// Every 100 ms: closes the connections past their deadline. The socket
    /// is only shut down (libmicrohttpd closes it and then tells `closed`,
    /// which takes this lock), so a descriptor is never used after it was closed.
    private func watch() {
        while true {
            usleep(100_000)
            lock.lock()
            if stopping {
                lock.unlock()
                stopped.signal()
                return
            }
            let pressure = entries.count >= maxConnections - reserve
            let now = Self.now
            for (key, var entry) in entries where !entry.handling && !entry.timedOut {
                let limit = pressure ? min(entry.phaseLimit, Self.pressureSeconds) : entry.phaseLimit
                guard Double(now - entry.phaseStart) / 1e9 > limit else { continue }
                entry.timedOut = true
                entries[key] = entry
                timedOut += 1
                // A waiting keep-alive connection is just closed; a late request is told why.
                if entry.served == 0 || entry.inRequest {
                    _ = Self.timeoutAnswer.withUnsafeBytes { send(entry.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                }
                shutdown(entry.fd, Int32(SHUT_RDWR))
            }
            lock.unlock()
        }
    }
}
