import Foundation
import SusiBasics
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// HTTP serving is a port: `susi serve` hands its options to the harness's
/// server and reports what it cannot do, in-process (before the port, only
/// the built binary and a real port reached this).
@Suite("susi serve through the HTTP-serving port")
struct ServeModulePortsTests {
    final class FakeServing: HTTPServing, ServeLog, @unchecked Sendable {
        let lock = NSLock()
        var events: [String] = []
        var settings: ServeSettings?
        let loopback: Bool

        init(loopback: Bool) { self.loopback = loopback }

        func record(_ event: String) {
            lock.lock()
            events.append(event)
            lock.unlock()
        }

        var threads: Int { 3 }
        var isLoopbackOnly: Bool { loopback }
        func log(to sink: ServeLogSink) -> ServeLog {
            record("log")
            return self
        }

        func listen() throws -> ListeningServer {
            record("listen")
            throw CommandError(.unavailable, "Cannot listen on 127.0.0.1:4000: the fake says the port is taken.", hint: "Pick another with --port.")
        }

        func finishPendingWrites() throws { record("pending writes finished") }
        func append(_ line: String) { record("logged " + line) }
        func finish(within seconds: Double) { record("log finished") }
    }

    @Test func theOptionsReachThePortAndAFailedListenIsExit69WithWritesFinished() throws {
        let home = try TemporaryHome()
        let serving = FakeServing(loopback: true)
        var susi = try home.harness()
        susi.makers = {
            $0.serving = { _, settings in
                serving.settings = settings
                return serving
            }
        }
        let result = susi.run(["serve", "--port", "0", "--threads", "3", "--request-timeout", "7", "--console-budget", "0.5"])
        #expect(result.status == 69)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Cannot listen on 127.0.0.1:4000: the fake says the port is taken.\nPick another with --port.\n")
        let settings = try #require(serving.settings)
        #expect(settings.host == "127.0.0.1")
        #expect(settings.port == 0)
        #expect(settings.threads == 3)
        #expect(settings.requestTimeoutSeconds == 7)
        #expect(settings.consoleBudgetSeconds == 0.5)
        #expect(serving.events == ["log", "listen", "log finished", "pending writes finished"])
    }

    @Test func aServerThatCannotOpenItsBackendsLogsNothing() throws {
        let home = try TemporaryHome()
        var susi = try home.harness()
        susi.makers = {
            $0.serving = { _, _ in throw CommandError(.ioError, "The fake database is broken.") }
        }
        let result = susi.run(["serve", "--port", "0"])
        #expect(result.status == 74)
        #expect(result.stderr == "error: The fake database is broken.\n")
    }
}
