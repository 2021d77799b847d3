import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `susi serve` when its stderr is not read, or no longer read at all.
@Suite("susi serve end to end: faults", .enabled(if: FileManager.default.isExecutableFile(atPath: susiBinary),
                                                  "no .build/debug/susi; run 'swift build' first"))
struct ServeBinaryFaultTests {
    /// A running `susi serve --port 0` in a fresh home, and the port it printed.
    final class Running {
        let process = Process()
        let errors = Pipe()
        let home: String
        var port: UInt16 = 0
        var seen = ""

        init(_ arguments: [String] = []) throws {
            home = NSTemporaryDirectory() + "susi-serve-fault-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            process.executableURL = URL(fileURLWithPath: susiBinary)
            process.arguments = ["serve", "--port", "0"] + arguments
            process.environment = ["SUSI_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin", "SUSI_LOOPBACK_ONLY": "1"]
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let reader = errors.fileHandleForReading
            let deadline = Date().addingTimeInterval(30)
            while port == 0, Date() < deadline {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
                if let range = seen.range(of: "Serving SUSI on http://127.0.0.1:") {
                    let digits = seen[range.upperBound...].prefix { $0.isNumber }
                    if seen[range.upperBound...].contains("\n") { port = UInt16(digits) ?? 0 }
                }
            }
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(atPath: home)
        }

        /// SIGTERM, then the exit status (nil: still running after 20 s).
        func terminate() -> Int32? {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            guard !process.isRunning else { return nil }
            return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        }
    }

    @Test func aStalledStderrReaderNeitherStallsRequestsNorShutdown() throws {
        let served = try Running()
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
        let served = try Running()
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
        let failed = try Running(["--host", "192.0.2.1"])
        failed.process.waitUntilExit()
        let rest = String(decoding: failed.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let text = failed.seen + rest
        #expect(failed.process.terminationStatus == 69, "\(text)")
        #expect(text.contains("Cannot listen on 192.0.2.1"), "\(text)")
        #expect(!text.contains("other machines can reach"), "\(text)")
    }
}
