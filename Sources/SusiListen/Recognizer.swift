import CPocketSphinx
import Foundation
import SusiBasics

/// Where a PocketSphinx model for one language lives: Debian's layout,
/// /usr/share/pocketsphinx/model/<code>/ with the acoustic model in <code>/,
/// the generic language model <code>.lm.bin and the dictionary
/// cmudict-<code>.dict. SUSI_POCKETSPHINX_MODELS replaces the folder.
public struct SpeechModel: Equatable, Sendable {
    public var code: String
    public var acoustic: String
    public var languageModel: String
    public var dictionary: String

    public static let defaultRoot = "/usr/share/pocketsphinx/model"
    public static let environmentVariable = "SUSI_POCKETSPHINX_MODELS"

    /// The model code for a language ("en", "en-US", "en_GB" → "en-us"): the
    /// only PocketSphinx model Debian packages is US English.
    public static func code(forLanguage language: String) -> String {
        let lower = language.lowercased().replacingOccurrences(of: "_", with: "-")
        let base = lower.split(separator: "-").first.map(String.init) ?? lower
        return base == "en" ? "en-us" : lower
    }

    /// The installed model for `language`, or exit 69 naming what to install.
    public static func find(language: String, environment: [String: String]) throws -> SpeechModel {
        let root = environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultRoot
        let code = code(forLanguage: language)
        let folder = root + "/" + code
        let model = SpeechModel(code: code, acoustic: folder + "/" + code, languageModel: folder + "/" + code + ".lm.bin",
                                dictionary: folder + "/cmudict-" + code + ".dict")
        let files = [model.acoustic + "/mdef", model.languageModel, model.dictionary]
        if files.allSatisfy({ FileManager.default.isReadableFile(atPath: $0) }) { return model }
        let shownLanguage = UntrustedText.line(language)
        if code == "en-us" {
            throw CommandError(.unavailable, "The PocketSphinx English model is not installed (looked in \(UntrustedText.line(folder))).",
                               hint: "Install it: sudo apt-get install pocketsphinx-en-us")
        }
        throw CommandError(.unavailable, "No PocketSphinx model for '\(shownLanguage)' is installed (looked in \(UntrustedText.line(folder))); Debian packages only US English.",
                           hint: "Install pocketsphinx-en-us and listen in English (susi voice set en-US), or put a model for '\(shownLanguage)' in \(UntrustedText.line(root)) (\(environmentVariable) names another folder).")
    }
}

/// One PocketSphinx decoder and its searches: "generic" (the model's own
/// language model), the skills grammar and the hotword. Not thread-safe:
/// one listener owns it.
public final class Recognizer {
    public let model: SpeechModel
    private let decoder: OpaquePointer
    private var searches: Set<String> = [Recognizer.generic]

    public static let generic = "_default"  // PocketSphinx's name for the -lm search

    /// Loads libpocketsphinx (dlopen, first use only) and the model: exit 69
    /// when either is missing.
    /// `languageModel` false: no generic search (a spotter's own decoder loads faster).
    public init(model: SpeechModel, languageModel: Bool = true) throws {
        self.model = model
        var message = [CChar](repeating: 0, count: 256)
        guard let decoder = susi_ps_new(model.acoustic, model.dictionary, languageModel ? model.languageModel : nil, &message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CommandError(.unavailable, "Speech recognition is unavailable: \(reason).",
                               hint: "Install it: sudo apt-get install libpocketsphinx3 pocketsphinx-en-us")
        }
        self.decoder = decoder
        if !languageModel { searches = [] }
    }

    deinit { susi_ps_free(decoder) }

    /// Whether libpocketsphinx can be loaded at all (for tests and messages).
    public static func libraryLoads() -> Bool { susi_ps_load(nil, 0) != 0 }

    /// Whether the dictionary can pronounce `word`.
    public func knows(_ word: String) -> Bool { susi_ps_knows(decoder, word) != 0 }

    public func addGrammar(_ name: String, file: String) throws {
        guard susi_ps_add_jsgf(decoder, name, file) == 0 else {
            throw CommandError(.software, "PocketSphinx could not load the grammar \(UntrustedText.line(file)).",
                               hint: "Delete it; it is rebuilt on the next listen.")
        }
        searches.insert(name)
    }

    public func addKeyphrase(_ name: String, phrase: String, threshold: Double) throws {
        guard susi_ps_add_keyphrase(decoder, name, phrase, threshold) == 0 else {
            throw RefusedValue("PocketSphinx cannot listen for '\(UntrustedText.line(phrase))'.",
                             hint: "Choose a hotword made of common English words.")
        }
        searches.insert(name)
    }

    public func has(_ search: String) -> Bool { searches.contains(search) }

    /// What the search heard in `clip`: the text (lower case, may be
    /// empty), the path score and the posterior probability (0...1).
    public func decode(_ clip: AudioClip, with search: String) -> (text: String, score: Int32, probability: Double) {
        guard susi_ps_use(decoder, search) == 0, susi_ps_start(decoder) == 0 else { return ("", 0, 0) }
        clip.samples.withUnsafeBufferPointer { buffer in
            _ = susi_ps_process(decoder, buffer.baseAddress, buffer.count)
        }
        _ = susi_ps_end(decoder)
        return hypothesis()
    }

    /// Streaming use (the hotword): start, feed blocks, look at the
    /// hypothesis so far, end.
    public func start(_ search: String) -> Bool { susi_ps_use(decoder, search) == 0 && susi_ps_start(decoder) == 0 }
    public func feed(_ samples: [Int16]) {
        samples.withUnsafeBufferPointer { buffer in _ = susi_ps_process(decoder, buffer.baseAddress, buffer.count) }
    }
    public func end() { _ = susi_ps_end(decoder) }

    public func hypothesis() -> (text: String, score: Int32, probability: Double) {
        var score: Int32 = 0
        var probability = 0.0
        guard let text = susi_ps_hypothesis(decoder, &score, &probability) else { return ("", score, 0) }
        return (String(cString: text).trimmingCharacters(in: .whitespaces), score, probability)
    }
}
