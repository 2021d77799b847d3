/// Speech recognition (`susi listen`, `susi chat --listen`): audio in,
/// from a WAV file or the microphone; recognised text with its confidence
/// out, and phrases (a hotword, "stop") spotted as they are said.

/// The audio format recognition reads: mono, 16-bit, at this rate.
public enum SpeechAudio {
    public static let sampleRate = 16_000
}

/// Audio to listen to, in blocks of about 100 ms of `SpeechAudio` samples.
public protocol AudioInput: AnyObject {
    /// "the microphone" or the file's name (safe to print), for messages.
    var name: String { get }
    /// A file (read as one stream), not the microphone.
    var isFile: Bool { get }
    /// Samples read so far.
    var position: Int { get }
    /// A file is fed at the speed it would be spoken while true (so "stop"
    /// lands while SUSI speaks).
    var paced: Bool { get set }
    /// The next block; nil at the end of a file. Ctrl-C throws (exit 130).
    func next() throws -> [Int16]?
    func close()
}

/// Which model recognises a query: the skills grammar, with the generic
/// model's second go when it makes out nothing, or the generic model only.
public enum RecognitionMode: String, Sendable {
    case skills, generic
}

/// A recogniser set up for one user: the model for their language and, in
/// `.skills` mode, their skills' grammar.
public protocol SpeechListener: AnyObject {
    /// The utterances in `audio`, one after another: the speech detector
    /// keeps its state from one to the next.
    func utterances(in audio: AudioInput) -> Utterances
    /// One spotter per phrase, sharing a decoder of their own; exit 64 when
    /// a phrase cannot be said.
    func spotters(for phrases: [String]) throws -> [PhraseSpotter]
}

/// The utterances of one audio input.
public protocol Utterances: AnyObject {
    /// Reads until an utterance ends and returns it transcribed; nil when
    /// the audio ends without one, or when `startWithin` seconds pass with
    /// no speech starting. `onSpeech` is told when speech starts.
    func next(startWithin seconds: Double?, onSpeech: () -> Void) throws -> Transcript?
}

/// Listens for one phrase, utterance by utterance.
public protocol PhraseSpotter: AnyObject {
    /// Reads `audio` until the phrase is said in an utterance (`pause`
    /// seconds of quiet end one) and returns the recogniser's confidence
    /// (0...1); nil when the audio ends first, or when `keepListening`
    /// (asked before each block) says no. `speechAtEnd`: whether speech
    /// cut off by the end of the audio counts as an utterance.
    func listen(in audio: AudioInput, pause: Double, speechAtEnd: Bool, while keepListening: () -> Bool) throws -> Double?
}

/// What was heard in one utterance.
public struct Transcript: Equatable, Codable, Sendable {
    /// Lower case, numbers as digits; empty when nothing was understood.
    public var text: String
    /// 0...1: the recogniser's posterior probability of the text.
    public var confidence: Double
    /// "skills" (the skills grammar) or "generic" (the model's own language model).
    public var source: String
    /// Seconds of audio in the utterance.
    public var audioSeconds: Double
    /// Seconds from the end of the audio to the text.
    public var recognitionSeconds: Double
    /// Recognition time over audio time.
    public var realTimeFactor: Double
    /// Seconds from the end of speech to the text when audio comes in real
    /// time: the pause that ends the utterance (the audio after its last
    /// speech frame, 0.6 s unless the stream ended) plus `recognitionSeconds`.
    public var latencySeconds: Double

    public init(text: String, confidence: Double, source: String, audioSeconds: Double, recognitionSeconds: Double,
                realTimeFactor: Double, latencySeconds: Double) {
        self.text = text
        self.confidence = confidence
        self.source = source
        self.audioSeconds = audioSeconds
        self.recognitionSeconds = recognitionSeconds
        self.realTimeFactor = realTimeFactor
        self.latencySeconds = latencySeconds
    }

    enum CodingKeys: String, CodingKey {
        case text, confidence, source
        case audioSeconds = "audio_seconds"
        case recognitionSeconds = "recognition_seconds"
        case realTimeFactor = "real_time_factor"
        case latencySeconds = "latency_seconds"
    }
}
