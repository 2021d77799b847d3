import Foundation
import SusiCLI

/// Speaking rate and pitch on the SUSI apps' scale (0.5 to 2.0, 1.0
/// normal), which is what `speech.rate`, `speech.pitch` and the account's
/// `speechRate`/`speechPitch` hold, and espeak-ng's units:
///
/// - rate: words per minute = 175 × rate (espeak-ng's normal), so 0.5 is
///   88 wpm and 2.0 is 350 wpm, inside espeak-ng's 80–450;
/// - pitch: espeak-ng pitch = 50 × pitch, at most 99, so 0.5 is 25, 1.0 is
///   50 (espeak-ng's normal) and 2.0 is 99.
public enum SpeechScale {
    public static let minimum = 0.5
    public static let maximum = 2.0
    public static let normal = 1.0
    public static let range = "0.5 to 2.0 (1.0 is normal)"

    public static func wordsPerMinute(_ rate: Double) -> Int {
        min(450, max(80, Int((175 * rate).rounded())))
    }

    public static func espeakPitch(_ pitch: Double) -> Int {
        min(99, max(0, Int((50 * pitch).rounded())))
    }

    /// A rate or pitch as typed: a number from 0.5 to 2.0, else a usage error
    /// (exit 64) naming the range.
    public static func parse(_ text: String, _ what: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite else {
            throw UsageError("'\(text)' is not a number; the \(what) is \(range).")
        }
        guard (minimum...maximum).contains(value) else {
            throw UsageError("The \(what) \(trimmed) is out of range; it is \(range).")
        }
        return value
    }

    /// The canonical spelling stored and sent: "1.5", "0.75", "2.0".
    public static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return String(rounded)
    }

    /// `speech.rate` as susi stored it before the apps' scale: words per
    /// minute, 80 to 450.
    @Sendable public static func legacyRate(_ value: String) -> String? {
        guard let words = Int(value), (80...450).contains(words) else { return nil }
        return format(min(maximum, max(minimum, Double(words) / 175)))
    }

    /// `speech.pitch` as susi stored it before: espeak-ng's 0 to 99 (only
    /// values outside 0.5–2.0 can be old ones, so 1 and 2 read as the new scale).
    @Sendable public static func legacyPitch(_ value: String) -> String? {
        guard let pitch = Int(value), (0...99).contains(pitch) else { return nil }
        return format(min(maximum, max(minimum, Double(pitch) / 50)))
    }
}
