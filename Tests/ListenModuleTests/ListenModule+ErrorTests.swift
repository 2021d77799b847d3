import Foundation
import SusiListen
import SusiTestKit
import Testing
@testable import SusiHost

/// What `susi listen` says when something is missing or wrong: the message,
/// the exit code, and that nothing was asked or stored.
@Suite("susi listen: missing pieces and bad input")
struct ListenErrorTests {
    @Test func aMissingModelNamesTheDebianPackage() throws {
        let home = try TemporaryHome()
        let harness = try home.harness(["SUSI_POCKETSPHINX_MODELS": home.path + "/no-models"])
        let result = harness.run(["listen", "--once", "--file", home.path + "/q.wav"])
        #expect(result.status == 69)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: The PocketSphinx English model is not installed (looked in \(home.path)/no-models/en-us).\nInstall it: sudo apt-get install pocketsphinx-en-us\n")
    }

    @Test func aLanguageWithoutAModelSaysSo() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["config", "set", "language", "de"]).status == 0)
        let result = harness.run(["listen", "--transcribe", "--file", home.path + "/q.wav"])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("error: No PocketSphinx model for 'de' is installed (looked in /usr/share/pocketsphinx/model/de); Debian packages only US English.\nInstall pocketsphinx-en-us and listen in English"))
    }

    @Test func conflictingOptionsAreUsageErrors() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let both = harness.run(["listen", "--once", "--hotword", "computer"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("error: --once and --hotword do not go together"))
        let transcribe = harness.run(["listen", "--transcribe", "--hotword", "computer"])
        #expect(transcribe.status == 64)
        let speak = harness.run(["listen", "--transcribe", "--speak"])
        #expect(speak.status == 64)
        #expect(speak.stderr.hasPrefix("error: --transcribe only prints text; it does not speak."))
        let bad = harness.run(["listen", "--hotword", "r2-d2"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("error: The hotword 'r2-d2' is not usable: expected one to three English words"))
        // The setting refuses the same, and keeps what it had.
        #expect(harness.run(["config", "set", "listen.hotword", "hey susi"]).status == 0)
        #expect(harness.run(["config", "set", "listen.hotword", "no;way"]).status == 64)
        #expect(harness.run(["config", "get", "listen.hotword"]).stdout == "hey susi\n")
    }
}

@Suite("susi listen: recorders and files", .serialized, .enabled(if: SpokenAudio.available, "needs libpocketsphinx3, pocketsphinx-en-us and espeak-ng (make deps)"))
struct ListenRecorderTests {
    @Test func noRecorderIsExit69WithoutAHang() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()  // PATH is an empty folder
        let result = harness.run(["listen", "--once"])
        #expect(result.status == 69)
        #expect(result.stderr == "error: Cannot record: none of pw-record, parec, arecord is installed.\nInstall one (e.g. sudo apt-get install alsa-utils), or give a recording: susi listen --once --file query.wav\n")
    }

    @Test func aRecorderThatExitsAtOnceIsExit69() throws {
        let home = try TemporaryHome()
        try home.script("empty-bin/arecord", "exit 1\n")
        let harness = try home.harness()
        let started = Date()
        let result = harness.run(["listen", "--once", "--no-speak"])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("error: The recorder arecord stopped (exit status 1): no microphone is available.\n"))
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func aSilentRecorderTimesOutWith69() throws {
        let home = try TemporaryHome()
        try home.script("empty-bin/parec", "exec /bin/sleep 30\n")
        let harness = try home.harness()
        let result = harness.run(["listen", "--once", "--no-speak"])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("error: The recorder parec sent no audio for 3 seconds: no microphone is available.\n"))
    }

    /// A silent recorder that ignores SIGTERM is killed, not waited on forever.
    @Test
    func aSilentRecorderIgnoringTermIsKilled() throws {
        let home = try TemporaryHome()
        // It gives up by itself after 60 s, so a susi that waits on it ends too (and fails the time check).
        try home.script("empty-bin/parec", "trap '' TERM\necho $$ > \"$HOME/recorder\"\nn=0\nwhile [ $n -lt 60 ]; do /bin/sleep 1; n=$((n + 1)); done\n")
        let harness = try home.harness()
        let started = Date()
        let result = harness.run(["listen", "--once", "--no-speak"])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("error: The recorder parec sent no audio for 3 seconds: no microphone is available.\n"))
        let pid = try #require(Int32(try String(contentsOfFile: home.path + "/recorder", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        var stat: String? = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        if let text = stat, let close = text.lastIndex(of: ")"), text[text.index(close, offsetBy: 2)] == "Z" { stat = nil }
        #expect(stat == nil, "the recorder \(pid) survived")
        if stat != nil { kill(pid, SIGKILL) }
    }

    /// A stand-in microphone (raw 16 kHz audio on stdout, as arecord gives
    /// it) with `chat --listen` and `listen --once`: the spoken query is answered.
    @Test func theMicrophonePathAnswersASpokenQuery() throws {
        let home = try TemporaryHome()
        let spoken = try SpokenAudio.speech("who invented linux", in: home.path)
        let samples = [Int16](repeating: 0, count: 4800) + AudioClip.resample(spoken.samples, from: spoken.rate) + [Int16](repeating: 0, count: 16000)
        let raw = home.path + "/mic.raw"
        try Data(samples.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }).write(to: URL(fileURLWithPath: raw))
        try home.script("empty-bin/arecord", "exec /bin/cat '\(raw)'\n")
        let harness = try home.harness()
        let answer = harness.run(["chat", "who invented linux"]).stdout
        let once = harness.run(["listen", "--once", "--no-speak"])
        #expect(once.status == 0, "\(once.stderr)")
        #expect(once.stdout == "you> who invented linux\n" + answer)
        let chat = harness.run(["chat", "--listen"])
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(chat.stdout == "you> who invented linux\n" + answer)
    }

    @Test func badFilesSayWhatIsWrongAndAskNothing() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let missing = harness.run(["listen", "--once", "--file", home.path + "/nope.wav"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: No such audio file: \(home.path)/nope.wav.\nGive the path of a WAV file.\n")
        let text = home.path + "/text.wav"
        try Data("hello, not audio".utf8).write(to: URL(fileURLWithPath: text))
        let notWAV = harness.run(["listen", "--once", "--file", text])
        #expect(notWAV.status == 65)
        #expect(notWAV.stderr.hasPrefix("error: \(text) is not a usable WAV file: it does not start with a RIFF/WAVE header.\n"))
        let silent = home.path + "/silence.wav"
        try SpokenAudio.write([Int16](repeating: 0, count: 16000), rate: 16000, channels: 1, to: silent)
        let nothing = harness.run(["listen", "--once", "--file", silent])
        #expect(nothing.status == 66)
        // (Where nothing can play, a warning says so once before.)
        #expect(nothing.stderr.hasSuffix("error: No speech was heard in \(silent).\nCheck that the recording holds speech.\n"))
        #expect(nothing.stderr.split(separator: "\n").count <= 3, "\(nothing.stderr)")
        #expect(nothing.stdout == "")
        #expect(harness.run(["chat", "history"]).stdout == "")
    }

    /// A FIFO given as the recording: refused at once (it would block
    /// forever), as is a folder; a link the user names is followed.
    @Test
    func aFIFOIsRefusedAtOnceAndALinkIsFollowed() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let fifo = home.path + "/q.wav"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = harness.run(["listen", "--once", "--file", fifo])
        #expect(result.status == 66)
        #expect(result.stderr == "error: \(fifo) is not a regular file (a FIFO).\nGive the path of a WAV file.\n")
        let folder = harness.run(["listen", "--once", "--file", home.path])
        #expect(folder.status == 66)
        #expect(folder.stderr == "error: \(home.path) is a folder, not a WAV file.\nGive the path of a WAV file.\n")
        let text = home.path + "/text.wav"
        try Data("hello, not audio".utf8).write(to: URL(fileURLWithPath: text))
        let link = home.path + "/link.wav"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: text)
        let linked = harness.run(["listen", "--once", "--file", link])
        #expect(linked.status == 65)
        #expect(linked.stderr.hasPrefix("error: \(link) is not a usable WAV file: it does not start with a RIFF/WAVE header.\n"))
        #expect(harness.run(["chat", "history"]).stdout == "")
    }

    /// listen bounds a recording by what it costs to recognise, its length.
    @Test func aRecordingLongerThanTenMinutesIsRefusedNamingTheLimit() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let long = home.path + "/long.wav"
        // 8-bit mono at 4 kHz: 10 minutes and 1 second in 2.4 MB.
        let seconds = 601
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let data = [UInt8](repeating: 128, count: 4000 * seconds)
        let header = Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVEfmt ".utf8) + le32(16) + [1, 0, 1, 0]
            + le32(4000) + le32(4000) + [1, 0, 8, 0] + Array("data".utf8) + le32(data.count)
        try Data(header + data).write(to: URL(fileURLWithPath: long))
        let result = harness.run(["listen", "--once", "--file", long])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: \(long) is not a usable WAV file: it lasts 10 minutes 1 second; listen reads at most 10 minutes.\n"))
        #expect(harness.run(["chat", "history"]).stdout == "")
    }
}
