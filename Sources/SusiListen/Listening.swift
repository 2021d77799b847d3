import Foundation
import SusiBasics
import SusiPorts

/// Where audio comes from: a WAV file (as one stream, optionally at the
/// speed it would be spoken) or the microphone.
public final class AudioSource: AudioInput {
    private let recorder: Recorder?
    private let clip: AudioClip?
    private var offset = 0
    /// A file is fed in real time (hands-free: so "stop" lands while SUSI speaks).
    public var paced = false
    private var pacedSince: Date?
    public let name: String

    public static let blockSamples = AudioClip.sampleRate / 10

    public init(file path: String) throws {
        clip = try AudioClip.read(wavFile: path)
        recorder = nil
        name = UntrustedText.line(path)
    }

    public init(microphone environment: [String: String]) throws {
        recorder = try Recorder(environment: environment)
        clip = nil
        name = "the microphone"
    }

    public var isFile: Bool { clip != nil }

    /// The stream position in samples.
    public private(set) var position = 0

    /// The next block of about 100 ms; nil at the end of a file. Ctrl-C is exit 130.
    public func next() throws -> [Int16]? {
        if Interrupts.take() { throw CommandError(.interrupted, "Stopped listening.") }
        if let recorder {
            switch try recorder.read() {
            case let .samples(samples):
                position += samples.count
                return samples
            case .interrupted:
                _ = Interrupts.take()
                throw CommandError(.interrupted, "Stopped listening.")
            }
        }
        guard let clip, offset < clip.samples.count else { return nil }
        if paced {
            let since = pacedSince ?? Date()
            pacedSince = since
            let due = since.addingTimeInterval(Double(offset - pacedStart) / Double(AudioClip.sampleRate))
            let wait = due.timeIntervalSinceNow
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        } else {
            pacedSince = nil
            pacedStart = offset
        }
        let end = min(clip.samples.count, offset + Self.blockSamples)
        defer { offset = end; position = end }
        return Array(clip.samples[offset..<end])
    }
    private var pacedStart = 0

    public func close() { recorder?.stop() }
}

/// The recogniser set up for this user: the model for the voice language,
/// the skills grammar of their catalogue (cached), the transcriber.
public final class Listening {
    public let transcriber: Transcriber
    public let model: SpeechModel
    /// The grammar file, nil with the generic model.
    public let grammarFile: String?
    public let grammarRebuilt: Bool

    /// `language` is the recognition language (`Context.recognitionLanguage()`); `service` gives the
    /// catalogue the skills grammar is built from (asked only in `.skills`
    /// mode); `debug` is told how the grammar was found.
    public init(language: String, environment: [String: String], mode: RecognitionMode,
                service: () throws -> SusiService, paths: Paths, debug: (String) -> Void = { _ in }) throws {
        model = try SpeechModel.find(language: language, environment: environment)
        let recognizer = try Recognizer(model: model)
        if mode == .skills {
            let catalogueLanguage = String(language.prefix { $0 != "-" && $0 != "_" }).lowercased()
            let started = Date()
            let cached = try GrammarCache.grammar(service: try service(), language: catalogueLanguage,
                                                  modelCode: model.code, paths: paths, knows: recognizer.knows)
            grammarFile = cached.path
            grammarRebuilt = cached.rebuilt
            debug("listen: skills grammar \(cached.path) (\(cached.rebuilt ? "built" : "cached"), \(Int(Date().timeIntervalSince(started) * 1000)) ms)")
        } else {
            grammarFile = nil
            grammarRebuilt = false
        }
        transcriber = try Transcriber(recognizer: recognizer, mode: mode, grammarFile: grammarFile)
    }
}

extension Listening: SpeechListener {
    public func utterances(in audio: AudioInput) -> Utterances {
        DetectedUtterances(transcriber: transcriber, audio: audio)
    }

    public func spotters(for phrases: [String]) throws -> [PhraseSpotter] {
        // The spotters get their own decoder: a keyphrase search leaves the
        // shared one's state unfit for the query (measured: "who invented
        // linux" after "susi" came out empty from the grammar).
        let recognizer = try Recognizer(model: model, languageModel: false)
        return try phrases.enumerated().map { index, phrase in
            let search = index == 0 ? HotwordSpotter.search : HotwordSpotter.search + "-\(index)"
            return SpotterOverSpeech(spotter: try HotwordSpotter(recognizer: recognizer, phrase: phrase, search: search))
        }
    }
}

/// Utterances found by voice activity detection, one detector for the
/// whole input.
final class DetectedUtterances: Utterances {
    let transcriber: Transcriber
    let audio: AudioInput
    private var vad = VoiceActivity()

    init(transcriber: Transcriber, audio: AudioInput) {
        self.transcriber = transcriber
        self.audio = audio
    }

    func next(startWithin seconds: Double?, onSpeech: () -> Void) throws -> Transcript? {
        let deadline = seconds.map { audio.position + Int($0 * Double(AudioClip.sampleRate)) }
        var started = false
        while let block = try audio.next() {
            for event in vad.feed(block) {
                switch event {
                case .started:
                    started = true
                    onSpeech()
                case let .ended(clip, _): return transcriber.transcribe(clip, pause: vad.lastPause)
                }
            }
            if !started, let deadline, audio.position > deadline { return nil }
        }
        for event in vad.finish() {
            if case let .ended(clip, _) = event { return transcriber.transcribe(clip, pause: vad.lastPause) }
        }
        return nil
    }
}

/// A phrase spotted in the utterances voice activity detection finds (so
/// the search never adapts to long silence).
final class SpotterOverSpeech: PhraseSpotter {
    let spotter: HotwordSpotter

    init(spotter: HotwordSpotter) { self.spotter = spotter }

    func listen(in audio: AudioInput, pause: Double, speechAtEnd: Bool, while keepListening: () -> Bool) throws -> Double? {
        var vad = VoiceActivity(silence: pause)
        while keepListening() {
            guard let block = try audio.next() else {
                guard speechAtEnd, case let .ended(clip, _)? = vad.finish().last else { return nil }
                return spotter.spotted(in: clip)
            }
            for case let .ended(clip, _) in vad.feed(block) {
                if let confidence = spotter.spotted(in: clip) { return confidence }
            }
        }
        return nil
    }
}
