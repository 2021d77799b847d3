import Foundation
import SusiServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Raw bytes on one connection and everything that came back until the
/// server closed it (or 30 s passed: then `closed` is false).
struct Exchange {
    var responses: [RawResponse]
    var closed: Bool
    var bytes: [UInt8]

    var only: RawResponse? { responses.count == 1 ? responses[0] : nil }

    static func run(port: UInt16, _ request: [UInt8]) throws -> Exchange {
        let fd = try RawHTTP.connect(port: port)
        defer { close(fd) }
        // Long enough that a server waiting for more bytes, or for its own
        // request deadline (set to minutes in these tests), shows as "not closed".
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        RawHTTP.writeAll(fd, request)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var closed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                bytes += buffer[0..<count]
                continue
            }
            closed = count == 0 || errno == ECONNRESET
            break
        }
        return Exchange(responses: split(bytes), closed: closed, bytes: bytes)
    }

    static func run(port: UInt16, _ request: String) throws -> Exchange { try run(port: port, Array(request.utf8)) }

    /// The responses one after another, each framed by its Content-Length.
    static func split(_ bytes: [UInt8]) -> [RawResponse] {
        var responses: [RawResponse] = []
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }),
                  var response = try? RawHTTP.parse(Array(rest[rest.startIndex..<end + 4]))
            else { break }
            let length = Int(response.headers["content-length"] ?? "0") ?? 0
            let bodyEnd = min(rest.endIndex, end + 4 + length)
            response.body = Array(rest[(end + 4)..<bodyEnd])
            responses.append(response)
            rest = rest[bodyEnd...]
        }
        return responses
    }
}

/// The second request a smuggling attempt hides after its first one.
let smuggled = "GET /susi/chat.json?q=smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

/// RFC 9112 §6 / RFC 9110 §8.6 and the request head's limits, over raw
/// bytes on loopback: one answer, JSON, at once, connection closed.
@Suite("susi serve: message framing, decoding and head limits")
struct HTTPEdgeTests {
    /// A server whose own deadline cannot answer for it.
    static func served() throws -> ServedSUSI {
        var limits = ServerLimits(threads: 2)
        limits.requestTimeoutSeconds = 300
        limits.idleTimeoutSeconds = 300
        return try ServedSUSI(limits: limits)
    }

    static func post(_ headers: String, body: String = "", version: String = "HTTP/1.1") -> String {
        "POST /susi/chat.json \(version)\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + headers + "\r\n" + body
    }

    /// One JSON refusal with `status`, then the connection closed: the smuggled request never ran.
    /// `byLibrary`: libmicrohttpd refuses it itself, before susi sees the head
    /// (a single malformed Content-Length): its own body, not JSON.
    static func expectRefused(_ exchange: Exchange, _ status: Int, _ words: String, _ comment: Comment, byLibrary: Bool = false) {
        #expect(exchange.responses.count == 1, "\(comment): \(exchange.responses.count) responses: \(String(decoding: exchange.bytes, as: UTF8.self))")
        #expect(exchange.closed, "\(comment): connection left open")
        guard let response = exchange.responses.first else { return }
        #expect(response.status == status, "\(comment): status \(response.status), \(response.text)")
        if byLibrary { return }
        #expect(response.headers["content-type"] == HTTPResponse.jsonContentType, comment)
        #expect(response.json["accepted"] as? Bool == false, comment)
        #expect((response.json["message"] as? String)?.contains(words) == true, "\(comment): \(response.text)")
    }

    @Test func contentLengthWithTransferEncodingIsRefusedAndClosed() throws {
        let served = try Self.served()
        let both = Self.post("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", body: "0\r\n\r\n" + smuggled)
        Self.expectRefused(try Exchange.run(port: served.server.port, both), 400, "Transfer-Encoding", "CL + TE")
        let reversed = Self.post("Transfer-Encoding: chunked\r\nContent-Length: 60\r\n", body: "0\r\n\r\n" + smuggled)
        Self.expectRefused(try Exchange.run(port: served.server.port, reversed), 400, "Transfer-Encoding", "TE + CL")
        // The access log names the refused request's target, as sent; the smuggled one never ran.
        let lines = AccessLogTests.waitForLines(served.log, count: 2)
        #expect(lines.filter { $0.hasPrefix("127.0.0.1 POST /susi/chat.json 400 ") }.count == 2, "\(lines)")
        #expect(!lines.contains { $0.contains("smuggled") }, "\(lines)")
    }

    @Test func repeatedOrMalformedContentLengthIsRefusedAndClosed() throws {
        let served = try Self.served()
        let cases: [(String, String, Bool)] = [
            ("Content-Length: 0\r\nContent-Length: 52\r\n", "two differing", false),
            ("Content-Length: 7\r\nContent-Length: 7\r\n", "two equal", false),
            ("Content-Length: 7\r\nContent-Length: 7, 7\r\n", "a list after one", false),
            ("Content-Length : 7\r\n", "space before the colon", false),
            ("Content-Length: 7, 7\r\n", "a list", true),
            ("Content-Length: +7\r\n", "a sign", true),
            ("Content-Length: 0x7\r\n", "hex", true),
            ("Content-Length: 7 7\r\n", "two numbers", true),
            ("Content-Length: -1\r\n", "negative", true),
            ("Content-Length:\r\n", "empty", true),
        ]
        for (headers, comment, byLibrary) in cases {
            let exchange = try Exchange.run(port: served.server.port, Self.post(headers, body: "q=hey&x" + smuggled))
            Self.expectRefused(exchange, 400, "Content-Length", Comment(rawValue: comment), byLibrary: byLibrary)
        }
    }

    @Test func transferCodingsOtherThanChunkedAreRefusedAtOnce() throws {
        let served = try Self.served()
        let unknown = ["xchunked", "chunked, identity", "identity", "gzip, chunked", "chunked;q=1"]
        for coding in unknown {
            let exchange = try Exchange.run(port: served.server.port, Self.post("Transfer-Encoding: \(coding)\r\n", body: "0\r\n\r\n" + smuggled))
            Self.expectRefused(exchange, 501, "Transfer-Encoding", Comment(rawValue: coding))
        }
        let malformed: [(String, String, String)] = [
            ("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", "HTTP/1.1", "twice"),
            ("Transfer-Encoding: chunked, chunked\r\n", "HTTP/1.1", "chunked twice in one field"),
            ("Transfer-Encoding: chunked\r\n", "HTTP/1.0", "in HTTP/1.0"),
            ("Transfer-Encoding : chunked\r\n", "HTTP/1.1", "space before the colon"),
            ("Transfer-Encoding:\r\n", "HTTP/1.1", "empty"),
        ]
        for (headers, version, comment) in malformed {
            let exchange = try Exchange.run(port: served.server.port, Self.post(headers, body: "0\r\n\r\n" + smuggled, version: version))
            Self.expectRefused(exchange, 400, "Transfer-Encoding", Comment(rawValue: comment))
        }
    }

    @Test func aChunkedBodyGets411AtOnceWhateverItsChunksHold() throws {
        let served = try Self.served()
        let extensionLine = "5;" + String(repeating: "e", count: 40_000) + "\r\nq=hey\r\n0\r\n\r\n"
        for body in ["5\r\nq=hey\r\n0\r\n\r\n" + smuggled, extensionLine] {
            let exchange = try Exchange.run(port: served.server.port, Self.post("Transfer-Encoding: chunked\r\n", body: body))
            Self.expectRefused(exchange, 411, "Content-Length", "chunked")
        }
        // One request with a length still works, and keeps its connection.
        let plain = try Exchange.run(port: served.server.port, Self.post("Content-Length: 5\r\n", body: "q=hey") + smuggled.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n"))
        #expect(plain.responses.map(\.status) == [200, 200])
    }

    // MARK: - Decoding

    @Test func invalidUTF8OrNULInAnyParameterIs400AndChangesNothing() throws {
        let served = try Self.served()
        let port = served.server.port
        let refusals: [(String, String)] = [
            ("GET /susi/chat.json?q=a%00b HTTP/1.1\r\nHost: x\r\n\r\n", "NUL in a query value"),
            ("GET /susi/chat.json?q=a%FFb HTTP/1.1\r\nHost: x\r\n\r\n", "a lone byte in a query value"),
            ("GET /susi/chat.json?q=%C0%AF HTTP/1.1\r\nHost: x\r\n\r\n", "an overlong sequence"),
            ("GET /susi/chat.json?q=%ED%A0%80 HTTP/1.1\r\nHost: x\r\n\r\n", "a surrogate"),
            ("GET /susi/chat.json?q%FF=a HTTP/1.1\r\nHost: x\r\n\r\n", "a name"),
            ("GET /susi/chat.json%00.html?q=hi HTTP/1.1\r\nHost: x\r\n\r\n", "NUL in the path"),
            ("GET /susi/chat%FF.json?q=hi HTTP/1.1\r\nHost: x\r\n\r\n", "bad UTF-8 in the path"),
            (Self.post("Content-Length: 9\r\nConnection: close\r\n", body: "q=a%00bcd"), "NUL in a form body"),
            (Self.post("Content-Length: 9\r\nConnection: close\r\n", body: "q=a%FEbcd"), "bad UTF-8 in a form body"),
        ]
        for (request, comment) in refusals {
            Self.expectRefused(try Exchange.run(port: port, request), 400, "UTF-8", Comment(rawValue: comment))
        }
        // Raw bytes that are not ASCII in the request line, or not UTF-8 in a header.
        let raw: [([UInt8], String)] = [
            (Array("GET /susi/chat.json?q=a".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "a raw byte in the target"),
            (Array("GET /susi/chat.json?q=a".utf8) + [0] + Array("b HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "a raw NUL in the target"),
            (Array("GET /susi/chat.json?q=hi HTTP/1.1\r\nHost: x\r\nUser-Agent: a".utf8) + [0xC3, 0x28] + Array("\r\n\r\n".utf8), "a header"),
        ]
        for (request, comment) in raw {
            Self.expectRefused(try Exchange.run(port: port, request), 400, comment.contains("NUL") ? "NUL" : "UTF-8", Comment(rawValue: comment))
        }
    }

    @Test func aPasswordIsNeverCutOrRepairedIntoAnother() throws {
        let served = try Self.served()
        let remote = served.remote()
        try remote.signUp(email: "dave@example.com", password: "Dave!Pass11")
        for suffix in ["%00anything", "%FF", "%FE", "%EF%BF%BD"] {
            let login = try served.get("/aaa/login.json?login=dave@example.com&password=Dave!Pass11\(suffix)&type=access-token")
            #expect(login.status != 200, "\(suffix) logged in")
        }
        // Signing up with a password that does not decode creates nothing.
        let signup = try served.post("/aaa/signup.json", form: "signup=eve@example.com&password=Eve!Pass11%FF")
        #expect(signup.status == 400)
        #expect(try remote.isRegistered(email: "eve@example.com") == false)
        // The exact password still logs in.
        #expect(try served.get("/aaa/login.json?login=dave@example.com&password=Dave!Pass11&type=access-token").status == 200)
    }

    // MARK: - Head limits

    @Test func manyQueryParametersUpToTheLimitAreAnswered() throws {
        let served = try Self.served()
        for count in [450, 500, 999] {
            let query = (0..<count).map { "p\($0)=v" }.joined(separator: "&")
            let exchange = try Exchange.run(port: served.server.port, "GET /susi/chat.json?q=hello&\(query) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(exchange.only?.status == 200, "\(count) parameters: \(exchange.only?.status ?? 0)")
        }
        // With q: 1000 parameters are answered, 1001 are not.
        let tooMany = (0..<1000).map { "p\($0)=v" }.joined(separator: "&")
        Self.expectRefused(try Exchange.run(port: served.server.port, "GET /susi/chat.json?q=hello&\(tooMany) HTTP/1.1\r\nHost: x\r\n\r\n"),
                           400, "1000", "too many parameters")
        let longTarget = "/susi/chat.json?q=" + String(repeating: "a", count: 9000)
        Self.expectRefused(try Exchange.run(port: served.server.port, "GET \(longTarget) HTTP/1.1\r\nHost: x\r\n\r\n"), 414, "8192", "long target")
        // A form body counts too.
        let form = "q=hi&" + tooMany
        Self.expectRefused(try Exchange.run(port: served.server.port, Self.post("Content-Length: \(form.utf8.count)\r\nConnection: close\r\n", body: form)),
                           400, "1000", "too many form fields")
    }

    @Test func headerCountAndHeadSizeGetJSON431() throws {
        let served = try Self.served()
        let many = (0..<101).map { "X-H\($0): v\r\n" }.joined()
        Self.expectRefused(try Exchange.run(port: served.server.port, "GET /susi/chat.json?q=hi HTTP/1.1\r\nHost: x\r\n\(many)\r\n"),
                           431, "100 header fields", "101 header fields")
        let hundred = (0..<98).map { "X-H\($0): v\r\n" }.joined()
        let fine = try Exchange.run(port: served.server.port, "GET /susi/chat.json?q=hi HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\(hundred)\r\n")
        #expect(fine.only?.status == 200)
        let big = "X-Padding: " + String(repeating: "p", count: 33 * 1024) + "\r\n"
        Self.expectRefused(try Exchange.run(port: served.server.port, "GET /susi/chat.json?q=hi HTTP/1.1\r\nHost: x\r\n\(big)\r\n"),
                           431, "32768", "a 33 KiB head")
    }

    @Test func absoluteFormTargetsAreServed() throws {
        let served = try Self.served()
        let exchange = try Exchange.run(port: served.server.port,
                                        "GET http://127.0.0.1:\(served.server.port)/susi/chat.json?q=hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(exchange.only?.status == 200)
        #expect(exchange.only?.json["query"] as? String == "hello")
    }
}
