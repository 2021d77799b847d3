import Foundation
@testable import SusiServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Slowloris: many sockets that trickle a request a byte at a time must not
/// lock out a normal client. The trickling clients come from other loopback
/// addresses (127.0.0.2 and up), as an attacker comes from other machines.
@Suite("susi serve: slow clients", .serialized)
struct SlowClientTests {
    /// A TCP connection to 127.0.0.1:`port` from `source` (any 127.x.y.z), non-blocking; -1 on failure.
    static func connect(from source: String, to port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let started = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, size) }
        }
        guard bound == 0, started == 0 || errno == EINPROGRESS else {
            close(fd)
            return -1
        }
        return fd
    }

    /// Holds `count` trickling sockets for `seconds`, each sending one more
    /// byte of a request head every `interval`; a socket the server closes
    /// is opened again. Returns how many times the server closed one.
    final class Tricklers: @unchecked Sendable {
        private var sockets: [(fd: Int32, source: String, sent: Int)] = []
        private let port: UInt16
        private let head = Array("GET /susi/chat.json?q=hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        private(set) var closedByServer = 0

        init(count: Int, addresses: Int, port: UInt16) {
            self.port = port
            for index in 0..<count {
                let source = "127.0.0.\(2 + index % addresses)"
                sockets.append((SlowClientTests.connect(from: source, to: port), source, 0))
            }
        }

        /// One round: every socket sends one byte; closed ones are reopened.
        func trickle() {
            for index in sockets.indices {
                var entry = sockets[index]
                var probe: UInt8 = 0
                let peeked = entry.fd >= 0 ? recv(entry.fd, &probe, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) : 0
                if entry.fd < 0 || peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != ENOTCONN) || peeked > 0 {
                    if entry.fd >= 0 {
                        closedByServer += 1
                        close(entry.fd)
                    }
                    entry = (SlowClientTests.connect(from: entry.source, to: port), entry.source, 0)
                }
                if entry.fd >= 0 {
                    let byte = entry.sent < head.count ? head[entry.sent] : UInt8(ascii: "x")
                    if withUnsafePointer(to: byte, { Glibc.send(entry.fd, $0, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }) == 1 {
                        entry.sent += 1
                    }
                }
                sockets[index] = entry
            }
        }

        func closeAll() {
            for entry in sockets where entry.fd >= 0 { close(entry.fd) }
            sockets.removeAll()
        }
    }

    @Test func sixHundredTricklingSocketsDoNotLockOutANormalClient() throws {
        var limits = ServerLimits(threads: 4, maxConnections: 200)
        limits.requestTimeoutSeconds = 2
        limits.maxConnectionsPerAddress = 16
        let served = try ServedSUSI(limits: limits)
        let tricklers = Tricklers(count: 600, addresses: 30, port: served.server.port)
        defer { tricklers.closeAll() }
        var slowest = 0.0
        var answered = 0
        let end = Date().addingTimeInterval(5)
        while Date() < end {
            tricklers.trickle()
            let started = Date()
            let response = try? served.get("/susi/chat.json?q=hello")
            let took = Date().timeIntervalSince(started)
            slowest = max(slowest, took)
            if response?.status == 200 { answered += 1 }
            #expect(response?.status == 200, "a normal request failed after \(took) s")
            #expect(took < 1, "a normal request took \(took) s")
            usleep(250_000)
        }
        #expect(answered >= 10)
        // The server closed trickling sockets: the per-address cap at once, the request timeout after 2 s.
        #expect(tricklers.closedByServer > 400)
        let lines = served.log.all
        #expect(lines.contains { $0.contains(" 408 ") }, "no 408 logged for a request that did not arrive in time")
        print("slow clients: \(answered) normal requests answered, slowest \(slowest) s; \(tricklers.closedByServer) trickling sockets closed by the server")
    }

    @Test func nearTheLimitOnlyAddressesWithoutAConnectionGetIn() {
        var limits = ServerLimits(threads: 1, maxConnections: 16)
        limits.reservedConnections = 4
        limits.requestTimeoutSeconds = 600
        let guarded = ConnectionGuard(limits: limits)
        defer { guarded.stop() }
        for index in 1...11 {
            guarded.opened(OpaquePointer(bitPattern: index)!, fd: -1, address: "192.0.2.1")
        }
        #expect(guarded.admits("192.0.2.1"), "11 of 16 open: anyone gets in")
        guarded.opened(OpaquePointer(bitPattern: 12)!, fd: -1, address: "192.0.2.1")
        #expect(!guarded.admits("192.0.2.1"), "12 of 16 open: the last 4 are for new addresses")
        #expect(guarded.admits("192.0.2.2"))
        _ = guarded.closed(OpaquePointer(bitPattern: 12)!)
        #expect(guarded.admits("192.0.2.1"))
    }
}

