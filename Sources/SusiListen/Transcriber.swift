import Foundation
import SusiBasics
import SusiPorts

/// Turns utterances into text: the skills grammar first, and the generic
/// model when the grammar heard nothing or is unsure.
public final class Transcriber {
    public typealias Mode = RecognitionMode

    public static let grammarSearch = "skills"
    /// Below this posterior, the grammar's text gets a second opinion.
    public var fallbackBelow = 0.05

    public let recognizer: Recognizer
    public let mode: Mode

    /// `grammarFile` is needed for `.skills`.
    public init(recognizer: Recognizer, mode: Mode, grammarFile: String?) throws {
        self.recognizer = recognizer
        self.mode = mode
        if mode == .skills, let grammarFile { try recognizer.addGrammar(Self.grammarSearch, file: grammarFile) }
    }

    /// `pause`: samples at the end of `clip` after its last speech frame
    /// (what voice activity detection waited for), for `latencySeconds`.
    public func transcribe(_ clip: AudioClip, pause: Int = 0) -> Transcript {
        let began = Date()
        var heard = (text: "", score: Int32(0), probability: 0.0)
        var source = Mode.generic
        if mode == .skills, recognizer.has(Self.grammarSearch) {
            // A first pass adapts PocketSphinx's live cepstral mean to this
            // utterance; without it the hotword or the silence before it skews
            // the second pass (measured: "what time is it" heard as "what are you").
            _ = recognizer.decode(clip, with: Self.grammarSearch)
            heard = recognizer.decode(clip, with: Self.grammarSearch)
            source = .skills
        }
        if mode == .generic || heard.text.isEmpty || heard.probability < fallbackBelow {
            let generic = recognizer.decode(clip, with: Recognizer.generic)
            if !generic.text.isEmpty, heard.text.isEmpty || generic.probability > heard.probability {
                heard = generic
                source = .generic
            }
        }
        let elapsed = Date().timeIntervalSince(began)
        let text = NumberWords.digits(in: heard.text.split(separator: " ").map(Self.plain).joined(separator: " "))
        return Transcript(text: text, confidence: (heard.probability * 1000).rounded() / 1000, source: source.rawValue,
                          audioSeconds: (clip.seconds * 1000).rounded() / 1000,
                          recognitionSeconds: (elapsed * 1000).rounded() / 1000,
                          realTimeFactor: clip.seconds > 0 ? (elapsed / clip.seconds * 1000).rounded() / 1000 : 0,
                          latencySeconds: ((Double(max(0, pause)) / Double(AudioClip.sampleRate) + elapsed) * 1000).rounded() / 1000)
    }

    /// A dictionary word without its variant number ("read(2)" → "read").
    static func plain(_ word: Substring) -> String {
        String(word.split(separator: "(").first ?? word)
    }
}

/// Keyphrase spotting over a stream: true once the hotword has been said.
public final class HotwordSpotter {
    public static let search = "hotword"
    let recognizer: Recognizer
    public let phrase: String

    /// `phrase` in lower case; exit 64 when the dictionary cannot say it.
    public init(recognizer: Recognizer, phrase: String, threshold: Double = 1e-20, search: String = HotwordSpotter.search) throws {
        self.recognizer = recognizer
        let words = phrase.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw RefusedValue("The hotword is empty.", hint: "Give a word, e.g. --hotword susi") }
        let unknown = words.filter { !recognizer.knows($0) }
        guard unknown.isEmpty else {
            throw RefusedValue("PocketSphinx cannot say the hotword '\(UntrustedText.line(phrase))': it does not know '\(UntrustedText.line(unknown.joined(separator: " ")))'.",
                             hint: "Choose a common English word, e.g. --hotword computer")
        }
        self.phrase = words.joined(separator: " ")
        self.searchName = search
        try recognizer.addKeyphrase(search, phrase: self.phrase, threshold: threshold)
    }
    let searchName: String

    /// Whether the phrase was said in one utterance (from voice activity
    /// detection, so the search never adapts to long silence).
    public func heard(in clip: AudioClip) -> Bool {
        spotted(in: clip) != nil
    }

    /// The recogniser's confidence (0...1) when the phrase was said in
    /// `clip`; nil when it was not.
    public func spotted(in clip: AudioClip) -> Double? {
        let heard = recognizer.decode(clip, with: searchName)
        return heard.text.isEmpty ? nil : (heard.probability * 1000).rounded() / 1000
    }
}
