import Foundation

/// Energy-based voice activity detection over 10 ms frames: speech starts
/// when a few frames in a row are well above the background level, and
/// ends after a stretch of quiet. Samples arrive in blocks of any size;
/// each finished utterance comes out whole, with a little audio from
/// before its start (so its first consonant is not cut off).
public struct VoiceActivity: Sendable {
    public static let frameSamples = AudioClip.sampleRate / 100

    /// What a block of samples brought.
    public enum Event: Equatable, Sendable {
        /// Speech began this many samples into the stream.
        case started(at: Int)
        /// The utterance that just ended (pre-roll included), and the
        /// stream position of its last speech frame.
        case ended(AudioClip, endOfSpeech: Int)
    }

    /// Quiet that ends an utterance, in frames.
    public var silenceFrames: Int
    /// Frames above the threshold that start one.
    public var onsetFrames = 3
    /// The longest utterance, in frames; longer speech is cut there.
    public var maximumFrames = 15 * 100
    /// Below this RMS nothing is speech, however quiet the background.
    public var minimumLevel = 250.0

    private var pending: [Int16] = []
    private var preRoll: [Int16] = []
    private var utterance: [Int16] = []
    private var loudRun = 0
    private var quietRun = 0
    private var inSpeech = false
    /// The background level, from the quiet frames; starts low, so speech
    /// at the very start of a stream (a file) still counts as speech.
    private var noise = 50.0
    private var position = 0
    private var lastSpeech = 0

    public init(silence: Double = 0.6) {
        silenceFrames = max(1, Int(silence * 100))
    }

    public var isInSpeech: Bool { inSpeech }

    /// Samples of quiet after the last speech frame in the utterance that
    /// ended last: the pause that ended it.
    public private(set) var lastPause = 0

    /// Feeds samples; returns what happened, in order.
    public mutating func feed(_ samples: some Collection<Int16>) -> [Event] {
        pending.append(contentsOf: samples)
        var events: [Event] = []
        var start = 0
        while pending.count - start >= Self.frameSamples {
            let frame = Array(pending[start..<start + Self.frameSamples])
            start += Self.frameSamples
            if let event = step(frame) { events.append(event) }
        }
        pending.removeFirst(start)
        return events
    }

    /// Ends the stream: speech still going is an utterance.
    public mutating func finish() -> [Event] {
        var events = feed([Int16](repeating: 0, count: Self.frameSamples - pending.count % Self.frameSamples))
        if inSpeech { events.append(close()) }
        return events
    }

    private mutating func step(_ frame: [Int16]) -> Event? {
        let level = (frame.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame.count)).squareRoot()
        position += frame.count
        let threshold = max(minimumLevel, noise * 3)
        let loud = level > threshold
        if !inSpeech {
            // The background level follows the quiet frames, slowly, and drops at once.
            if !loud { noise = level < noise ? level : noise * 0.95 + level * 0.05 }
            preRoll.append(contentsOf: frame)
            if preRoll.count > 30 * Self.frameSamples { preRoll.removeFirst(preRoll.count - 30 * Self.frameSamples) }
            loudRun = loud ? loudRun + 1 : 0
            guard loudRun >= onsetFrames else { return nil }
            inSpeech = true
            quietRun = 0
            utterance = preRoll
            preRoll = []
            lastSpeech = position
            return .started(at: position - onsetFrames * Self.frameSamples)
        }
        utterance.append(contentsOf: frame)
        if loud {
            quietRun = 0
            lastSpeech = position
        } else {
            quietRun += 1
        }
        if quietRun >= silenceFrames || utterance.count >= maximumFrames * Self.frameSamples { return close() }
        return nil
    }

    private mutating func close() -> Event {
        inSpeech = false
        loudRun = 0
        lastPause = position - lastSpeech
        let event = Event.ended(AudioClip(samples: utterance), endOfSpeech: lastSpeech)
        utterance = []
        return event
    }
}
