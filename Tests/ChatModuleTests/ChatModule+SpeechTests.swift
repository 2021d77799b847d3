import Foundation
import SusiNet
import SusiTestKit
import Testing

/// Chat speech through a stand-in for espeak-ng (SUSI_SPEECH_COMMAND) that
/// logs what it was asked to say, and whether it finished or was stopped.
@Suite("Chat speech", .serialized)
struct SpeechTests {
    static let fakeSpeaker = """
    #!/bin/sh
    for last; do :; done
    # The trap first: a TERM right after "start" is logged must still log "stopped".
    pid=
    trap 'kill $pid 2>/dev/null; echo "stopped $last" >> "$SPEECH_LOG"; exit 0' TERM
    sleep 30 &
    pid=$!
    echo "start $last" >> "$SPEECH_LOG"
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
        _ = FileManager.default.createFile(atPath: script, contents: Data(Self.fakeSpeaker.utf8), attributes: [.posixPermissions: 0o755])
        let log = home.path + "/speech.log"
        _ = FileManager.default.createFile(atPath: log, contents: Data())
        return Setup(home: home, log: log, environment: NetworkGuard.safeEnvironment(home: home.path, [
            "SUSI_SPEECH_COMMAND": script, "SPEECH_LOG": log,
        ]))
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

    /// Runs the binary to the end with the stand-in speaker wired in.
    func run(_ arguments: [String], _ environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func speechIsOffUnlessAskedAndNoSpeakWins() throws {
        let setup = try setup()
        // The stand-in speaker is wired in every run below, so each silence
        // is susi's choice; the last run shows the speaker would have logged.
        #expect(try run(["chat", "hello"], setup.environment) == 0)
        #expect(try String(contentsOfFile: setup.log, encoding: .utf8).isEmpty)
        var always = setup.environment
        always["SUSI_SPEECH_OUTPUT"] = "always"
        #expect(try run(["chat", "--no-speak", "hello"], always) == 0)
        #expect(try String(contentsOfFile: setup.log, encoding: .utf8).isEmpty)

        var quick = setup.environment
        let quickSpeaker = setup.home.path + "/quick-espeak"
        _ = FileManager.default.createFile(atPath: quickSpeaker, contents: Data("#!/bin/sh\nfor last; do :; done\necho \"said $last\" >> \"$SPEECH_LOG\"\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        quick["SUSI_SPEECH_COMMAND"] = quickSpeaker
        #expect(try run(["chat", "--speak", "hello"], quick) == 0)
        #expect(try String(contentsOfFile: setup.log, encoding: .utf8).contains("said Hello!"))
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
