import Foundation
@testable import SusiSpeech

/// Synthesized audio held in memory, for measuring (tests only: the
/// commands never hold more than a block).
struct Audio {
    var samples: [Int16] = []
    let sampleRate: Int

    static func of(_ text: String, voice: String = "gmw/en-US", wordsPerMinute: Int = 175, pitch: Int = 50) throws -> Audio {
        var audio = Audio(sampleRate: try ESpeak.sampleRate())
        try ESpeak.synthesize(text, voice: voice, wordsPerMinute: wordsPerMinute, pitch: pitch) { block in
            audio.samples.append(contentsOf: block)
            return true
        }
        return audio
    }

    var seconds: Double { Double(samples.count) / Double(sampleRate) }

    /// Root mean square amplitude, 0 for silence.
    var rms: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }
}

/// A temporary folder, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "susi-speech-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }
}

extension Audio {
    /// Loudness every 20 ms.
    var envelope: [Double] {
        let frame = sampleRate / 50
        return stride(from: 0, to: samples.count - frame, by: frame).map { start in
            var sum = 0.0
            for index in start..<(start + frame) { sum += Double(samples[index]) * Double(samples[index]) }
            return (sum / Double(frame)).squareRoot()
        }
    }

    /// How different two sounds are, from their loudness over time: about 0
    /// for the same speech synthesized twice (espeak-ng varies by a few
    /// samples), large for another voice.
    func difference(from other: Audio) -> Double {
        let a = envelope, b = other.envelope
        let count = max(a.count, b.count)
        guard count > 0 else { return 0 }
        var total = 0.0
        for index in 0..<count {
            total += abs((index < a.count ? a[index] : 0) - (index < b.count ? b[index] : 0))
        }
        let level = a.reduce(0, +) / Double(max(1, a.count))
        return total / Double(count) / max(level, 1)
    }

    /// The median fundamental frequency of the voiced 40 ms frames, in Hz
    /// (autocorrelation between 60 and 400 Hz).
    var pitchHz: Double {
        let frame = sampleRate / 25
        let lags = (sampleRate / 400)...(sampleRate / 60)
        var estimates: [Double] = []
        let values = samples.map(Double.init)
        for start in stride(from: 0, to: values.count - frame - lags.upperBound, by: frame) {
            var energy = 0.0
            for index in start..<(start + frame) { energy += values[index] * values[index] }
            guard (energy / Double(frame)).squareRoot() > 1500 else { continue }
            var best = (lag: 0, score: 0.0)
            for lag in lags {
                var score = 0.0
                for index in start..<(start + frame) { score += values[index] * values[index + lag] }
                if score > best.score { best = (lag, score) }
            }
            if best.score > 0.5 * energy { estimates.append(Double(sampleRate) / Double(best.lag)) }
        }
        guard !estimates.isEmpty else { return 0 }
        return estimates.sorted()[estimates.count / 2]
    }
}
