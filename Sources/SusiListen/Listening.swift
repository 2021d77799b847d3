import Foundation
import SusiBasics
import SusiPorts

/// Where audio comes from: a WAV file (as one stream, optionally at the
/// speed it would be spoken) or the microphone.
public final class AudioSource {
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
    public init(language: String, environment: [String: String], mode: Transcriber.Mode,
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

    /// The next utterance in `source`, transcribed; nil when the source ends
    /// without speech. `onSpeech` is told when speech starts.
    public func nextUtterance(_ source: AudioSource, vad: inout VoiceActivity, onSpeech: () -> Void = {}) throws -> Transcript? {
        while let block = try source.next() {
            for event in vad.feed(block) {
                switch event {
                case .started: onSpeech()
                case let .ended(clip, _): return transcriber.transcribe(clip, pause: vad.lastPause)
                }
            }
        }
        for event in vad.finish() {
            if case let .ended(clip, _) = event { return transcriber.transcribe(clip, pause: vad.lastPause) }
        }
        return nil
    }
}

extension Listening {
    /// One spoken query from the microphone (or `file`), for `susi chat
    /// --listen`: the text, or exit 66 when no speech was heard.
    public func once(file: String? = nil, environment: [String: String]) throws -> Transcript {
        Interrupts.install()
        defer { Interrupts.uninstall() }
        let source = try file.map { try AudioSource(file: $0) } ?? AudioSource(microphone: environment)
        defer { source.close() }
        var vad = VoiceActivity()
        guard let transcript = try nextUtterance(source, vad: &vad), !transcript.text.isEmpty else {
            throw CommandError(.noInput, "No speech was heard in \(source.name).",
                               hint: source.isFile ? "Check that the recording holds speech." : "Speak closer to the microphone, or check its level.")
        }
        return transcript
    }
}
