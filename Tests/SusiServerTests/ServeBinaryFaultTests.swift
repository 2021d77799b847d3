import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `susi serve` when its stderr is not read, or no longer read at all.
@Suite("susi serve end to end: faults")
struct ServeBinaryFaultTests {
    @Test func aStalledStderrReaderNeitherStallsRequestsNorShutdown() throws {
        let served = try ServeBinary()
        #expect(served.port != 0, "no ready line: \(served.seen)")
        // Nobody reads stderr from here on: a pipe holds about 64 KiB, some 600 lines.
        let started = Date()
        for index in 0..<1500 {
            let response = try RawHTTP.send(port: served.port, method: "GET", target: "/cms/getGroups.json?n=\(index)")
            #expect(response.status == 200)
            if response.status != 200 { break }
        }
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(served.terminate() == 0)
    }

    @Test func sigtermExitsZeroWhenTheStderrReaderIsGone() throws {
        let served = try ServeBinary()
        #expect(served.port != 0, "no ready line: \(served.seen)")
        try served.errors.fileHandleForReading.close()
        for index in 0..<5 {
            let response = try RawHTTP.send(port: served.port, method: "GET", target: "/susi/chat.json?q=hello&n=\(index)")
            #expect(response.status == 200)
        }
        #expect(served.terminate() == 0)
    }

    @Test func theNonLoopbackWarningComesOnlyAfterASuccessfulBind() throws {
        // 192.0.2.1 is TEST-NET-1: never configured here, so the bind fails without a packet sent.
        let failed = try ServeBinary(["--host", "192.0.2.1"])
        failed.process.waitUntilExit()
        let rest = String(decoding: failed.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let text = failed.seen + rest
        #expect(failed.process.terminationStatus == 69, "\(text)")
        #expect(text.contains("Cannot listen on 192.0.2.1"), "\(text)")
        #expect(!text.contains("other machines can reach"), "\(text)")
    }
}
