import Foundation
import Testing

/// Chat speech through a stand-in for espeak-ng (SUSI_SPEECH_COMMAND) that
/// logs what it was asked to say, and whether it finished or was stopped.
@Suite("Chat speech", .serialized, .enabled(if: EndToEnd.binaryExists, "no .build/debug/susi; run 'swift build' first"))
struct SpeechTests {
    static let fakeSpeaker = """
    #!/bin/sh
    for last; do :; done
    echo "start $last" >> "$SPEECH_LOG"
    sleep 30 &
    pid=$!
    trap 'kill $pid; echo "stopped $last" >> "$SPEECH_LOG"; exit 0' TERM
    wait $pid
    echo "done $last" >> "$SPEECH_LOG"
    """

    struct Setup {
        let home: TemporaryHome
        let log: String
        let environment: [String: String]
    }

    func setup() throws -> Setup {
        let home = try TemporaryHome()
        let script = home.path + "/fake-espeak"
        FileManager.default.createFile(atPath: script, contents: Data(Self.fakeSpeaker.utf8), attributes: [.posixPermissions: 0o755])
        let log = home.path + "/speech.log"
        FileManager.default.createFile(atPath: log, contents: Data())
        return Setup(home: home, log: log, environment: [
            "SUSI_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "SUSI_LOOPBACK_ONLY": "1",
            "SUSI_SPEAKER": "127.0.0.1:9", "SUSI_SPEECH_COMMAND": script, "SPEECH_LOG": log,
        ])
    }

    func waitForLog(_ path: String, containing text: String) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let content = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if content.contains(text) { return content }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let content = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        Issue.record("the speech log never contained \(text.debugDescription); it has:\n\(content)")
        return content
    }

    @Test func aStopReplyAndANewQuerySilenceSpeechAtOnce() throws {
        let setup = try setup()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        process.arguments = ["chat", "--speak"]
        process.environment = setup.environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()

        input.fileHandleForWriting.write(Data("hello\n".utf8))
        _ = try waitForLog(setup.log, containing: "start Hello! How can I help you today?")
        // A new query stops the answer being spoken and speaks the next.
        input.fileHandleForWriting.write(Data("who are you\n".utf8))
        _ = try waitForLog(setup.log, containing: "start I am SUSI")
        // A stop reply silences it and is not spoken itself.
        input.fileHandleForWriting.write(Data("stop\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let log = try String(contentsOfFile: setup.log, encoding: .utf8)
        #expect(log.contains("stopped Hello! How can I help you today?"))
        #expect(log.contains("stopped I am SUSI"))
        #expect(!log.contains("done "))
        #expect(!log.contains("Stopped."))
    }

    @Test func speechIsOffUnlessAskedAndNoSpeakWins() throws {
        let setup = try setup()
        #expect(try EndToEnd.run(["chat", "hello"], home: setup.home.path).status == 0)
        let silent = Process()
        silent.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        silent.arguments = ["chat", "--no-speak", "hello"]
        var environment = setup.environment
        environment["SUSI_SPEECH_OUTPUT"] = "always"
        silent.environment = environment
        silent.standardOutput = FileHandle.nullDevice
        try silent.run()
        silent.waitUntilExit()
        #expect(silent.terminationStatus == 0)
        #expect(try String(contentsOfFile: setup.log, encoding: .utf8).isEmpty)
    }

    @Test func aMissingSpeakerIsAWarningNotAFailure() throws {
        var setup = try setup()
        var environment = setup.environment
        environment["SUSI_SPEECH_COMMAND"] = setup.home.path + "/no-such-espeak"
        setup = Setup(home: setup.home, log: setup.log, environment: environment)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        process.arguments = ["chat", "--speak", "hello"]
        process.environment = setup.environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output == "Hello! How can I help you today?\n")
        #expect(errors.contains("warning: Cannot speak"))
        #expect(errors.contains("apt-get install espeak-ng"))
    }
}
