import Foundation
import SusiCore
import SusiNet
import SusiPorts
import SusiTestSupport
import Testing
@testable import SusiRemote

/// A stand-in for the reference server on 127.0.0.1 that answers the way it
/// does: JSON as application/javascript, errors as Jetty HTML pages, numbers
/// as strings, and a dead token silently treated as anonymous.
private func jettyError(_ status: Int, _ message: String) -> LoopbackHTTPServer.Response {
    .text("""
    <html><head><meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
    <title>Error \(status) \(message)</title></head><body><h2>HTTP ERROR \(status)</h2>
    <p>Problem accessing /x. Reason:<pre>    \(message)</pre></p></body></html>
    """, status: status, contentType: "text/html;charset=iso-8859-1")
}

private func javascript(_ object: [String: Any], anonymous: Bool = true, name: String = "127.0.0.1_abc") -> LoopbackHTTPServer.Response {
    var body = object
    body["session"] = ["identity": ["type": anonymous ? "host" : "email", "name": name, "anonymous": anonymous]]
    let data = try! JSONSerialization.data(withJSONObject: body)
    return .json(String(decoding: data, as: UTF8.self), contentType: "application/javascript;charset=utf-8")
}

private let loopbackOnly = NetworkGuard.safeEnvironment()
private let weather = SkillRef(group: "Knowledge", language: "en", name: "weather")

private func service(_ server: LoopbackHTTPServer, retries: Int = 0) -> RemoteService {
    RemoteService(baseURL: URL(string: server.baseURL)!, environment: loopbackOnly, timeout: 3, retries: retries, backoff: 0.05)
}

@Suite("RemoteService against reference-like answers")
struct RemoteQuirkTests {
    @Test func chatRepliesAreReadFromApplicationJavascript() throws {
        let server = try LoopbackHTTPServer { request in
            javascript(["query": request.query["q"] ?? "", "query_date": "2026-11-29T21:41:05.318Z",
                        "answer_date": "2026-11-29T21:41:05.323Z", "query_language": "en", "answer_time": 5,
                        "answers": [["data": [["0": "hello"]], "metadata": ["count": 1],
                                     "actions": [["type": "answer", "expression": "Hi there!"]],
                                     "skills": ["/susi_skill_data/models/general/Communication/en/greetings.txt"]]]])
        }
        defer { server.stop() }
        let reply = try service(server).chat(ChatRequest(query: "hello", language: "de", timezoneOffsetMinutes: -120), token: nil)
        #expect(reply.text == "Hi there!")
        let sent = try #require(server.requests.first)
        #expect(sent.method == "GET")
        #expect(sent.path == "/susi/chat.json")
        #expect(sent.query["q"] == "hello")
        #expect(sent.query["language"] == "de")
        #expect(sent.query["timezoneOffset"] == "-120")
        #expect(sent.query["device_type"] == "terminal")
    }

    /// A reply of the wrong shape is reported in words, never as a Swift type dump.
    @Test func aMalformedReplyIsReportedWithoutATypeDump() throws {
        let server = try LoopbackHTTPServer { _ in
            javascript(["query": "hi", "answers": [["data": [], "metadata": ["count": 0],
                                                    "actions": [["type": "answer", "expression": "Hi"]]]]])
        }
        defer { server.stop() }
        do {
            _ = try service(server).chat(ChatRequest(query: "hi", language: "en", timezoneOffsetMinutes: 0), token: nil)
            Issue.record("a reply without skills was accepted")
        } catch let error as ServiceError {
            #expect(error.kind == .malformedResponse)
            #expect(error.exitCode.rawValue == 65)
            #expect(error.message == "The SUSI server's chat reply could not be read: the field 'skills' is missing (at answers[0]).")
            for dump in ["DecodingError", "CodingKeys", "keyNotFound", "Debug description"] {
                #expect(!error.message.contains(dump))
            }
        }
    }

    @Test func aTokenTheServerIgnoredIsReportedNotUsedAnonymously() throws {
        let server = try LoopbackHTTPServer { _ in javascript(["accepted": true, "message": "Skill feedback updated"]) }
        defer { server.stop() }
        do {
            try service(server).postFeedback(weather, text: "Great skill", token: "dead-token")
            Issue.record("a silently anonymous answer must not count as success")
        } catch let error as ServiceError {
            #expect(error.kind == .notLoggedIn)
            #expect(error.exitCode == .noPermission)
            #expect(error.hint?.contains("susi login") == true)
        }
        // Tokens travel in the POST body, never in the URL.
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST")
        #expect(!sent.target.contains("dead-token"))
        #expect(String(decoding: sent.body, as: UTF8.self).contains("access_token=dead-token"))
    }

    @Test(arguments: [
        (401, ServiceError.Kind.notLoggedIn), (403, .forbidden), (404, .notFound), (422, .invalidInput),
        (500, .unavailable), (503, .unavailable), (429, .timeout),
    ])
    func htmlErrorPagesMapByStatus(_ status: Int, _ kind: ServiceError.Kind) throws {
        let server = try LoopbackHTTPServer { _ in jettyError(status, "Bad &apos;thing&apos; happened") }
        defer { server.stop() }
        do {
            _ = try service(server).skill(weather)
            Issue.record("HTTP \(status) must be an error")
        } catch let error as ServiceError {
            #expect(error.kind == kind)
            if status != 401 {
                #expect(error.message.contains("Bad 'thing' happened") || error.message.contains("HTTP \(status)"))
                #expect(!error.message.contains("<html"))
            }
        }
    }

    @Test func stringNumbersAndKeyedSkillListsAreRead() throws {
        let server = try LoopbackHTTPServer { request in
            guard request.path == "/cms/getSkillList.json" else { return jettyError(404, "Not Found") }
            return javascript(["accepted": true, "model": "general", "group": "All", "language": "en", "skills": [
                "weather": ["model": "general", "group": "Knowledge", "language": "en", "skill_name": "Weather",
                            "descriptions": "Forecasts", "examples": ["weather in berlin"], "skill_tag": "weather",
                            "skill_rating": ["positive": "3", "negative": "1", "feedback_count": 2, "bookmark_count": 0,
                                             "stars": ["one_star": 0, "two_star": 0, "three_star": 1, "four_star": 0,
                                                       "five_star": 1, "total_star": 2, "avg_star": 4]],
                            "usage_count": 7],
                "alarm": ["model": "general", "group": "Utilities", "language": "en", "skill_name": NSNull(),
                          "descriptions": NSNull(), "examples": NSNull(), "skill_tag": "alarm"],
            ]])
        }
        defer { server.stop() }
        let list = try service(server).skills(SkillQuery(sort: .name))
        #expect(list.map(\.ref.name) == ["alarm", "weather"])
        let weatherInfo = try #require(list.last)
        #expect(weatherInfo.rating.positive == 3)
        #expect(weatherInfo.rating.stars.total == 2)
        #expect(weatherInfo.rating.stars.average == 4)
        #expect(weatherInfo.usageCount == 7)
        #expect(list.first?.examples == [])
        #expect(try service(server).skills(SkillQuery(group: "knowledge")).map(\.ref.name) == ["weather"])
        #expect(try service(server).skills(SkillQuery(search: "forecast")).map(\.ref.name) == ["weather"])
    }

    @Test func starsOutOfRangeAreRefusedBeforeAnythingIsSent() throws {
        let server = try LoopbackHTTPServer { _ in javascript(["accepted": true]) }
        defer { server.stop() }
        for stars in [0, 6, -1] {
            #expect(throws: ServiceError.self) { _ = try service(server).rate(weather, stars: stars, token: "t") }
        }
        #expect(server.requests.isEmpty)
    }

    @Test func loginReadsForeverAndSecondsAndHidesWhichPartWasWrong() throws {
        let server = try LoopbackHTTPServer { request in
            let form = String(decoding: request.body, as: UTF8.self)
            if form.contains("password=wrong") { return jettyError(422, "Invalid credentials") }
            if form.contains("login=nobody") { return jettyError(401, "Invalid credentials") }
            let forever = form.contains("valid_seconds=")
            return javascript(["accepted": true, "access_token": "abcDEF123", "uuid": "x",
                               "valid_seconds": forever ? "forever" : 604800 as Any,
                               "message": "You are logged in as ada@example.com"])
        }
        defer { server.stop() }
        let grant = try service(server).login(email: "ada@example.com", password: "Secret#123", validFor: nil)
        #expect(grant.token == "abcDEF123")
        #expect(grant.expires != nil)
        #expect(try service(server).login(email: "ada@example.com", password: "Secret#123", validFor: 60).expires == nil)
        for (login, password) in [("ada@example.com", "wrong"), ("nobody@example.com", "Secret#123")] {
            do {
                _ = try service(server).login(email: login, password: password, validFor: nil)
                Issue.record("login must fail")
            } catch let error as ServiceError {
                #expect(error.kind == .forbidden)
                #expect(error.message == "Invalid email or password.")
            }
        }
        #expect(server.requests.allSatisfy { $0.method == "POST" && !$0.target.contains("password") })
    }

    @Test func retriesIdempotentCallsOn503Only() throws {
        let counter = Counter()
        let server = try LoopbackHTTPServer { _ in
            counter.next() < 2 ? jettyError(503, "your request frequency is too high") : javascript(["accepted": true, "groups": ["Knowledge"]])
        }
        defer { server.stop() }
        #expect(try service(server, retries: 2).groups() == ["Knowledge"])
        #expect(server.requests.count == 3)

        let writes = try LoopbackHTTPServer { _ in jettyError(503, "busy") }
        defer { writes.stop() }
        #expect(throws: ServiceError.self) {
            try service(writes, retries: 2).postFeedback(weather, text: "nice", token: "t")
        }
        #expect(writes.requests.count == 1)
    }

    @Test func aMalformedBodyIsADataError() throws {
        let server = try LoopbackHTTPServer { _ in .text("this is not json", status: 200, contentType: "application/javascript") }
        defer { server.stop() }
        do {
            _ = try service(server).groups()
            Issue.record("not JSON")
        } catch let error as ServiceError {
            #expect(error.kind == .malformedResponse)
            #expect(error.exitCode == .dataError)
        }
    }

    @Test func devicesAreReadFromAMapKeyedByMAC() throws {
        let server = try LoopbackHTTPServer { _ in
            javascript(["accepted": true, "devices": [
                "AA:BB:CC:DD:EE:FF": ["name": "Speaker", "room": "Kitchen", "deviceAddTime": "2026-11-29T21:42:02.203Z",
                                      "geolocation": ["latitude": "Latitude not available.", "longitude": "Longitude not available."]],
                "11:22:33:44:55:66": ["name": "Den", "room": "Attic", "geolocation": ["latitude": "52.5", "longitude": "13.4"]],
            ]], anonymous: false, name: "ada@example.com")
        }
        defer { server.stop() }
        let devices = try service(server).devices(token: "t")
        #expect(devices.map(\.room) == ["Attic", "Kitchen"])
        #expect(devices[0].latitude == 52.5)
        #expect(devices[1].latitude == nil)
        #expect(devices[1].added != nil)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}

/// Deleting feedback is our extension (`/cms/removeSkillFeedback.json`);
/// a server without it says so instead of "not found".
@Suite("RemoteService.deleteFeedback")
struct RemoteDeleteFeedbackTests {
    @Test func aServerWithoutTheCallIsUnavailableNotMissing() throws {
        let server = try LoopbackHTTPServer { request in
            if request.path == "/cms/getSkillMetadata.json" {
                return javascript(["accepted": true, "skill_metadata": ["skill_name": "Weather", "author": "someone",
                                                                        "examples": ["weather in Berlin"]]])
            }
            return jettyError(404, "Not Found")
        }
        defer { server.stop() }
        do {
            _ = try service(server).deleteFeedback(weather, token: "token-1")
            Issue.record("expected a refusal")
        } catch let error as ServiceError {
            #expect(error.kind == .unavailable)
            #expect(error.exitCode == .unavailable)
            #expect(error.message == "The SUSI server at \(server.baseURL) cannot delete feedback (it has no /cms/removeSkillFeedback.json).")
        }
        #expect(server.requests.map(\.path) == ["/cms/removeSkillFeedback.json", "/cms/getSkillMetadata.json"])
        #expect(server.requests.first?.method == "POST", "the token is never in a URL")
    }

    @Test func aNotFoundForAnUnknownSkillStaysNotFound() throws {
        let server = try LoopbackHTTPServer { request in
            if request.path == "/cms/getSkillMetadata.json" {
                return javascript(["accepted": false, "message": "Error: Bad parameter call"])
            }
            return jettyError(404, "Not Found")
        }
        defer { server.stop() }
        #expect(throws: ServiceError.self) { _ = try service(server).deleteFeedback(weather, token: "token-1") }
        do {
            _ = try service(server).deleteFeedback(weather, token: "token-1")
        } catch let error as ServiceError {
            #expect(error.kind == .notFound)
        }
    }

    @Test func anAnswerWithoutRemovedIsMalformed() throws {
        let server = try LoopbackHTTPServer { _ in javascript(["accepted": true], anonymous: false, name: "ada@example.org") }
        defer { server.stop() }
        do {
            _ = try service(server).deleteFeedback(weather, token: "token-1")
            Issue.record("expected a refusal")
        } catch let error as ServiceError {
            #expect(error.kind == .malformedResponse)
        }
    }
}
