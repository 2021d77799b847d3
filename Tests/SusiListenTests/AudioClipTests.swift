import Foundation
import Testing
@testable import SusiListen

@Suite("WAV reading, resampling and voice activity")
struct AudioClipTests {
    static func wav(rate: Int, channels: Int, bits: Int, frames: [[Int]]) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let data = frames.flatMap { $0.flatMap { bits == 8 ? [UInt8($0 + 128)] : le16($0 & 0xFFFF) } }
        return Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + le16(1)
            + le16(channels) + le32(rate) + le32(rate * channels * bits / 8) + le16(channels * bits / 8) + le16(bits)
            + Array("data".utf8) + le32(data.count) + data
    }

    @Test func stereoIsMixedAnd16kHzIsKept() throws {
        let clip = try AudioClip.decode(wav: Self.wav(rate: 16000, channels: 2, bits: 16, frames: [[1000, 3000], [-200, -400]]))
        #expect(clip.samples == [2000, -300])
    }

    @Test func eightBitIsScaledAndOtherRatesResampled() throws {
        let clip = try AudioClip.decode(wav: Self.wav(rate: 8000, channels: 1, bits: 8, frames: Array(repeating: [64], count: 800)))
        #expect(clip.samples.count == 1600)
        #expect(clip.samples[800] == 64 << 8)
    }

    @Test func badWAVsSayWhy() {
        #expect(throws: AudioClip.WAVError("it does not start with a RIFF/WAVE header")) { try AudioClip.decode(wav: Array("nope".utf8)) }
        var float = Self.wav(rate: 16000, channels: 1, bits: 16, frames: [[0]])
        float[20] = 3
        #expect(throws: AudioClip.WAVError("it is compressed (format 3); only PCM is read")) { try AudioClip.decode(wav: float) }
        #expect(throws: AudioClip.WAVError("it has 24-bit samples; 8 or 16 bits are read")) {
            var bytes = Self.wav(rate: 16000, channels: 1, bits: 16, frames: [[0]])
            bytes[34] = 24
            _ = try AudioClip.decode(wav: bytes)
        }
    }

    @Test func voiceActivityFindsOneUtteranceBetweenSilences() {
        var vad = VoiceActivity()
        let silence = [Int16](repeating: 0, count: 8000)
        let tone = (0..<8000).map { Int16(8000 * sin(Double($0) * 0.2)) }
        var events = vad.feed(silence + tone + silence + silence)
        events += vad.finish()
        #expect(events.count == 2)
        guard case .started = events.first, case let .ended(clip, _)? = events.last else {
            Issue.record("expected a start and an end, got \(events)")
            return
        }
        // The tone, the pre-roll before it and the quiet that ended it.
        #expect(clip.samples.count > 8000 && clip.samples.count < 8000 + 4800 + 11000)
        var quiet = VoiceActivity()
        #expect(quiet.feed(silence).isEmpty && quiet.finish().isEmpty)
    }
}
