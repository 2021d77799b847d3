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
        let server = try ServeBinary(environment: { NetworkGuard.safeEnvironment(home: $0) })
        let served = try #require(server.port == 0 ? nil : server.port, "no ready line; stderr: \(server.seen)")
        let environment = NetworkGuard.safeEnvironment(home: server.home)

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

        #expect(server.terminate() == 0)
        #expect(server.process.terminationReason == .exit)
        let log = server.seen + server.remainingErrors()
        #expect(log.contains("GET /susi/chat.json?"))
        #expect(log.contains(" 200 "))
        #expect(log.contains("Stopped."))
    }
}
