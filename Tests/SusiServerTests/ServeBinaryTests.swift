import Foundation
import SusiNet
import SusiTestKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built binary (built first if it is missing): `susi serve --port 0`,
/// asked by another `susi --server ...`, stopped with SIGTERM.
var susiBinary: String { BuiltBinary.susi }

@Suite("susi serve end to end")
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

    /// The server keeps the ranked candidates of recent queries for one
    /// generation of the skill index and reads that generation again only
    /// after a commit (CandidateCache); another process's `susi skills`
    /// command is such a commit, and the very next chat answers from it.
    @Test func anotherProcessesSkillsImportAndRemovalShowInTheNextChat() throws {
        // One thread: every chat is answered by the same service, the same cache.
        let server = try ServeBinary(["--threads", "1"], environment: { NetworkGuard.safeEnvironment(home: $0) })
        let served = try #require(server.port == 0 ? nil : server.port, "no ready line; stderr: \(server.seen)")
        let environment = NetworkGuard.safeEnvironment(home: server.home)
        func susi(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let client = Process()
            client.executableURL = URL(fileURLWithPath: susiBinary)
            client.arguments = arguments
            client.environment = environment
            let out = Pipe()
            client.standardOutput = out
            client.standardError = FileHandle.nullDevice
            client.standardInput = FileHandle.nullDevice
            try client.run()
            let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            client.waitUntilExit()
            return (client.terminationStatus, output)
        }
        func chat() throws -> String {
            let (status, answer) = try susi(["--server", "http://127.0.0.1:\(served)", "chat", "hello"])
            #expect(status == 0)
            return answer.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let greeting = "Hello! How can I help you today?"
        #expect(try chat() == greeting)
        #expect(try chat() == greeting, "from the server's cache")

        let file = server.home + "/tree/models/general/Fun/en/parrot.txt"
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "hello\nSquawk!\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try susi(["skills", "import", "-q", "--priority", "high", server.home + "/tree"]).status == 0)
        #expect(try chat() == "Squawk!")
        #expect(try chat() == "Squawk!")
        #expect(try susi(["skills", "remove", "Fun/en/parrot"]).status == 0)
        #expect(try chat() == greeting)
        #expect(server.terminate() == 0)
    }
}
