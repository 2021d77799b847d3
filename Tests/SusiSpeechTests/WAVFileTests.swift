import Foundation
import SusiBasics
import SusiCLI
import SusiPorts
import Testing
@testable import SusiSpeech

@Suite("WAV files and text pieces")
struct WAVFileTests {
    @Test func aWrittenFileIsRIFFMono16BitWithItsRealSizes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/hello.wav"
        let written = try Synthesis.write(pieces(["Hello there.", "How are you?"]), to: path,
                                          SpeechParameters(voice: "gmw/en-US", wordsPerMinute: 175, pitch: 50))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == written.bytes)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        #expect(Array(bytes[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(le16(bytes, 20) == 1)      // PCM
        #expect(le16(bytes, 22) == 1)      // mono
        #expect(le32(bytes, 24) == 22050)  // espeak-ng's rate
        #expect(le16(bytes, 34) == 16)     // bits per sample
        #expect(le32(bytes, 4) == bytes.count - 8)
        #expect(le32(bytes, 40) == bytes.count - 44)
        #expect(written.seconds > 1)
        // Both pieces were spoken: longer than the first alone.
        let first = try Audio.of("Hello there.")
        #expect(written.samples > first.samples.count)
        #expect(folder.files == ["hello.wav"])
    }

    @Test func anUnwritablePlaceIsExit73AndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/missing/hello.wav"
        #expect {
            _ = try Synthesis.write(pieces(["Hello."]), to: path, SpeechParameters(voice: "gmw/en-US", wordsPerMinute: 175, pitch: 50))
        } throws: { error in
            let error = error as? CommandError
            return error?.exitCode == .cannotCreate && error?.message.contains(path) == true
        }
        #expect(folder.files.isEmpty)
    }

    @Test func aCancelledWriteLeavesNoFileAndKeepsTheOldOne() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/story.wav"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let job = SynthesisJob()
        var served = 0
        #expect {
            _ = try Synthesis.write({
                served += 1
                if served == 3 { job.cancel() }
                return served < 10 ? "A sentence to say." : nil
            }, to: path, SpeechParameters(voice: "gmw/en-US", wordsPerMinute: 175, pitch: 50), job: job)
        } throws: { ($0 as? CommandError)?.exitCode == .interrupted }
        #expect(folder.files == ["story.wav"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }

    /// The RIFF size fields are 32 bits: audio past the format's limit is an
    /// error naming it, never a file whose sizes wrapped. The limit is
    /// injected small here; the real one is checked as arithmetic.
    @Test func audioPastTheFormatsLimitIsAnErrorAndKeepsTheOldFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/long.wav"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let file = try WAVFile(path: path, sampleRate: 22050, dataLimit: 100)
        let samples = [Int16](repeating: 7, count: 40)
        #expect(samples.withUnsafeBufferPointer { file.append($0) })
        #expect(!samples.withUnsafeBufferPointer { file.append($0) })
        #expect {
            try file.finish()
        } throws: { error in
            let error = error as? CommandError
            return error?.exitCode == .dataError && error?.message.contains("4 GiB") == true
                && error?.message.contains(path) == true
        }
        #expect(folder.files == ["long.wav"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }

    @Test func theRealLimitIsTheLargestEvenSizeTheRIFFFieldHolds() {
        // RIFF size = 36 + data bytes must fit in 32 bits, and samples are 2 bytes.
        #expect(WAVFile.maximumDataBytes + 36 <= Int(UInt32.max))
        #expect(WAVFile.maximumDataBytes + 36 + 2 > Int(UInt32.max))
        #expect(WAVFile.maximumDataBytes % 2 == 0)
        let header = WAVFile.header(dataBytes: WAVFile.maximumDataBytes, sampleRate: 22050)
        #expect(le32(header, 4) == WAVFile.maximumDataBytes + 36)
        #expect(le32(header, 40) == WAVFile.maximumDataBytes)
    }

    func pieces(_ list: [String]) -> () throws -> String? {
        var rest = list
        return { rest.isEmpty ? nil : rest.removeFirst() }
    }

    func le16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func le32(_ bytes: [UInt8], _ at: Int) -> Int { le16(bytes, at) | le16(bytes, at + 2) << 16 }
}
