/// How to speak: an espeak-ng voice name and espeak-ng's units.
public struct SpeechParameters: Equatable, Sendable {
    public var voice: String
    public var wordsPerMinute: Int
    public var pitch: Int

    public init(voice: String, wordsPerMinute: Int, pitch: Int) {
        self.voice = voice
        self.wordsPerMinute = wordsPerMinute
        self.pitch = pitch
    }
}

/// What was written to a WAV file: mono, 16-bit.
public struct WrittenSpeech: Equatable, Sendable {
    public var samples: Int
    public var sampleRate: Int

    public init(samples: Int, sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var bytes: Int { 44 + samples * 2 }
    public var seconds: Double { Double(samples) / Double(sampleRate) }
}

/// Text, piece by piece, made into speech (`susi voice say`): into a WAV
/// file, or played through this machine's player. `next` gives the next
/// piece of text, nil at the end; nothing holds more than one piece.
/// Ctrl-C (`Interrupts`) stops either within a block.
public protocol SpeechSynthesis {
    /// Writes the WAV atomically; Ctrl-C leaves no file (exit 130).
    func write(_ next: () throws -> String?, to path: String, _ parameters: SpeechParameters) throws -> WrittenSpeech
    /// The player speech would go through, found without playing anything.
    func findPlayer() -> SpeechPlayerLookup
}

/// A program that plays speech.
public protocol SpeechPlayer {
    /// Its path (for --verbose).
    var path: String { get }
    /// Plays the pieces; false when stopped by Ctrl-C.
    func play(_ next: () throws -> String?, _ parameters: SpeechParameters) throws -> Bool
}

public enum SpeechPlayerLookup {
    case found(any SpeechPlayer)
    /// No player or no sound device: why, for the message.
    case missing(reason: String)
}
