import Foundation
import SusiBasics
import SusiCLI
import SusiListen
import SusiPorts
import SusiSpeech
import SusiTestKit
@testable import SusiHost

/// Speech for the listen tests, with no microphone: espeak-ng (through
/// SusiSpeech) speaks text into WAV files, and pieces are joined with
/// silence in between, as a recording would hold them.
enum SpokenAudio {
    /// PocketSphinx, its English model and espeak-ng are all there (CI's
    /// make deps installs them); the tests say so when they skip.
    static let available: Bool = {
        guard Recognizer.libraryLoads(), (try? SpeechModel.find(language: "en", environment: [:])) != nil else { return false }
        guard FileManager.default.isExecutableFile(atPath: espeakProgram) else { return false }
        return (try? VoiceCatalogue.installed().find("en-us")) != nil
    }()

    static let parameters = SpeechParameters(voice: "en-us", wordsPerMinute: 175, pitch: 50)

    /// The 16-bit samples espeak-ng makes for `text`, and their rate.
    ///
    /// Spoken by the espeak-ng program, one process per piece, not by the
    /// library inside this test process: libespeak-ng keeps state from one
    /// synthesis to the next (the same text comes out a few samples longer
    /// or shorter, with other waveforms), so in-process audio depended on
    /// whatever other suites had synthesized before, and a recognition
    /// changed with it ("who invented linux" heard as "in a deadly" once in
    /// a while). A fresh process always makes the same audio; `-z` leaves
    /// out the final pause, as the library's synthesis does.
    static func speech(_ text: String, in folder: String) throws -> (samples: [Int16], rate: Int) {
        let arguments = ["espeak-ng", "-z", "-v", parameters.voice, "-s", String(parameters.wordsPerMinute),
                         "-p", String(parameters.pitch), "--stdout", text]
        let bytes: [UInt8]
        switch ChildSpawn.capture(espeakProgram, arguments: arguments, environment: ChildEnvironment.make(home: folder),
                                  limit: 64 << 20, timeout: .seconds(300)) {
        case let .success(captured):
            guard captured.status == 0, captured.output.count > 44 else {
                throw CommandError(.software, "espeak-ng could not speak \(text.debugDescription) (exit \(captured.status)).")
            }
            bytes = captured.output
        case let .failure(failure):
            throw CommandError(.software, "espeak-ng could not speak \(text.debugDescription): \(failure).")
        }
        let rate = Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16
        var samples: [Int16] = []
        samples.reserveCapacity((bytes.count - 44) / 2)
        var index = 44
        while index + 1 < bytes.count {
            samples.append(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))
            index += 2
        }
        return (samples, rate)
    }

    static let espeakProgram = "/usr/bin/espeak-ng"

    /// A WAV at espeak-ng's rate: each piece is text to speak or seconds of silence.
    enum Piece { case say(String), silence(Double) }

    @discardableResult
    static func wav(_ pieces: [Piece], to path: String) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        var samples: [Int16] = []
        var rate = 22050
        for piece in pieces {
            switch piece {
            case let .say(text):
                let spoken = try speech(text, in: folder)
                samples += spoken.samples
                rate = spoken.rate
            case let .silence(seconds):
                samples += [Int16](repeating: 0, count: Int(seconds * Double(rate)))
            }
        }
        try write(samples, rate: rate, channels: 1, to: path)
        return path
    }

    /// A 16-bit PCM WAV of these (interleaved) samples.
    static func write(_ samples: [Int16], rate: Int, channels: Int, to path: String) throws {
        func le32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        func le16(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) }
        let data = samples.flatMap { le16(Int(UInt16(bitPattern: $0))) }
        let header = Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + le16(1)
            + le16(channels) + le32(rate) + le32(rate * channels * 2) + le16(channels * 2) + le16(16) + Array("data".utf8) + le32(data.count)
        try Data(header + data).write(to: URL(fileURLWithPath: path))
    }
}
