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
}
