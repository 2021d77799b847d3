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
