import Foundation
import SusiServer
import Testing

/// What RemoteService cannot show: status codes, JSON error bodies with the
/// session envelope, headers, parameter forms, limits and the access log.
@Suite("susi serve over raw HTTP")
struct RawHTTPTests {
    static func signedIn(_ served: ServedSUSI, _ email: String = "ray@example.com") throws -> String {
        let remote = served.remote()
        try remote.signUp(email: email, password: password)
        return try remote.login(email: email, password: password, validFor: nil).token
    }

    @Test func chatShapeHeadersAndEnvelope() throws {
        let served = try ServedSUSI()
        let response = try served.get("/susi/chat.json?q=hello&timezoneOffset=-120",
                                      headers: ["User-Agent": "test-agent"])
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        let json = response.json
        for key in ["query", "answers", "query_date", "query_language", "answer_date", "answer_time", "client_id", "session"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let identity = response.identity
        #expect(identity["type"] as? String == "host")
        #expect(identity["anonymous"] as? Bool == true)
        #expect((identity["name"] as? String)?.hasPrefix("127.0.0.1_") == true)
        let clientID = Data(base64Encoded: json["client_id"] as? String ?? "").map { String(decoding: $0, as: UTF8.self) }
        #expect(clientID == "host_" + (identity["name"] as? String ?? ""))
    }

    @Test func getAndPostAreAlikeAndTheiOSTokenSpellingWorks() throws {
        let served = try ServedSUSI()
        let token = try Self.signedIn(served)
        let viaGet = try served.get("/aaa/login.json?checkLogin=true&access_token=\(token)")
        let viaPost = try served.post("/aaa/login.json", form: "checkLogin=true&access_token=\(token)")
        for response in [viaGet, viaPost] {
            #expect(response.status == 200)
            #expect(response.json["loggedIn"] as? Bool == true)
            #expect(response.identity["name"] as? String == "ray@example.com")
            #expect(response.identity["anonymous"] as? Bool == false)
        }
        let chat = try served.get("/susi/chat.json?q=hello&access-token=\(token)")
        #expect(chat.identity["name"] as? String == "ray@example.com")
        let plus = try served.post("/susi/chat.json", form: "q=my+name+is+ray%21&access_token=\(token)")
        #expect(plus.json["query"] as? String == "my name is ray!")
    }

    @Test func badStarsAreRefusedWithJSONBodies() throws {
        let served = try ServedSUSI()
        let token = try Self.signedIn(served)
        let skill = "/cms/fiveStarRateSkill.json?model=general&group=Knowledge&language=en&skill=time&access_token=\(token)"
        for (stars, fragment) in [("0", "from 1 to 5"), ("7", "from 1 to 5"), ("abc", "from 1 to 5"), ("4.5", "from 1 to 5")] {
            let response = try served.get(skill + "&stars=\(stars)")
            #expect(response.status == 422, "stars=\(stars)")
            #expect(response.json["accepted"] as? Bool == false)
            #expect((response.json["message"] as? String)?.contains(fragment) == true)
            #expect(response.identity["name"] as? String == "ray@example.com")
        }
        let missing = try served.get(skill)
        #expect(missing.status == 422)
        #expect((missing.json["message"] as? String)?.contains("Rating not provided") == true)
        let ratings = try served.get("/cms/getSkillMetadata.json?model=general&group=Knowledge&language=en&skill=time")
        let stars = ((ratings.json["skill_metadata"] as? [String: Any])?["skill_rating"] as? [String: Any])?["stars"] as? [String: Any]
        #expect(stars?["total_star"] as? Int == 0)
        #expect(stars?["avg_star"] as? Int == 0)
    }

    @Test func statusesForMissingParametersAndServiceErrors() throws {
        let served = try ServedSUSI()
        let cases: [(String, Int, String)] = [
            ("/cms/getSkillFeedback.json?group=Knowledge", 400, "'skill'"),
            ("/cms/getRatingByUser.json?skill=time&access_token=x", 400, "'group'"),
            ("/cms/rateSkill.json?skill=time&rating=sideways", 422, "positive or negative"),
            ("/cms/rateSkill.json?skill=time", 422, "Rating not provided"),
            ("/susi/chat.json?q=hi&timezoneOffset=abc", 400, "timezoneOffset"),
            ("/cms/getSkillList.json?count=-1", 422, "Invalid count"),
            ("/cms/getSkillList.json?count=many", 400, "'count'"),
            ("/cms/getSkillList.json?reviewed=maybe", 400, "reviewed"),
            ("/aaa/listUserSettings.json", 401, "needs an account"),
            ("/aaa/listUserSettings.json?access_token=unknown", 401, "no longer valid"),
            ("/cms/feedbackSkill.json?skill=no_such_skill&feedback=x&access_token=unknown", 401, "no longer valid"),
            ("/cms/getSkillFeedback.json?group=Knowledge&skill=no_such_skill", 404, "no_such_skill"),
            ("/aaa/login.json?login=a@example.com&password=x", 400, "Bad login parameters"),
            ("/aaa/login.json?login=a@example.com&password=Secret-pass1&type=access-token", 403, "Invalid email or password"),
            ("/aaa/login.json?logout=true", 401, "Unauthorized"),
            ("/aaa/signup.json?signup=a@example.com&password=short", 422, "password"),
            ("/aaa/checkRegistration.json", 400, "Email not provided"),
            ("/aaa/addNewDevice.json?macid=zz&name=a&room=b", 400, "Invalid Mac Address"),
            ("/aaa/addNewDevice.json?name=a", 400, "missing arguments"),
            ("/aaa/changeUserSettings.json?count=1", 400, "not provided"),
            ("/no/such/call.json", 404, "no API call"),
        ]
        for (target, status, fragment) in cases {
            let response = try served.get(target)
            #expect(response.status == status, "\(target)")
            #expect(response.json["accepted"] as? Bool == false, "\(target)")
            #expect((response.json["message"] as? String)?.contains(fragment) == true, "\(target): \(response.text)")
            #expect(response.identity["anonymous"] as? Bool == true, "\(target)")
        }
        let put = try RawHTTP.send(port: served.server.port, method: "PUT", target: "/susi/chat.json")
        #expect(put.status == 405)
        #expect(put.headers["allow"]?.contains("POST") == true)
        #expect(put.json["accepted"] as? Bool == false)
    }

    @Test func softFailuresKeepTheReferenceShape() throws {
        let served = try ServedSUSI()
        let metadata = try served.get("/cms/getSkillMetadata.json?skill=time")
        #expect(metadata.status == 200)
        #expect(metadata.json["accepted"] as? Bool == false)
        let text = try served.get("/cms/getSkill.json?skill=no_such_skill")
        #expect(text.status == 200 && text.json["accepted"] as? Bool == false)
        let feedback = try served.get("/cms/getSkillFeedback.json?group=Knowledge&skill=time")
        #expect(feedback.status == 200 && feedback.json["accepted"] as? Bool == false)
        #expect((feedback.json["feedback"] as? [Any])?.isEmpty == true)
        let list = try served.get("/cms/getSkillList.json?applyFilter=true&filter_type=lexicographical&filter_name=descending&count=3")
        #expect(list.json["pageCount"] as? Int ?? 0 > 1)
        let names = (list.json["filteredData"] as? [[String: Any]] ?? []).compactMap { $0["skill_tag"] as? String }
        #expect(names.count == 3 && names == names.sorted(by: >))
        #expect((list.json["skills"] as? [String: Any])?["time"] != nil)
        let parameters = try served.get("/aaa/signup.json?getParameters=true")
        #expect(parameters.json["regex"] is String)
    }

    @Test func bodiesOverTheLimitGet413() throws {
        let served = try ServedSUSI(limits: ServerLimits(threads: 2, maxBodyBytes: 1024))
        let big = "q=" + String(repeating: "a", count: 4096)
        let response = try served.post("/susi/chat.json", form: big)
        #expect(response.status == 413)
        #expect(response.json["accepted"] as? Bool == false)
        #expect((response.json["message"] as? String)?.contains("1024") == true)
        let small = try served.post("/susi/chat.json", form: "q=hello")
        #expect(small.status == 200)
        // Chunked: no length up front; refused at once (411), whatever its size.
        let fd = try RawHTTP.connect(port: served.server.port)
        defer { close(fd) }
        var request = "POST /susi/chat.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        request += "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
        let chunk = String(repeating: "b", count: 2000)
        request += String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n0\r\n\r\n"
        RawHTTP.writeAll(fd, Array(request.utf8))
        #expect(try RawHTTP.parse(RawHTTP.readAll(fd)).status == 411)
    }

    @Test func headersOverTheLimitAreRefused() throws {
        let served = try ServedSUSI(limits: ServerLimits(threads: 2, maxHeaderBytes: 8192))
        let response = try served.get("/susi/chat.json?q=hi", headers: ["X-Padding": String(repeating: "p", count: 16384)])
        #expect((400..<500).contains(response.status))
    }

    @Test func theAccessLogRedactsSecrets() throws {
        let served = try ServedSUSI()
        let token = try Self.signedIn(served)
        _ = try served.get("/aaa/login.json?login=ray@example.com&password=\(password)&type=access-token")
        _ = try served.get("/susi/chat.json?q=hello&access-token=\(token)")
        _ = try served.get("/aaa/changepassword.json?changepassword=ray@example.com&password=\(password)&newpassword=New-secret9&access_token=\(token)")
        Thread.sleep(forTimeInterval: 0.2)
        let lines = served.log.all
        #expect(lines.count >= 4)
        let text = lines.joined(separator: "\n")
        #expect(!text.contains(password))
        #expect(!text.contains("New-secret9"))
        #expect(!text.contains(token))
        #expect(text.contains("password=REDACTED"))
        #expect(text.contains("access-token=REDACTED"))
        #expect(lines.contains { $0.hasPrefix("127.0.0.1 GET /susi/chat.json?q=hello&access-token=REDACTED 200 ") && $0.hasSuffix("ms") })
        #expect(lines.contains { $0.contains("POST /aaa/login.json 200") })
    }
}

/// The HTTP layer alone, with a handler that can be made slow.
@Suite("HTTP server lifecycle")
struct LifecycleTests {
    struct SlowHandler: HTTPHandler {
        func respond(to request: HTTPRequest) -> HTTPResponse {
            if request.path == "/slow" { Thread.sleep(forTimeInterval: 0.8) }
            return .json(200, "{\"path\":\"\(request.path)\"}")
        }

        func reject(_ request: HTTPRequest, status: Int, message: String) -> HTTPResponse {
            .json(status, "{\"accepted\":false}")
        }
    }

    @Test func shutdownLetsASlowRequestFinish() throws {
        let log = LogLines()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2), log: { log.append($0) },
                                    handler: SlowHandler())
        let port = server.port
        nonisolated(unsafe) var slow: RawResponse?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            slow = try? RawHTTP.send(port: port, method: "GET", target: "/slow")
            done.signal()
        }
        let deadline = Date().addingTimeInterval(5)
        while server.requestsInFlight == 0, Date() < deadline { usleep(2_000) }
        #expect(server.requestsInFlight == 1)
        let started = Date()
        server.stop(graceSeconds: 5)
        #expect(Date().timeIntervalSince(started) > 0.3)
        done.wait()
        #expect(slow?.status == 200)
        #expect(slow?.text == "{\"path\":\"/slow\"}")
        #expect(throws: (any Error).self) { try RawHTTP.send(port: port, method: "GET", target: "/fast") }
        #expect(log.all.contains { $0.contains("GET /slow 200") })
    }

    /// Answers `/fast` on libmicrohttpd's thread; `/slow` is left to a worker.
    final class InlineHandler: HTTPHandler, @unchecked Sendable {
        private let lock = NSLock()
        private var onWorker: [String] = []
        func respondInline(to request: HTTPRequest) -> HTTPResponse? {
            request.path == "/slow" ? nil : .json(200, "{\"inline\":\"\(request.path)\"}")
        }
        func respond(to request: HTTPRequest) -> HTTPResponse {
            lock.lock()
            onWorker.append(request.path)
            lock.unlock()
            Thread.sleep(forTimeInterval: 1.5)
            return .json(200, "{\"worker\":\"\(request.path)\"}")
        }
        func reject(_ request: HTTPRequest, status: Int, message: String) -> HTTPResponse {
            .json(status, "{\"accepted\":false}")
        }
        var workerPaths: [String] {
            lock.lock()
            defer { lock.unlock() }
            return onWorker
        }
    }

    @Test func quickRequestsAreAnsweredInlineWhileASlowOneHoldsAWorker() throws {
        let log = LogLines()
        let handler = InlineHandler()
        // One libmicrohttpd thread: every connection shares it with the slow request's.
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 1), log: { log.append($0) },
                                    handler: handler)
        defer { server.stop(graceSeconds: 5) }
        let port = server.port
        nonisolated(unsafe) var slow: RawResponse?
        nonisolated(unsafe) var slowDone: Date?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            slow = try? RawHTTP.send(port: port, method: "GET", target: "/slow")
            slowDone = Date()
            done.signal()
        }
        let deadline = Date().addingTimeInterval(5)
        while handler.workerPaths.isEmpty, Date() < deadline { usleep(2_000) }
        #expect(handler.workerPaths == ["/slow"])
        var fast: [RawResponse] = []
        for index in 0..<5 { fast.append(try RawHTTP.send(port: port, method: "GET", target: "/fast\(index)")) }
        let fastDone = Date()
        #expect(fast.map(\.status) == [200, 200, 200, 200, 200])
        #expect(fast.first?.text == "{\"inline\":\"/fast0\"}")
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(slow?.text == "{\"worker\":\"/slow\"}")
        // The quick ones never waited for the slow one, nor went to a worker.
        #expect(fastDone < (slowDone ?? .distantPast))
        #expect(handler.workerPaths == ["/slow"])
        server.stop(graceSeconds: 5)
        #expect(log.all.contains { $0.contains("GET /slow 200") })
        #expect(log.all.contains { $0.contains("GET /fast4 200") })
    }

    @Test func portZeroPicksAFreePortAndABusyPortIsReported() throws {
        let first = try HTTPServer(host: "127.0.0.1", port: 0, log: { _ in }, handler: SlowHandler())
        defer { first.stop() }
        #expect(first.port != 0)
        #expect(try RawHTTP.send(port: first.port, method: "GET", target: "/fast").status == 200)
        do {
            let second = try HTTPServer(host: "127.0.0.1", port: first.port, log: { _ in }, handler: SlowHandler())
            second.stop()
            Issue.record("bound a port in use")
        } catch let error as ServerError {
            #expect(error.message.contains("in use"))
        }
    }
}
