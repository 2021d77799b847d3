import Foundation
@testable import SusiServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The access log never holds up a request: a stalled reader costs log
/// lines (counted), never answers; and its lines cannot be forged.
@Suite("susi serve: the access log")
struct AccessLogTests {
    struct Echo: HTTPHandler {
        func respond(to request: HTTPRequest) -> HTTPResponse { .json(200, "{\"ok\":true}") }
        func reject(_ request: HTTPRequest, status: Int, message: String) -> HTTPResponse {
            .json(status, "{\"accepted\":false}")
        }
    }

    /// A log sink that blocks until released, like a full stderr pipe nobody reads.
    final class StalledSink: @unchecked Sendable {
        let release = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var written: [String] = []

        func write(_ line: String) {
            release.wait()
            release.signal()
            lock.lock()
            written.append(line)
            lock.unlock()
        }
    }

    @Test func aStalledLogReaderNeverStallsRequests() throws {
        let sink = StalledSink()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2, logBufferLines: 64),
                                    log: { sink.write($0) }, handler: Echo())
        defer {
            sink.release.signal()
            server.stop(graceSeconds: 1)
        }
        let started = Date()
        for index in 0..<700 {
            let response = try RawHTTP.send(port: server.port, method: "GET", target: "/n/\(index)")
            #expect(response.status == 200)
            if response.status != 200 { break }
        }
        #expect(Date().timeIntervalSince(started) < 20)
        // 64 buffered, at most one being written; the rest were dropped and counted.
        #expect(server.droppedLogLines >= 700 - 64 - 1)
        sink.release.signal()
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            sink.lock.lock()
            let done = sink.written.contains { $0.contains("access-log lines dropped") }
            sink.lock.unlock()
            if done { break }
            usleep(10_000)
        }
        sink.lock.lock()
        let written = sink.written
        sink.lock.unlock()
        #expect(written.contains { $0.contains("GET /n/0 200") })
        #expect(written.contains { $0.contains("access-log lines dropped") }, "\(written.suffix(3))")
    }

    /// Written straight to a descriptor, many queued lines go out together
    /// yet stay one whole line per request, in order, none lost or merged.
    @Test func queuedLinesAreWrittenTogetherAsWholeLines() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let log = AccessLog(capacity: 4096, sink: .descriptor(ends[1]))
        let lines = (0..<800).map { "127.0.0.1 GET /n/\($0)?q=\(String(repeating: "x", count: $0 % 17)) 200 0.\($0 % 10)ms" }
        for line in lines { log.append(line) }
        log.finish(within: 5)
        close(ends[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(ends[0], &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        #expect(String(decoding: bytes, as: UTF8.self) == lines.joined(separator: "\n") + "\n")
        #expect(log.droppedLines == 0)
    }

    static func waitForLines(_ log: LogLines, count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(5)
        while log.all.count < count, Date() < deadline { usleep(10_000) }
        return log.all
    }

    @Test func controlBytesInARequestCannotForgeOrColourLogLines() throws {
        let log = LogLines()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2), log: { log.append($0) },
                                    handler: Echo())
        defer { server.stop(graceSeconds: 1) }
        let forged = "/a%0a127.0.0.1%20GET%20/admin%20200%200.1ms%0d%1b[31mred%1b]0;title%07%c2%9b%e2%80%aeend"
        #expect(try RawHTTP.send(port: server.port, method: "GET", target: forged + "?x=%0a%1b").status == 200)
        #expect(try RawHTTP.send(port: server.port, method: "GET", target: "/plain").status == 200)
        let lines = Self.waitForLines(log, count: 2)
        #expect(lines.count == 2, "\(lines)")
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
                    "raw control character in \(line.debugDescription)")
        }
        let first = lines.first { $0.contains("/a") } ?? ""
        #expect(first.hasPrefix("127.0.0.1 GET /a\\x0a127.0.0.1\\x20GET\\x20/admin"), "\(first)")
        #expect(first.contains("\\x1b[31mred"), "\(first)")
        #expect(first.contains("\\u{202e}end"), "\(first)")
        #expect(first.contains(" 200 "), "\(first)")
    }

    @Test func refusalsLibmicrohttpdMakesItselfAreLogged() throws {
        let log = LogLines()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2, maxHeaderBytes: 8192),
                                    log: { log.append($0) }, handler: Echo())
        defer { server.stop(graceSeconds: 1) }
        func raw(_ text: String) -> Int {
            guard let fd = try? RawHTTP.connect(port: server.port) else { return -1 }
            defer { close(fd) }
            RawHTTP.writeAll(fd, Array(text.utf8))
            return (try? RawHTTP.parse(RawHTTP.readAll(fd)).status) ?? 0
        }
        #expect(raw("GET /big HTTP/1.1\r\nHost: x\r\nX-Padding: \(String(repeating: "p", count: 16384))\r\n\r\n") == 431)
        #expect(raw("GET /badheader HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n") == 400)
        #expect(raw("GET /\(String(repeating: "u", count: 16384)) HTTP/1.1\r\nHost: x\r\n\r\n") == 414)
        #expect(raw("GET /future HTTP/3.0\r\nHost: x\r\n\r\n") == 505)
        let lines = Self.waitForLines(log, count: 4)
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 - /big 431 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 - /badheader 400 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 - - 414 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 - - 505 ") }, "\(lines)")
        #expect(lines.allSatisfy { $0.count < 400 }, "\(lines.map(\.count))")
    }
}
