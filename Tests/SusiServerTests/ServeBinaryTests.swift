import Foundation
import SusiNet
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built binary: `susi serve --port 0`, asked by another `susi
/// --server ...`, stopped with SIGTERM.
let susiBinary = packageRoot + "/.build/debug/susi"

@Suite("susi serve end to end", .enabled(if: FileManager.default.isExecutableFile(atPath: susiBinary),
                                          "no .build/debug/susi; run 'swift build' first"))
struct ServeBinaryTests {

    @Test func serveAnswersAnotherSusiAndStopsOnSIGTERM() throws {
        let home = NSTemporaryDirectory() + "susi-serve-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = NetworkGuard.safeEnvironment(home: home)

        let server = Process()
        server.executableURL = URL(fileURLWithPath: susiBinary)
        server.arguments = ["serve", "--port", "0"]
        server.environment = environment
        let errors = Pipe()
        server.standardError = errors
        server.standardOutput = FileHandle.nullDevice
        server.standardInput = FileHandle.nullDevice
        try server.run()
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }

        // Read stderr until the ready line names the port.
        var seen = ""
        var port: String?
        let reader = errors.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        while port == nil, Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if let range = seen.range(of: "Serving SUSI on http://127.0.0.1:") {
                let digits = seen[range.upperBound...].prefix { $0.isNumber }
                if seen[range.upperBound...].contains("\n"), !digits.isEmpty { port = String(digits) }
            }
        }
        let served = try #require(port, "no ready line; stderr: \(seen)")

        let client = Process()
        client.executableURL = URL(fileURLWithPath: susiBinary)
        client.arguments = ["--server", "http://127.0.0.1:\(served)", "chat", "hello"]
        client.environment = environment
        let out = Pipe()
        client.standardOutput = out
        client.standardError = FileHandle.nullDevice
        try client.run()
        let answer = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        #expect(client.terminationStatus == 0)
        #expect(answer.contains("Hello"))

        kill(server.processIdentifier, SIGTERM)
        let rest = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        server.waitUntilExit()
        #expect(server.terminationReason == .exit)
        #expect(server.terminationStatus == 0)
        let log = seen + rest
        #expect(log.contains("GET /susi/chat.json?"))
        #expect(log.contains(" 200 "))
        #expect(log.contains("Stopped."))
    }
}
