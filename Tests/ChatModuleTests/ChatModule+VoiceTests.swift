import Foundation
import SusiNet
import SusiTestKit
import Testing

/// Which voice, rate and pitch chat gives espeak-ng (a stand-in that logs
/// its arguments), from the voice settings on the apps' scale.
@Suite("Chat speech voice")
struct ChatVoiceTests {
    func spokenArguments(_ extra: [String: String], config: String? = nil) throws -> String {
        let home = try TemporaryHome()
        let log = home.path + "/speech.log"
        let speaker = try home.script("fake-espeak", "echo \"$@\" >> \"$SPEECH_LOG\"\n")
        if let config { try home.writeConfig(config) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        process.arguments = ["chat", "--speak", "hello"]
        process.environment = NetworkGuard.safeEnvironment(home: home.path, [
            "SUSI_SPEECH_COMMAND": speaker, "SPEECH_LOG": log,
        ].merging(extra) { _, new in new })
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }

    @Test func withoutAChosenVoiceTheLanguagePicksIt() throws {
        #expect(try spokenArguments([:]) == "-v en -s 175 -p 50 -- Hello! How can I help you today?\n")
        #expect(try spokenArguments(["SUSI_LANGUAGE": "de"]).hasPrefix("-v de -s 175 -p 50 -- "))
        #expect(try spokenArguments(["SUSI_LANGUAGE": "fr"]).hasPrefix("-v fr -s 175 -p 50 -- "))
    }

    @Test func theChosenVoiceRateAndPitchAreUsed() throws {
        let config = "{\"voice\": \"en-GB-x-rp\", \"speech.rate\": 2, \"speech.pitch\": 0.5}"
        #expect(try spokenArguments(["SUSI_LANGUAGE": "de"], config: config) == "-v en-GB-x-rp -s 350 -p 25 -- Hello! How can I help you today?\n")
        // A config file from before the apps' scale keeps its meaning.
        #expect(try spokenArguments([:], config: "{\"speech.rate\": 263, \"speech.pitch\": 60}").hasPrefix("-v en -s 263 -p 60 -- "))
    }
}
