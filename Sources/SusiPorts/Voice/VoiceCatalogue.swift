import Foundation
import SusiBasics

/// One installed espeak-ng voice.
public struct Voice: Sendable, Equatable, Encodable {
    /// "English (America)".
    public var name: String
    /// The voice file inside espeak-ng-data/voices, e.g. "gmw/en-US": the
    /// most precise name to synthesize with.
    public var identifier: String
    /// espeak-ng's language codes, most specific first ("en-us", "en").
    public var languages: [String]
    /// "male", "female" or "unknown".
    public var gender: String

    public init(name: String, identifier: String, languages: [String], gender: String) {
        self.name = name
        self.identifier = identifier
        self.languages = languages
        self.gender = gender
    }

    /// The voice's language as BCP-47, the way the SUSI apps store it: "en-US".
    public var code: String { BCP47.code(languages.first ?? fileName) }

    /// The last part of the identifier: "en-US" for "gmw/en-US".
    public var fileName: String {
        identifier.split(separator: "/").last.map(String.init) ?? identifier
    }
}

/// espeak-ng language codes and BCP-47, the apps' spelling.
public enum BCP47 {
    /// "en-us" → "en-US", "cmn-latn-pinyin" → "cmn-Latn-pinyin", "en-gb-x-rp" → "en-GB-x-rp".
    public static func code(_ espeakCode: String) -> String {
        var parts: [String] = []
        var privateUse = false
        for (index, raw) in espeakCode.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated() {
            let part = raw.lowercased()
            if index == 0 || privateUse { parts.append(part); continue }
            if part.count == 1 { privateUse = true; parts.append(part); continue }
            if part.count == 2 && part.allSatisfy(\.isLetter) { parts.append(part.uppercased()); continue }
            if part.count == 4 && part.allSatisfy(\.isLetter) { parts.append(part.prefix(1).uppercased() + part.dropFirst()); continue }
            parts.append(part)
        }
        return parts.joined(separator: "-")
    }

    /// The form codes are compared in: lower case, hyphens ("en_US" → "en-us").
    public static func normalized(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "_", with: "-").trimmingCharacters(in: .whitespaces)
    }
}

/// Finds a voice by what a person or the account calls it: a BCP-47 code
/// in any spelling (en-US, en-us, en_US), a language name ("english"), an
/// espeak-ng voice name or file ("en-GB-x-rp", "gmw/en-US"), optionally
/// with a variant ("en-us+klatt").
public struct VoiceCatalogue: Sendable {
    public let voices: [Voice]
    public let variants: [String]

    public init(voices: [Voice], variants: [String] = []) {
        self.voices = voices
        self.variants = variants
    }

    /// A voice and the variant asked for, if any.
    public struct Choice: Equatable, Sendable {
        public var voice: Voice
        public var variant: String?

        /// What to give espeak-ng: "gmw/en-US" or "gmw/en-US+klatt".
        public var espeakName: String { voice.identifier + (variant.map { "+" + $0 } ?? "") }
    }

    public func find(_ text: String) -> Choice? {
        let parts = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let voice = voice(parts[0]) else { return nil }
        guard parts.count == 2 else { return Choice(voice: voice) }
        guard let variant = variants.first(where: { $0.lowercased() == parts[1].lowercased() }) else { return nil }
        return Choice(voice: voice, variant: variant)
    }

    public func voice(_ text: String) -> Voice? {
        let wanted = BCP47.normalized(text)
        guard !wanted.isEmpty else { return nil }
        let rules: [(Voice) -> Bool] = [
            { $0.identifier.lowercased() == wanted || BCP47.normalized($0.fileName) == wanted },
            { $0.languages.first.map(BCP47.normalized) == wanted },
            { $0.name.lowercased() == wanted },
            { $0.languages.map(BCP47.normalized).contains(wanted) },
        ]
        for rule in rules {
            if let voice = voices.first(where: rule) { return voice }
        }
        // A language name: "english" is every "English (...)" voice; the plainest file wins (gmw/en).
        let named = voices.filter { Self.languageName($0.name) == wanted }
        return named.min { $0.fileName.count < $1.fileName.count }
    }

    /// "english" for "English (America)".
    static func languageName(_ name: String) -> String {
        let base = name.split(separator: "(", maxSplits: 1).first.map(String.init) ?? name
        return base.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// What to store for a voice: its BCP-47 code when that finds this very
    /// voice again, else its file name (two voices may share a code).
    public func storedName(_ choice: Choice) -> String {
        let code = choice.voice.code
        let base = voice(code) == choice.voice ? code : choice.voice.fileName
        return base + (choice.variant.map { "+" + $0 } ?? "")
    }

    /// Up to `limit` voices closest to `text`, as codes, for "did you mean".
    public func closest(to text: String, limit: Int = 3) -> [String] {
        let wanted = BCP47.normalized(text.split(separator: "+").first.map(String.init) ?? text)
        var scored: [(code: String, distance: Int)] = []
        for voice in voices {
            let names = [voice.code.lowercased(), BCP47.normalized(voice.fileName), Self.languageName(voice.name)]
                + voice.languages.map(BCP47.normalized)
            var distance = names.map { Suggestions.editDistance(wanted, $0) }.min() ?? .max
            if wanted.count >= 2, names.contains(where: { $0.hasPrefix(wanted) }) { distance = min(distance, 1) }
            scored.append((voice.code, distance))
        }
        var seen = Set<String>()
        // Nearest first; among equals, the plainest code (en-GB before en-GB-scotland).
        return scored.sorted { ($0.distance, $0.code.count) < ($1.distance, $1.code.count) }
            .filter { $0.distance <= max(2, wanted.count / 2) }
            .compactMap { seen.insert($0.code).inserted ? $0.code : nil }
            .prefix(limit).map { $0 }
    }

    /// The usage error for a voice that is not installed (exit 64).
    public func unknown(_ text: String) -> RefusedValue {
        let close = closest(to: text)
        let shown = UntrustedText.line(text)
        if close.isEmpty {
            return RefusedValue("No voice '\(shown)' is installed. See 'susi voice list' for the \(voices.count) voices.")
        }
        return RefusedValue("No voice '\(shown)' is installed. Did you mean \(close.joined(separator: ", "))? See 'susi voice list'.")
    }
}
