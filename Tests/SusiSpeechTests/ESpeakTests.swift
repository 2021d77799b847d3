import Foundation
import SusiBasics
import SusiCLI
import Testing
@testable import SusiSpeech

@Suite("libespeak-ng: voices and real audio")
struct ESpeakTests {
    @Test func everyInstalledVoiceIsListedWithCodesAndGenders() throws {
        let voices = try ESpeak.voices()
        #expect(voices.count >= 100)
        let american = try #require(voices.first { $0.identifier == "gmw/en-US" })
        #expect(american.code == "en-US")
        #expect(american.name == "English (America)")
        #expect(american.languages.first == "en-us")
        #expect(["male", "female", "unknown"].contains(american.gender))
        #expect(Set(voices.map(\.identifier)).count == voices.count)
        #expect(try ESpeak.variants().contains("klatt"))
    }

    @Test func speechIsNotSilentAndGrowsWithTheText() throws {
        let short = try Audio.of("Hello.")
        let long = try Audio.of("Hello. I am SUSI, your personal assistant. Ask me anything you like.")
        #expect(short.sampleRate == 22050)
        #expect(short.seconds > 0.2)
        #expect(short.rms > 300)
        #expect(long.seconds > short.seconds * 3)
        #expect(long.rms > 300)
    }

    /// espeak-ng's audio for the same text and voice varies a little from
    /// call to call (its prosody keeps some state, e.g. after a cancel: up to
    /// about 0.45 on this measure), so voices are told apart by margins
    /// well above that, and by their pitch in Hz.
    @Test func twoVoicesSoundDifferent() throws {
        let text = "one two three, the quick brown fox"
        let english = try Audio.of(text, voice: "gmw/en-US")
        #expect(try Audio.of(text, voice: "gmw/de").difference(from: english) > 0.7)
        // Variants: a female voice is far higher; whispered speech has no pitch at all.
        #expect(try Audio.of(text, voice: "gmw/en-US+f2").pitchHz > english.pitchHz * 1.4)
        let whisper = try Audio.of(text, voice: "gmw/en-US+whisper")
        #expect(english.pitchHz > 60)
        #expect(whisper.pitchHz < 40)
        #expect(whisper.rms < english.rms * 0.8)
    }

    @Test func aFasterRateIsShorterAndAHigherPitchIsHigher() throws {
        let text = "The quick brown fox jumps over the lazy dog, and then it runs away."
        let normal = try Audio.of(text, wordsPerMinute: 175)
        let fast = try Audio.of(text, wordsPerMinute: 350)
        let slow = try Audio.of(text, wordsPerMinute: 88)
        #expect(fast.seconds < normal.seconds * 0.75)
        #expect(slow.seconds > normal.seconds * 1.4)
        let high = try Audio.of(text, pitch: 90)
        let low = try Audio.of(text, pitch: 10)
        #expect(high.pitchHz > normal.pitchHz * 1.2)
        #expect(low.pitchHz < normal.pitchHz * 0.9)
    }

    @Test func anUnknownVoiceIsAUsageError() throws {
        #expect {
            try ESpeak.synthesize("hi", voice: "no-such-voice-xx", wordsPerMinute: 175, pitch: 50) { _ in true }
        } throws: { ($0 as? CommandError)?.exitCode == .usage }
    }

    /// The library's cancel: a flag the callback checks every 20 ms block.
    /// The bound here is generous for a loaded machine; bench/voice.sh
    /// measures the figure (target: 100 ms).
    @Test func cancelStopsALongSynthesisQuickly() throws {
        let text = String(repeating: "This sentence is spoken again and again until it is cancelled. ", count: 2000)
        let job = SynthesisJob()
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var completed = true
        nonisolated(unsafe) var blocks = 0
        Thread.detachNewThread {
            completed = (try? ESpeak.synthesize(text, voice: "gmw/en-US", wordsPerMinute: 175, pitch: 50, job: job) { _ in
                blocks += 1
                if blocks == 5 { started.signal() }
                return true
            }) ?? true
            finished.signal()
        }
        #expect(started.wait(timeout: .now() + 30) == .success)
        let cancelled = Date()
        job.cancel()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        let latency = Date().timeIntervalSince(cancelled)
        #expect(!completed)
        #expect(latency < 1.0, "cancel took \(latency) s")
        // Cancelled before it starts: nothing is synthesized.
        var any = false
        #expect(try ESpeak.synthesize("hello", voice: "gmw/en-US", wordsPerMinute: 175, pitch: 50, job: job) { _ in any = true; return true } == false)
        #expect(!any)
    }

    @Test func calledFromManyThreadsAtOnceEachGetsItsOwnAudio() throws {
        let expected = try Audio.of("serialized access")
        let group = DispatchGroup()
        let lock = NSLock()
        nonisolated(unsafe) var results: [[Int16]] = []
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                let audio = try? Audio.of("serialized access")
                lock.withLock { results.append(audio?.samples ?? []) }
                group.leave()
            }
        }
        group.wait()
        // Each call got whole audio of its own text, not a mix of two.
        #expect(results.count == 4)
        for samples in results {
            let audio = Audio(samples: samples, sampleRate: expected.sampleRate)
            #expect(abs(audio.samples.count - expected.samples.count) < expected.samples.count / 20)
            #expect(abs(audio.pitchHz - expected.pitchHz) < expected.pitchHz * 0.1)
        }
    }
}
