import Foundation
import SusiBasics
import SusiPorts

/// Audio as the recogniser wants it: 16 kHz, mono, 16-bit samples.
public struct AudioClip: Equatable, Sendable {
    public static let sampleRate = SpeechAudio.sampleRate
    public var samples: [Int16]

    public init(samples: [Int16]) { self.samples = samples }

    public var seconds: Double { Double(samples.count) / Double(Self.sampleRate) }

    /// The largest WAV file read (about 50 minutes of CD audio).
    public static let maximumFileBytes = 512 * 1024 * 1024

    /// The longest recording read: recognising costs time and memory by
    /// the length (a byte bound let 4 MB of 4 kHz audio take 22 s and 317 MB).
    public static let maximumSeconds = 600

    /// Reads a PCM WAV file of any rate, 8 or 16 bits, one or more channels,
    /// and converts it. The path is the user's, so a link is followed, but
    /// only to a regular file: a FIFO is refused at once instead of waited
    /// on. A missing file or something other than a file is exit 66,
    /// anything else that is not such a WAV (or lasts longer than
    /// `maximumSeconds`) exit 65, each naming the file; Ctrl-C is 130.
    public static func read(wavFile path: String) throws -> AudioClip {
        let shown = UntrustedText.line(path)
        let bytes: [UInt8]
        do throws(RegularFile.Failure) {
            bytes = try RegularFile.read(path, limit: maximumFileBytes, links: .follow)
        } catch {
            switch error {
            case .missing:
                throw CommandError(.noInput, "No such audio file: \(shown).", hint: "Give the path of a WAV file.")
            case .notRegular(kind: "a folder"):
                throw CommandError(.noInput, "\(shown) is a folder, not a WAV file.", hint: "Give the path of a WAV file.")
            case let .notRegular(kind):
                throw CommandError(.noInput, "\(shown) is not a regular file (\(kind)).", hint: "Give the path of a WAV file.")
            case .tooLarge:
                throw CommandError(.dataError, "\(shown) is larger than \(maximumFileBytes / 1024 / 1024) MB.",
                                   hint: "Cut it into shorter recordings.")
            case .interrupted:
                throw CommandError(.interrupted, "Interrupted while reading \(shown).")
            case .symbolicLink, .system:
                throw CommandError(.noInput, "Cannot read \(shown): \(error.reason).", hint: "Check the file's permissions.")
            }
        }
        do {
            return try decode(wav: bytes)
        } catch let error as WAVError {
            throw CommandError(.dataError, "\(shown) is not a usable WAV file: \(error.reason).",
                               hint: "Use PCM WAV, 8 or 16 bits, e.g. from 'susi voice say --out' or 'arecord -f S16_LE'.")
        }
    }

    /// Why bytes are not a PCM WAV this reader takes.
    public struct WAVError: Error, Equatable {
        public var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Decodes a whole RIFF/WAVE file held in memory.
    public static func decode(wav bytes: [UInt8]) throws -> AudioClip {
        func le16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func le32(_ at: Int) -> Int { le16(at) | le16(at + 2) << 16 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw WAVError("it does not start with a RIFF/WAVE header") }
        var offset = 12
        var format: (channels: Int, rate: Int, bits: Int)?
        while offset + 8 <= bytes.count {
            let name = tag(offset)
            let size = le32(offset + 4)
            let body = offset + 8
            if name == "fmt " {
                guard size >= 16, body + 16 <= bytes.count else { throw WAVError("its format chunk is cut short") }
                var code = le16(body)
                if code == 0xFFFE, size >= 40, body + 26 <= bytes.count { code = le16(body + 24) }  // WAVE_FORMAT_EXTENSIBLE
                guard code == 1 else { throw WAVError("it is compressed (format \(code)); only PCM is read") }
                let channels = le16(body + 2), rate = le32(body + 4), bits = le16(body + 14)
                guard channels >= 1, channels <= 8 else { throw WAVError("it has \(channels) channels") }
                guard rate >= 4000, rate <= 192_000 else { throw WAVError("its sample rate \(rate) Hz is out of range (4000 to 192000)") }
                guard bits == 8 || bits == 16 else { throw WAVError("it has \(bits)-bit samples; 8 or 16 bits are read") }
                format = (channels, rate, bits)
            } else if name == "data" {
                guard let format else { throw WAVError("its data comes before its format chunk") }
                let end = min(bytes.count, body + size)  // a recorder killed mid-write leaves a short file
                let frameBytes = format.channels * format.bits / 8
                let frames = (end - body) / frameBytes
                // Bounded by length before any work: decoding and recognising cost by the second.
                guard frames <= maximumSeconds * format.rate else {
                    throw WAVError("it lasts \(duration(frames: frames, rate: format.rate)); listen reads at most \(duration(frames: maximumSeconds, rate: 1))")
                }
                var mono = [Int16](repeating: 0, count: frames)
                for frame in 0..<frames {
                    var sum = 0
                    for channel in 0..<format.channels {
                        let at = body + frame * frameBytes + channel * format.bits / 8
                        sum += format.bits == 8 ? (Int(bytes[at]) - 128) << 8 : Int(Int16(bitPattern: UInt16(le16(at))))
                    }
                    mono[frame] = Int16(sum / format.channels)
                }
                return AudioClip(samples: resample(mono, from: format.rate))
            }
            offset = body + size + (size & 1)
        }
        throw WAVError(format == nil ? "it has no format chunk" : "it has no audio data")
    }

    /// "10 minutes 1 second": the length of `frames` at `rate`, rounded up to a second.
    static func duration(frames: Int, rate: Int) -> String {
        let seconds = (frames + rate - 1) / rate
        func count(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
        let parts = [seconds / 60 > 0 ? count(seconds / 60, "minute") : nil, seconds % 60 > 0 || seconds == 0 ? count(seconds % 60, "second") : nil]
        return parts.compactMap { $0 }.joined(separator: " ")
    }

    /// Converts mono samples at `rate` Hz to 16 kHz with a windowed-sinc
    /// interpolator whose cut-off sits below the lower of the two Nyquist
    /// frequencies, so nothing above 8 kHz folds back into the speech band.
    public static func resample(_ input: [Int16], from rate: Int) -> [Int16] {
        guard rate != sampleRate, !input.isEmpty else { return input }
        let ratio = Double(sampleRate) / Double(rate)
        let cutoff = min(1.0, ratio) * 0.95  // of the input's Nyquist frequency
        let halfWidth = 16.0 / min(1.0, ratio)  // taps each side, in input samples
        let count = Int(Double(input.count) * ratio)
        var output = [Int16](repeating: 0, count: count)
        for index in 0..<count {
            let centre = Double(index) / ratio
            let first = max(0, Int((centre - halfWidth).rounded(.up)))
            let last = min(input.count - 1, Int((centre + halfWidth).rounded(.down)))
            var sum = 0.0
            var weights = 0.0
            if first <= last {
                for tap in first...last {
                    let x = Double(tap) - centre
                    let sinc = x == 0 ? 1.0 : sin(Double.pi * cutoff * x) / (Double.pi * cutoff * x)
                    let window = 0.5 + 0.5 * cos(Double.pi * x / halfWidth)  // Hann
                    let weight = sinc * window
                    sum += Double(input[tap]) * weight
                    weights += weight
                }
            }
            let value = weights > 0 ? sum / weights : 0
            output[index] = Int16(max(-32768, min(32767, value.rounded())))
        }
        return output
    }
}
