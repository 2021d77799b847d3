import Foundation
import SusiBasics
import SusiPorts

/// Text, piece by piece (see TextChunks), into a WAV file or a player.
/// Nothing holds more than one piece of text and a block of audio, so
/// length costs time, not memory. Ctrl-C or `job` stops it within a block.
public enum Synthesis {
    /// What was written.
    public typealias Written = WrittenSpeech

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

/// The speech-synthesis port over libespeak-ng and this machine's players.
public struct ESpeakSynthesis: SpeechSynthesis {
    let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    public func write(_ next: () throws -> String?, to path: String, _ parameters: SpeechParameters) throws -> WrittenSpeech {
        try Synthesis.write(next, to: path, parameters)
    }

    public func findPlayer() -> SpeechPlayerLookup {
        let devices = AudioDevices.probe(environment: environment)
        guard let player = devices.player() else { return .missing(reason: devices.missingReason) }
        return .found(Player(player: player, environment: environment))
    }

    struct Player: SpeechPlayer {
        let player: AudioPlayer
        let environment: [String: String]

        var path: String { player.path }

        func play(_ next: () throws -> String?, _ parameters: SpeechParameters) throws -> Bool {
            try Synthesis.play(next, through: player, parameters, environment: environment)
        }
    }
}
