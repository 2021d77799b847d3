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
        // Past what libmicrohttpd's pool holds (twice the limit and more): its own refusals.
        #expect(raw("GET /big HTTP/1.1\r\nHost: x\r\nX-Padding: \(String(repeating: "p", count: 40000))\r\n\r\n") == 431)
        #expect(raw("GET /badheader HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n") == 400)
        #expect(raw("GET /\(String(repeating: "u", count: 40000)) HTTP/1.1\r\nHost: x\r\n\r\n") == 414)
        #expect(raw("GET /future HTTP/3.0\r\nHost: x\r\n\r\n") == 505)
        let lines = Self.waitForLines(log, count: 4)
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 - /big 431 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 - /badheader 400 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 - - 414 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 - - 505 ") }, "\(lines)")
        #expect(lines.allSatisfy { $0.count < 400 }, "\(lines.map(\.count))")
    }
}

/// The access line is written as bytes: the same text the String form
/// wrote, secrets redacted (whatever their case), fields escaped.
@Suite("susi serve: access lines")
struct AccessLineTests {
    static func line(method: String = "GET", path: String, query: [FormField] = [], status: Int = 200, tenths: Int = 12,
                     address: String = "127.0.0.1") -> String {
        let state = HTTPServer.RequestState(uri: path, clientAddress: address)
        state.headRead = true
        state.request.method = method
        state.request.path = path
        state.request.query = query
        return HTTPServer.accessLine(state, status: status, tenths: tenths)
    }

    /// What the line was before it was built as bytes.
    static func stringForm(method: String = "GET", path: String, query: [FormField] = [], status: Int = 200, tenths: Int = 12,
                           address: String = "127.0.0.1") -> String {
        var target = path
        if !query.isEmpty {
            target += "?" + query.map { field in
                let secret = FormCoding.secretNames.contains(field.name.lowercased())
                return FormCoding.escape(field.name) + "=" + (secret ? "REDACTED" : FormCoding.escape(field.value))
            }.joined(separator: "&")
        }
        return LogText.field(address) + " " + LogText.field(method) + " " + LogText.field(target)
            + " \(status == 0 ? "-" : String(status)) \(tenths / 10).\(tenths % 10)ms"
    }

    @Test func linesAreWhatTheStringFormWrote() {
        let cases: [(String, String, [FormField], Int, Int, String)] = [
            ("GET", "/susi/chat.json", [FormField("q", "hello"), FormField("timezoneOffset", "0")], 200, 3, "127.0.0.1"),
            ("POST", "/aaa/login.json", [FormField("login", "a@b.c"), FormField("PassWord", "s3cret"), FormField("ACCESS-TOKEN", "t")], 401, 1234, "::1"),
            ("GET", "/a b\\c\u{1b}[2J", [FormField("x", "\n\u{202E}é")], 404, 0, "10.0.0.9"),
            ("GET", "", [], 0, 9, "-"),
            ("GET", "", [FormField("a", "b")], 400, 10, "127.0.0.1"),
            ("OPTIONS", "/", [FormField("", "")], 204, 99_999, "127.0.0.1"),
            ("GE T", "/x", [FormField("access_to\u{212A}en", "secret"), FormField("newpassword", "n"), FormField("passwords", "kept")], 500, 5, "a b"),
        ]
        for (method, path, query, status, tenths, address) in cases {
            let written = Self.line(method: method, path: path, query: query, status: status, tenths: tenths, address: address)
            #expect(written == Self.stringForm(method: method, path: path, query: query, status: status, tenths: tenths, address: address))
            #expect(!written.contains("s3cret") && !written.contains("=secret") && !written.contains("=t&") && !written.hasSuffix("=t"))
        }
        #expect(Self.line(path: "/susi/chat.json", query: [FormField("q", "hi there")], tenths: 3)
            == "127.0.0.1 GET /susi/chat.json?q=hi%20there 200 0.3ms")
        // The Kelvin sign lower-cases to "k": the name is a secret's, so its value is hidden.
        #expect(Self.line(path: "/x", query: [FormField("access_to\u{212A}en", "v")]).contains("=REDACTED"))
    }

    @Test func secretNamesAreFoundWhateverTheirCase() {
        for name in ["password", "PASSWORD", "Password", "newPassword", "access_token", "Access-Token", "access_to\u{212A}en"] {
            #expect(FormCoding.isSecret(name), "\(name)")
        }
        for name in ["passwords", "pass", "q", "", "access_tokens", "access token", "pässword", "newpassword2"] {
            #expect(!FormCoding.isSecret(name), "\(name)")
        }
    }
}

/// Lines from many threads at once: every one written once, whole, and
/// each thread's in the order it appended them.
@Suite("susi serve: the access log under concurrent requests")
struct AccessLogConcurrencyTests {
    @Test func linesFromManyThreadsAreAllWrittenWhole() throws {
        let path = NSTemporaryDirectory() + "susi-access-\(UUID().uuidString).log"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer { unlink(path) }
        let log = AccessLog(capacity: 100_000, sink: .descriptor(fd))
        let group = DispatchGroup()
        for thread in 0..<4 {
            group.enter()
            Thread {
                for index in 0..<3000 { log.append("t\(thread) n\(index) " + String(repeating: "x", count: index % 50)) }
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 30) == .success)
        log.finish(within: 10)
        close(fd)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the last line ends with a newline")
        var next = [Int](repeating: 0, count: 4)
        for line in lines.dropLast() {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 3, let thread = Int(parts[0].dropFirst()), let index = Int(parts[1].dropFirst()) else {
                Issue.record("a broken line: \(line.prefix(80))")
                continue
            }
            #expect(index == next[thread], "thread \(thread): \(index) after \(next[thread] - 1)")
            #expect(parts[2] == String(repeating: "x", count: index % 50))
            next[thread] = index + 1
        }
        #expect(next == [3000, 3000, 3000, 3000])
        #expect(log.droppedLines == 0)
    }
}
