import Foundation
import SusiBasics

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

/// Text, piece by piece (see TextChunks), into a WAV file or a player.
/// Nothing holds more than one piece of text and a block of audio, so
/// length costs time, not memory. Ctrl-C or `job` stops it within a block.
public enum Synthesis {
    /// What was written.
    public struct Written: Equatable, Sendable {
        public var samples: Int
        public var sampleRate: Int
        public var bytes: Int { 44 + samples * 2 }
        public var seconds: Double { Double(samples) / Double(sampleRate) }
    }

    /// Writes the WAV atomically; Ctrl-C leaves no file (exit 130).
    public static func write(_ next: () throws -> String?, to path: String, _ parameters: SpeechParameters,
                             job: SynthesisJob = SynthesisJob()) throws -> Written {
        let rate = try ESpeak.sampleRate()
        let file = try WAVFile(path: path, sampleRate: rate)
        var failed = false
        while let piece = try next() {
            let done = try ESpeak.synthesize(piece, voice: parameters.voice, wordsPerMinute: parameters.wordsPerMinute,
                                             pitch: parameters.pitch, job: job) { samples in
                if Interrupts.isPending { job.cancel(); return false }
                if !file.append(samples) { failed = true; return false }
                return true
            }
            if !done && !failed {
                file.discard()
                throw interrupted
            }
            if failed { break }
        }
        try file.finish()
        return Written(samples: file.sampleCount, sampleRate: rate)
    }

    /// Plays through `player`; returns false when stopped by Ctrl-C or `job`.
    public static func play(_ next: () throws -> String?, through player: AudioPlayer, _ parameters: SpeechParameters,
                            environment: [String: String], job: SynthesisJob = SynthesisJob()) throws -> Bool {
        let rate = player.speaksText ? 22050 : try ESpeak.sampleRate()
        let process = try PlayerProcess(player, arguments: player.arguments(
            sampleRate: rate, voice: parameters.voice, wordsPerMinute: parameters.wordsPerMinute, pitch: parameters.pitch),
            environment: environment)
        defer { process.stop() }
        var gone = false
        while let piece = try next() {
            if Interrupts.isPending || job.isCancelled { return false }
            if player.speaksText {
                let ok = Array((piece + "\n").utf8).withUnsafeBytes { process.write($0) }
                if !ok { gone = true; break }
                continue
            }
            let done = try ESpeak.synthesize(piece, voice: parameters.voice, wordsPerMinute: parameters.wordsPerMinute,
                                             pitch: parameters.pitch, job: job) { samples in
                if Interrupts.isPending { job.cancel(); return false }
                let ok = process.write(UnsafeRawBufferPointer(samples))
                if !ok { gone = true }
                return ok
            }
            if gone { break }
            if !done { return false }
        }
        if Interrupts.isPending || job.isCancelled { return false }
        if gone {
            throw CommandError(.unavailable, "\(player.kind.rawValue) stopped before the speech was played.",
                               hint: "Check the sound setup, or write the audio to a file with --out FILE.wav.")
        }
        return process.finish()
    }

    static var interrupted: CommandError { CommandError(.interrupted, "Interrupted; nothing was written.") }
}
