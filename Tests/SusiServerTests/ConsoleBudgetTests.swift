import Foundation
@testable import SusiServer
import SusiTestSupport
import Testing

/// A skill whose console URL is slow must not starve the server: each
/// request's console fetches have a short budget, and they can never
/// occupy every worker.
@Suite("susi serve: slow consoles")
struct ConsoleBudgetTests {
    static let skill = """
    slow weather in *
    !console:It is $temp$ degrees in $1$.
    {"url": "URL/weather?city=$1$", "path": "$"}
    eol

    slow weather in *
    The weather service did not answer in time.
    """

    @Test func slowConsoleFetchesNeitherStarveOthersNorOutliveTheirBudget() throws {
        let slow = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.json("{\"temp\": 21}")
            response.delay = 3
            return response
        }
        defer { slow.stop() }
        let served = try ServedSUSI(limits: ServerLimits(threads: 4), consoleBudget: 0.5,
                                    skills: ["general/Test/en/slow_weather.txt": Self.skill.replacingOccurrences(of: "URL", with: slow.baseURL)])
        let port = served.server.port
        let results = ResultBox()
        let group = DispatchGroup()
        for index in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                let started = Date()
                let response = try? RawHTTP.send(port: port, method: "GET", target: "/susi/chat.json?q=slow+weather+in+city\(index)")
                results.add(response, Date().timeIntervalSince(started))
                group.leave()
            }
        }
        Thread.sleep(forTimeInterval: 0.2)
        let started = Date()
        let hello = try served.get("/susi/chat.json?q=hello")
        let helloTook = Date().timeIntervalSince(started)
        #expect(hello.status == 200)
        #expect(helloTook < 1, "hello waited \(helloTook) s behind slow consoles")
        #expect(group.wait(timeout: .now() + 20) == .success)
        for (response, took) in results.all {
            #expect(response?.status == 200)
            let text = AnonymousCallerTests.answer(response ?? RawResponse(status: 0, headers: [:], body: []))
            #expect(text == "The weather service did not answer in time.", "got: \(text)")
            // The budget plus the time spent waiting for a worker behind other slow requests.
            #expect(took < 2.5, "a slow-console request took \(took) s")
        }
    }

    /// Chats are answered on libmicrohttpd's threads; one that fetches a
    /// console is answered again by a worker, so with a single
    /// libmicrohttpd thread (which every connection shares) a console that
    /// takes seconds still stalls nobody, and its chat gets the data,
    /// fetched once, with one cookie offered and its memory stored once.
    @Test func aSlowConsoleOnTheOnlyLibmicrohttpdThreadStallsNoOtherConnection() throws {
        let slow = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.json("{\"temp\": 21}")
            response.delay = 2
            return response
        }
        defer { slow.stop() }
        let served = try ServedSUSI(limits: ServerLimits(threads: 1), consoleBudget: 30,
                                    skills: ["general/Test/en/slow_weather.txt": Self.skill.replacingOccurrences(of: "URL", with: slow.baseURL)])
        let port = served.server.port
        nonisolated(unsafe) var weather: RawResponse?
        nonisolated(unsafe) var weatherDone: Date?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            weather = try? RawHTTP.send(port: port, method: "GET", target: "/susi/chat.json?q=slow+weather+in+paris",
                                        headers: ["User-Agent": "weather-client"])
            weatherDone = Date()
            done.signal()
        }
        let deadline = Date().addingTimeInterval(10)
        while slow.requests.isEmpty, Date() < deadline { usleep(5_000) }
        #expect(slow.requests.count == 1, "the console fetch did not start")
        var hellos: [String] = []
        for _ in 0..<3 { hellos.append(AnonymousCallerTests.answer(try served.get("/susi/chat.json?q=hello"))) }
        let hellosDone = Date()
        #expect(hellos.allSatisfy { !$0.isEmpty })
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(hellosDone < (weatherDone ?? .distantPast), "hello waited behind the slow console")
        let answered = try #require(weather)
        #expect(AnonymousCallerTests.answer(answered) == "It is 21 degrees in paris.")
        // The abandoned inline attempt fetched nothing and offered no cookie of its own.
        #expect(slow.requests.count == 1)
        let api = try #require(served.server.handler as? SusiAPI)
        let cookie = try #require(answered.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        // The three hellos and the weather chat: one cookie each.
        #expect(api.callers.offeredCount == 4)
        // The cookie continues the weather chat's conversation (remembered once, from the worker's answer).
        let memory = try served.get("/susi/memory.json", headers: ["Cookie": cookie, "User-Agent": "weather-client"])
        let cognitions = memory.json["cognitions"] as? [[String: Any]] ?? []
        #expect(cognitions.count == 1, "memory.json: \(memory.text)")
        #expect(memory.text.contains("It is 21 degrees in paris."))
    }

    @Test func aFastConsoleStillAnswersWithItsData() throws {
        let fast = try LoopbackHTTPServer { _ in .json("{\"temp\": 21}") }
        defer { fast.stop() }
        // A generous budget: under a loaded test run the request itself may
        // take seconds before its fetch, which is not what this test is about.
        let served = try ServedSUSI(consoleBudget: 30,
                                    skills: ["general/Test/en/slow_weather.txt": Self.skill.replacingOccurrences(of: "URL", with: fast.baseURL)])
        let response = try served.get("/susi/chat.json?q=slow+weather+in+paris")
        #expect(AnonymousCallerTests.answer(response) == "It is 21 degrees in paris.")
        #expect(fast.requests.count == 1)
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [(RawResponse?, Double)] = []
        func add(_ response: RawResponse?, _ took: Double) {
            lock.lock()
            results.append((response, took))
            lock.unlock()
        }
        var all: [(RawResponse?, Double)] {
            lock.lock()
            defer { lock.unlock() }
            return results
        }
    }
}
