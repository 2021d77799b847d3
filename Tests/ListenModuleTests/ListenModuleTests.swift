import Foundation
import SusiListen
import SusiNet
import SusiTestKit
import Testing
@testable import SusiHost

/// `susi listen` end to end, with espeak-ng as the speaker and WAV files as
/// the microphone.
@Suite("susi listen", .serialized, .enabled(if: SpokenAudio.available, "needs libpocketsphinx3, pocketsphinx-en-us and espeak-ng (make deps)"))
struct ListenModuleTests {
    /// Skill examples whose answers do not change between two asks.
    static let queries = [
        "what time is it", "what is the date today", "what year is it", "list the planets",
        "how many planets are there", "what is the biggest planet", "who are you", "what is your name",
        "who made you", "are you open source", "are you a robot", "what can you do",
        "how do i use you", "good morning", "where is your source code", "how can i write a skill",
        "who wrote hamlet", "what is the speed of light", "how many continents are there",
        "what is the highest mountain", "who invented linux", "where is the eiffel tower",
        "how do you say hello in german", "what is the meaning of life",
    ]

    /// espeak-ng says each query into a WAV; `listen --once --file` hears it
    /// and its answer is the one `chat` gives for the typed query.
    @Test func spokenQueriesGetTheAnswersTypedOnesGet() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        var exact = 0
        var misheard: [String] = []
        for (index, query) in Self.queries.enumerated() {
            let wav = try SpokenAudio.wav([.silence(0.3), .say(query), .silence(0.5)], to: home.path + "/q\(index).wav")
            let heard = harness.run(["listen", "--once", "--file", wav, "--no-speak"])
            #expect(heard.status == 0, "\(query): \(heard.stderr)")
            let lines = heard.stdout.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            guard lines.count == 2, lines[0].hasPrefix("you> ") else {
                Issue.record("\(query): unexpected output \(heard.stdout.debugDescription)")
                continue
            }
            let text = String(lines[0].dropFirst("you> ".count))
            // Whatever was heard is answered (a misheard query may get one of
            // the fallback's several lines, so only an exact one is compared).
            #expect(!lines[1].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(query) heard as \(text)")
            if text == query {
                exact += 1
                #expect(String(lines[1]) == harness.run(["chat", query]).stdout)
            } else {
                misheard.append("\(query) → \(text)")
            }
        }
        // Measured with the shim's repeatable dither: 20 of 24 exact since
        // issue 31's reviewed skills put many more phrases in the skills
        // grammar ("what time is it", "list the planets", "who made you" and
        // "good morning" are heard as other skills' phrases). Before, 24 were
        // exact in most runs, but PocketSphinx's process-wide dither made the
        // count change from run to run (21 in two clean-clone CI runs). Issue
        // 33 (a recogniser that rejects what was not asked) is to raise this
        // back; the bound keeps it from getting worse.
        #expect(exact >= 20, "only \(exact) of \(Self.queries.count) exact; misheard: \(misheard)")
    }

    /// --transcribe --json: text, confidence and timing in snake_case; --generic uses the generic model.
    @Test func transcribeJSONHasTextConfidenceAndTiming() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let wav = try SpokenAudio.wav([.silence(0.3), .say("who are you"), .silence(0.5)], to: home.path + "/who.wav")
        let result = harness.run(["listen", "--transcribe", "--file", wav, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["text"] as? String == "who are you")
        #expect(object?["source"] as? String == "skills")
        #expect(Set(object?.keys.map { $0 } ?? []) == ["text", "confidence", "source", "audio_seconds", "recognition_seconds", "real_time_factor", "latency_seconds"])
        #expect((object?["audio_seconds"] as? Double ?? 0) > 0.5)
        // The latency is the pause that ended the utterance plus the recognition.
        let recognition = object?["recognition_seconds"] as? Double ?? -1
        let latency = object?["latency_seconds"] as? Double ?? -1
        #expect(latency >= recognition + 0.3 && latency <= recognition + 0.7, "latency \(latency), recognition \(recognition)")
        let plain = harness.run(["listen", "--transcribe", "--file", wav])
        #expect(plain.stdout == "who are you\n")
        let generic = harness.run(["listen", "--transcribe", "--generic", "--file", wav, "--json"])
        #expect(generic.status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(generic.stdout.utf8)) as? [String: Any])?["source"] as? String == "generic")
    }

    /// A stereo 8-bit 44.1 kHz file is resampled to 16 kHz mono and heard the same.
    @Test func otherRatesAndFormatsAreResampled() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let spoken = try SpokenAudio.speech("who invented linux", in: home.path)
        let at44 = AudioClip.resample(spoken.samples, from: spoken.rate).map { $0 }  // 16 kHz
        let up = stride(from: 0, to: at44.count * 44100 / 16000, by: 1).map { at44[min(at44.count - 1, $0 * 16000 / 44100)] }
        let padded = [Int16](repeating: 0, count: 8000) + up + [Int16](repeating: 0, count: 20000)
        // Stereo, 8-bit unsigned.
        var bytes: [UInt8] = []
        for sample in padded { let byte = UInt8(Int(sample >> 8) + 128); bytes += [byte, byte] }
        func le32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        func le16(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) }
        let header = Array("RIFF".utf8) + le32(36 + bytes.count) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + le16(1)
            + le16(2) + le32(44100) + le32(44100 * 2) + le16(2) + le16(8) + Array("data".utf8) + le32(bytes.count)
        let path = home.path + "/stereo8.wav"
        try Data(header + bytes).write(to: URL(fileURLWithPath: path))
        let result = harness.run(["listen", "--transcribe", "--file", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "who invented linux\n")
    }

    /// Hands-free over a file: silence, "susi", a query is one interaction;
    /// a recording without the hotword asks nothing.
    @Test func theHotwordStartsOneInteractionAndItsAbsenceNone() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let with = try SpokenAudio.wav([.silence(1), .say("susi"), .silence(0.8), .say("who invented linux"), .silence(1)],
                                       to: home.path + "/with.wav")
        let result = harness.run(["listen", "--file", with, "--no-speak"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "you> who invented linux\n" + harness.run(["chat", "who invented linux"]).stdout)

        let fresh = try TemporaryHome()
        let quiet = try fresh.harness()
        let without = try SpokenAudio.wav([.silence(1), .say("who invented linux"), .silence(1)], to: fresh.path + "/without.wav")
        let none = quiet.run(["listen", "--file", without, "--no-speak"])
        #expect(none.status == 0)
        #expect(none.stdout == "")
        #expect(none.stderr == "The hotword \"susi\" was not heard in \(without); nothing was asked.\n")
        // Nothing was asked, so nothing is in the history.
        #expect(quiet.run(["chat", "history"]).stdout == "")
    }

    /// --hotword and the listen.hotword setting choose the word.
    @Test func anotherHotword() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let wav = try SpokenAudio.wav([.silence(1), .say("robot"), .silence(0.8), .say("who are you"), .silence(1)],
                                      to: home.path + "/robot.wav")
        #expect(harness.run(["listen", "--file", wav, "--no-speak"]).stdout == "")
        #expect(harness.run(["listen", "--file", wav, "--no-speak", "--hotword", "robot"]).stdout.hasPrefix("you> who are you\n"))
        #expect(harness.run(["config", "set", "listen.hotword", "robot"]).status == 0)
        #expect(harness.run(["listen", "--file", wav, "--no-speak"]).stdout.hasPrefix("you> who are you\n"))
    }

    /// The grammar is built once, cached under the catalogue's fingerprint,
    /// and rebuilt when the catalogue changes.
    @Test func theGrammarIsCachedAndRebuiltWhenSkillsChange() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let wav = try SpokenAudio.wav([.silence(0.3), .say("who are you"), .silence(0.5)], to: home.path + "/who.wav")
        let first = harness.run(["listen", "--transcribe", "--file", wav, "--verbose"])
        #expect(first.stderr.contains("(built, "))
        let second = harness.run(["listen", "--transcribe", "--file", wav, "--verbose"])
        #expect(second.stderr.contains("(cached, "))
        let folder = home.path + "/cache/listen"
        let before = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(before.count == 1)
        // A new skill: a new fingerprint, a new grammar, the old one gone, and its phrase can be said.
        let tree = home.path + "/tree/models/general/Music/en"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try Data("::name Parrot\n::language en\n\nplay the purple parrot song\nSquawk.\n".utf8).write(to: URL(fileURLWithPath: tree + "/parrot.txt"))
        let added = harness.run(["skills", "import", home.path + "/tree"])
        #expect(added.status == 0, "\(added.stderr)")
        let parrot = try SpokenAudio.wav([.silence(0.3), .say("play the purple parrot song"), .silence(0.5)], to: home.path + "/parrot.wav")
        let third = harness.run(["listen", "--transcribe", "--file", parrot, "--verbose"])
        #expect(third.stderr.contains("(built, "))
        #expect(third.stdout == "play the purple parrot song\n")
        let after = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(after.count == 1 && after != before)
    }
}
