import Foundation
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// Recognition is a port: `susi listen` and `susi chat --listen` run
/// against the harness's listener and audio, with no PocketSphinx, no
/// espeak-ng and no microphone (before the port, only real speech made
/// with espeak-ng and a real decoder reached the hands-free loop).
@Suite("susi listen through the listener port")
struct ListenModulePortsTests {
    /// What the fake recogniser "hears", in order, and a log of what was asked.
    final class Script: @unchecked Sendable {
        let lock = NSLock()
        var utterances: [String]
        var hotwords: Int
        var stops: Int
        var log: [String] = []

        init(utterances: [String], hotwords: Int = 0, stops: Int = 0) {
            self.utterances = utterances
            self.hotwords = hotwords
            self.stops = stops
        }

        func record(_ line: String) {
            lock.lock()
            log.append(line)
            lock.unlock()
        }
    }

    final class FakeAudio: AudioInput {
        let name = "the fake recording"
        let isFile = true
        let position = 0
        var paced = false
        let script: Script

        init(script: Script) { self.script = script }

        func next() throws -> [Int16]? { nil }
        func close() { script.record("closed") }
    }

    final class FakeListener: SpeechListener, Utterances {
        let script: Script
        init(script: Script) { self.script = script }

        func utterances(in audio: AudioInput) -> Utterances { self }

        func next(startWithin seconds: Double?, onSpeech: () -> Void) throws -> Transcript? {
            guard !script.utterances.isEmpty else { return nil }
            onSpeech()
            let text = script.utterances.removeFirst()
            script.record("heard \(text)")
            return Transcript(text: text, confidence: 0.9, source: "skills", audioSeconds: 1, recognitionSeconds: 0.1,
                              realTimeFactor: 0.1, latencySeconds: 0.7)
        }

        func spotters(for phrases: [String]) throws -> [PhraseSpotter] {
            script.record("spotters \(phrases)")
            return phrases.map { FakeSpotter(phrase: $0, script: script) }
        }
    }

    final class FakeSpotter: PhraseSpotter {
        let phrase: String
        let script: Script
        init(phrase: String, script: Script) {
            self.phrase = phrase
            self.script = script
        }

        func listen(in audio: AudioInput, pause: Double, speechAtEnd: Bool, while keepListening: () -> Bool) throws -> Double? {
            guard keepListening() else { return nil }
            if phrase == "stop" {
                guard script.stops > 0 else { return nil }
                script.stops -= 1
            } else {
                guard script.hotwords > 0 else { return nil }
                script.hotwords -= 1
            }
            script.record("spotted \(phrase) (pause \(pause), paced \(audio.paced))")
            return 0.8
        }
    }

    /// Speech that goes on until it is stopped.
    final class FakeSpeech: SpeechOutput, @unchecked Sendable {
        let script: Script
        var speaking = false
        init(script: Script) { self.script = script }

        func speak(_ text: String, language: String?) throws {
            speaking = true
            script.record("speak")
        }

        func stop() {
            if speaking { script.record("speech stopped") }
            speaking = false
        }

        func waitUntilDone() -> Bool { true }
        var isSpeaking: Bool { speaking }
    }

    func harness(_ home: TemporaryHome, _ script: Script, speech: Bool = false) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = {
            $0.listener = { _, mode in
                script.record("listener \(mode.rawValue)")
                return FakeListener(script: script)
            }
            $0.audioInput = { _, file in
                script.record("audio \(file ?? "microphone")")
                return FakeAudio(script: script)
            }
            if speech { $0.speech = { _ in FakeSpeech(script: script) } }
        }
        return susi
    }

    @Test func transcribePrintsEveryUtteranceTheListenerHeard() throws {
        let home = try TemporaryHome()
        let script = Script(utterances: ["what time is it", "hello"])
        let result = try harness(home, script).run(["listen", "--transcribe", "--generic", "--file", "q.wav"])
        #expect(result == InProcess.Result(stdout: "what time is it\nhello\n", stderr: "", status: 0))
        #expect(script.log == ["listener generic", "audio q.wav", "heard what time is it", "heard hello", "closed"])
    }

    @Test func nothingHeardIsExit66NamingTheAudio() throws {
        let home = try TemporaryHome()
        let script = Script(utterances: [])
        let result = try harness(home, script).run(["listen", "--once", "--file", "q.wav", "--no-speak"])
        #expect(result.status == 66)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: No speech was heard in the fake recording.\nCheck that the recording holds speech.\n")
    }

    @Test func chatListenAsksWhatTheMicrophoneHeard() throws {
        let home = try TemporaryHome()
        let script = Script(utterances: ["hello"])
        let result = try harness(home, script).run(["chat", "--listen", "--no-speak"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("you> hello\n"))
        #expect(result.stdout.count > "you> hello\n".count)
        #expect(script.log == ["listener skills", "audio microphone", "heard hello", "closed"])
    }

    /// The hands-free loop: the hotword, the query, the answer spoken, and
    /// "stop" (listened for, paced, with the shorter pause) silences it.
    @Test func handsFreeAnswersAfterTheHotwordAndStopSilencesTheAnswer() throws {
        let home = try TemporaryHome()
        let script = Script(utterances: ["hello"], hotwords: 1, stops: 1)
        let result = try harness(home, script, speech: true).run(["listen", "--file", "q.wav", "--hotword", "computer"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("you> hello\n"))
        #expect(result.stderr == "")
        #expect(script.log == [
            "listener skills", "audio q.wav", "spotters [\"computer\", \"stop\"]",
            "spotted computer (pause 0.6, paced false)", "heard hello", "speak",
            "spotted stop (pause 0.3, paced true)", "speech stopped", "closed",
        ])
    }

    @Test func handsFreeWithoutTheHotwordSaysSoAndAsksNothing() throws {
        let home = try TemporaryHome()
        let script = Script(utterances: ["hello"])
        let result = try harness(home, script).run(["listen", "--file", "q.wav", "--no-speak"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "The hotword \"susi\" was not heard in the fake recording; nothing was asked.\n")
        #expect(!script.log.contains("heard hello"))
    }
}
