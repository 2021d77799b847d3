import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// The installed voices are a port: the harness's catalogue is the one
/// `voice list`, `voice set` and the `voice` setting's check see.
@Suite("susi voice through the voice catalogue port")
struct VoiceModulePortsTests {
    static let catalogue = VoiceCatalogue(voices: [
        Voice(name: "Testish", identifier: "tst/xx-YY", languages: ["xx-yy", "xx"], gender: "female"),
    ])

    func harness(_ home: TemporaryHome) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = { $0.voices = { _ in Self.catalogue } }
        return susi
    }

    @Test func listShowsTheHarnessesVoices() throws {
        let home = try TemporaryHome()
        let result = try harness(home).run(["voice", "list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("xx-YY"))
        #expect(result.stdout.contains("Testish"))
        #expect(!result.stdout.contains("en-US"))
    }

    @Test func setAndTheSettingCheckUseTheHarnessesVoices() throws {
        let home = try TemporaryHome()
        let susi = try harness(home)
        let set = susi.run(["voice", "set", "xx_yy"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.hasPrefix("SUSI's voice is now xx-YY ("))
        let refused = susi.run(["voice", "set", "en-US"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("error: No voice 'en-US' is installed."))
        #expect(susi.run(["config", "get", "voice"]).stdout == "xx-YY\n")
        let viaConfig = susi.run(["config", "set", "voice", "en-US"])
        #expect(viaConfig.status == 64)
        #expect(susi.run(["config", "get", "voice"]).stdout == "xx-YY\n")
    }
}

/// Speech synthesis is a port: `voice say` hands its pieces of text and
/// the chosen voice to the harness's synthesis, with no espeak-ng and no
/// sound device (before the port, only PATH scripts and a real libespeak-ng
/// reached this).
@Suite("susi voice say through the speech-synthesis port")
struct VoiceSayPortsTests {
    final class FakeSynthesis: SpeechSynthesis, SpeechPlayer, @unchecked Sendable {
        let hasPlayer: Bool
        var spoken: [String] = []
        var parameters: [SpeechParameters] = []
        var written: [String] = []

        init(hasPlayer: Bool) { self.hasPlayer = hasPlayer }

        func write(_ next: () throws -> String?, to path: String, _ parameters: SpeechParameters) throws -> WrittenSpeech {
            while let piece = try next() { spoken.append(piece) }
            self.parameters.append(parameters)
            written.append(path)
            return WrittenSpeech(samples: 22050, sampleRate: 22050)
        }

        func findPlayer() -> SpeechPlayerLookup {
            hasPlayer ? .found(self) : .missing(reason: "the fake has no player")
        }

        var path: String { "/fake/player" }

        func play(_ next: () throws -> String?, _ parameters: SpeechParameters) throws -> Bool {
            while let piece = try next() { spoken.append(piece) }
            self.parameters.append(parameters)
            return true
        }
    }

    func harness(_ home: TemporaryHome, _ synthesis: FakeSynthesis) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = {
            $0.voices = { _ in VoiceModulePortsTests.catalogue }
            $0.synthesis = { _ in synthesis }
        }
        return susi
    }

    @Test func sayPlaysThroughThePortsPlayerWithTheChosenVoice() throws {
        let home = try TemporaryHome()
        let synthesis = FakeSynthesis(hasPlayer: true)
        let result = try harness(home, synthesis).run(["voice", "say", "Hello", "there", "--voice", "xx-YY", "--rate", "2.0"])
        #expect(result == InProcess.Result(stdout: "", stderr: "", status: 0))
        #expect(synthesis.spoken.joined() == "Hello there")
        #expect(synthesis.parameters == [SpeechParameters(voice: "tst/xx-YY", wordsPerMinute: 350, pitch: 50)])
        #expect(synthesis.written.isEmpty)
    }

    @Test func outWritesThroughThePortAndReportsWhatWasWritten() throws {
        let home = try TemporaryHome()
        let synthesis = FakeSynthesis(hasPlayer: false)
        let result = try harness(home, synthesis).run(["voice", "say", "Hello", "--voice", "xx", "--out", "hello.wav"])
        #expect(result == InProcess.Result(stdout: "", stderr: "Wrote hello.wav: 1.0 s of speech, 44144 bytes.\n", status: 0))
        #expect(synthesis.written == ["hello.wav"])
        #expect(synthesis.spoken == ["Hello"])
    }

    @Test func noPlayerIsExit69WithThePortsReasonAndNothingSpoken() throws {
        let home = try TemporaryHome()
        let synthesis = FakeSynthesis(hasPlayer: false)
        let result = try harness(home, synthesis).run(["voice", "say", "Hello", "--voice", "xx"])
        #expect(result.status == 69)
        #expect(result.stderr == """
            error: Cannot play speech: the fake has no player.
            Write it to a file instead: susi voice say "..." --out speech.wav

            """)
        #expect(synthesis.spoken.isEmpty)
    }
}
