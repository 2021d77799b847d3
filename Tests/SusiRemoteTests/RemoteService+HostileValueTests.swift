import Foundation
import SusiCore
import SusiEngine
import SusiNet
import SusiPorts
import SusiTestSupport
import Testing
@testable import SusiRemote

private let loopbackOnly = [NetworkGuard.variable: "1"]

private func body(_ object: [String: Any]) -> LoopbackHTTPServer.Response {
    var object = object
    object["session"] = ["identity": ["type": "host", "name": "127.0.0.1_abc", "anonymous": true]]
    return .json(String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
}

/// Raw JSON text, for numbers JSONSerialization would not write (1e300, 400 digits).
private func raw(_ text: String) -> LoopbackHTTPServer.Response {
    .json(text, contentType: "application/javascript;charset=utf-8")
}

private func service(_ server: LoopbackHTTPServer) -> RemoteService {
    RemoteService(baseURL: URL(string: server.baseURL)!, environment: loopbackOnly, timeout: 5, retries: 0)
}

@Suite("Numbers and sizes from a hostile server")
struct RemoteHostileValueTests {
    static let huge = String(repeating: "9", count: 400)
    static let extremes = ["1e300", "-1e300", "9223372036854775807", "-9223372036854775808", huge, "-\(huge)",
                           "\"NaN\"", "\"1e308\"", "\"-9223372036854775808\"", "-5", "0", "1.5", "\"abc\""]

    @Test func validSecondsIsClampedToTenYearsAndMinusOneIsForever() throws {
        let tenYears: TimeInterval = 10 * 365 * 24 * 3600
        for value in Self.extremes + ["-1", "\"forever\"", "604800"] {
            let server = try LoopbackHTTPServer { _ in
                raw("{\"accepted\": true, \"access_token\": \"abcDEF123\", \"valid_seconds\": \(value), \"message\": \"ok\"}")
            }
            defer { server.stop() }
            let before = Date()
            let grant: LoginGrant
            do {
                grant = try service(server).login(email: "ada@example.com", password: "Secret#123", validFor: nil)
            } catch let error as ServiceError where value.hasSuffix(Self.huge) {
                // A 400-digit number is not JSON that Foundation reads: a malformed reply (65), not a trap.
                #expect(error.kind == .malformedResponse)
                continue
            }
            #expect(grant.token == "abcDEF123", "\(value)")
            switch value {
            case "-1", "\"forever\"":
                #expect(grant.expires == nil, "\(value) means never, not expired")
            default:
                let expires = try #require(grant.expires, "\(value)")
                #expect(expires > before, "\(value) gave an expired login")
                #expect(expires <= Date().addingTimeInterval(tenYears), "\(value) gave more than ten years")
            }
            // Whatever came, the date survives the session file's encoding.
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let session = Session(server: server.baseURL, account: "ada@example.com", identity: grant.identity,
                                  expires: grant.expires, keySource: .machineKey)
            let decoded = try decoder.decode(Session.self, from: encoder.encode(session))
            #expect(decoded.expires.map { abs($0.timeIntervalSince(grant.expires!)) < 1 } ?? (grant.expires == nil), "\(value)")
        }
    }

    @Test func countsAndStarsAtTheExtremesNeverTrap() throws {
        for value in Self.extremes {
            let text = """
            {"skill_rating": {"positive": \(value), "negative": \(value), "feedback_count": \(value), "bookmark_count": \(value),
             "stars": {"one_star": \(value), "two_star": \(value), "three_star": \(value), "four_star": \(value),
                       "five_star": \(value)}}, "usage_count": \(value)}
            """
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { continue }
            let info = RemoteService.skillInfo(object, name: "weather", fallbackGroup: "Knowledge", language: "en")
            for count in [info.rating.positive, info.rating.negative, info.rating.feedbackCount, info.rating.bookmarkCount,
                          info.usageCount, info.rating.stars.total] {
                #expect(count >= 0, "\(value)")
            }
            #expect((0...5).contains(info.rating.stars.average), "\(value): \(info.rating.stars.average)")
        }
        // A server's star answer is read within 1...5 or refused, never trusted.
        for value in Self.extremes {
            let server = try LoopbackHTTPServer { _ in raw("{\"accepted\": true, \"ratings\": {\"stars\": \(value)}}") }
            defer { server.stop() }
            let stars = try? service(server).userRating(SkillRef(group: "Knowledge", language: "en", name: "weather"), token: "t")
            if let given = stars { #expect((1...5).contains(given), "\(value)") }
        }
    }

    @Test func aReplyWithTooManyActionsIsRefusedBeforeRendering() throws {
        let actions = String(repeating: "{\"type\":\"stop\"},", count: 199_999) + "{\"type\":\"stop\"}"
        let server = try LoopbackHTTPServer { _ in
            raw("{\"query\": \"hi\", \"answers\": [{\"data\": [], \"actions\": [\(actions)]}], \"session\": {\"identity\": {\"type\": \"host\", \"name\": \"x\", \"anonymous\": true}}}")
        }
        defer { server.stop() }
        do {
            _ = try service(server).chat(ChatRequest(query: "hi"), token: nil)
            Issue.record("200,000 actions must be refused")
        } catch let error as ServiceError {
            #expect(error.kind == .malformedResponse)
            #expect(error.message == "The SUSI server's chat reply holds more than 20000 JSON objects and arrays, the most susi accepts; it was not shown.")
        }
        // Below the parsing bound, each part has its own limit, named.
        let some = String(repeating: "{\"type\":\"stop\"},", count: 1_500) + "{\"type\":\"stop\"}"
        let someServer = try LoopbackHTTPServer { _ in
            raw("{\"query\": \"hi\", \"answers\": [{\"data\": [], \"actions\": [\(some)]}]}")
        }
        defer { someServer.stop() }
        do {
            _ = try service(someServer).chat(ChatRequest(query: "hi"), token: nil)
            Issue.record("1,501 actions must be refused")
        } catch let error as ServiceError {
            #expect(error.kind == .malformedResponse)
            #expect(error.message == "The SUSI server's chat reply has 1501 actions, more than the 1000 susi accepts; it was not shown.")
        }
        let rows = String(repeating: "{\"a\":\"b\"},", count: 20_000) + "{\"a\":\"b\"}"
        let tableServer = try LoopbackHTTPServer { _ in
            raw("{\"query\": \"hi\", \"answers\": [{\"data\": [\(rows)], \"actions\": [{\"type\":\"table\"}]}]}")
        }
        defer { tableServer.stop() }
        #expect(throws: ServiceError.self) { _ = try service(tableServer).chat(ChatRequest(query: "hi"), token: nil) }
        // Within the limits a reply is read in full.
        let fine = String(repeating: "{\"type\":\"answer\",\"expression\":\"x\"},", count: 999) + "{\"type\":\"stop\"}"
        let fineServer = try LoopbackHTTPServer { _ in
            raw("{\"query\": \"hi\", \"answers\": [{\"data\": [], \"metadata\": {\"count\": 0}, \"skills\": [], \"actions\": [\(fine)]}]}")
        }
        defer { fineServer.stop() }
        #expect(try service(fineServer).chat(ChatRequest(query: "hi"), token: nil).actions.count == 1000)
    }
}

/// A server's words after a request that carried a password never show it,
/// in any letter case or encoding.
@Suite("A hostile server echoing a password")
struct RemoteEchoedSecretTests {
    @Test(arguments: [(500, "{\"message\": \"cannot log in with HUNTER+2%2Fx now\"}"),
                      (200, "{\"accepted\": false, \"message\": \"wrong: Hunter 2/x\"}")])
    func theEchoIsRedacted(status: Int, text: String) throws {
        let server = try LoopbackHTTPServer { _ in .init(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8)) }
        defer { server.stop() }
        do {
            _ = try service(server).login(email: "ada@example.org", password: "hunter 2/x", validFor: nil)
            Issue.record("the login must fail")
        } catch let error as ServiceError {
            #expect(error.message.contains("***"), "\(error.message)")
            #expect(!error.message.lowercased().contains("hunter"), "\(error.message)")
        }
    }
}
