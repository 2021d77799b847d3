import Foundation
import SusiTestKit
import Testing
import SusiCore
import SusiLocal
@testable import SusiHost

@Suite("susi voice list/set/show/reset/rate/pitch")
struct VoiceSettingsCommandTests {
    @Test func listShowsEveryInstalledVoiceAndMarksTheCurrentOne() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let all = harness.run(["voice", "list"])
        #expect(all.status == 0)
        #expect(all.stderr == "")
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count >= 100)
        #expect(lines.contains("\ten-US\tEnglish (America)\tmale\ten-US\ten"))
        // Nothing chosen: the user's language (English here) is current.
        #expect(lines.filter { $0.hasPrefix("*\t") } == ["*\ten-GB\tEnglish (Great Britain)\tmale\ten\ten"])

        #expect(harness.run(["voice", "set", "de"]).status == 0)
        let german = harness.run(["voice", "list", "--language", "de"])
        #expect(german.stdout == "*\tde\tGerman\tmale\tde\t\n")

        let english = harness.run(["voice", "list", "--language", "EN_gb", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(english.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count >= 3)
        #expect(rows.allSatisfy { ($0["code"] as? String)?.hasPrefix("en-GB") == true })
        #expect(rows.allSatisfy { Set($0.keys) == ["code", "name", "gender", "voice", "languages", "current"] })
        #expect(rows.first?["languages"] as? [String] == ["en-GB", "en"])
    }

    @Test func listWithAnUnknownLanguageIsAUsageError() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["voice", "list", "--language", "xx-nope"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: No installed voice speaks 'xx-nope'."))
    }

    @Test(arguments: [("en-US", "en-US"), ("en-us", "en-US"), ("en_US", "en-US"), ("english", "en-GB"),
                      ("en-GB-x-rp", "en-GB-x-rp"), ("gmw/de", "de"), ("pt_br", "pt-BR"), ("en-us+klatt", "en-US+klatt")])
    func setAcceptsEveryWayOfNamingAVoice(_ typed: String, _ stored: String) throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let result = harness.run(["voice", "set", typed])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("SUSI's voice is now \(stored) ("))
        #expect(harness.run(["config", "get", "voice"]).stdout == stored + "\n")
        #expect(harness.run(["voice", "show"]).stdout.hasPrefix("voice\t\(stored)\t"))
    }

    @Test(arguments: [
        (["voice", "set", "englsh"], "error: No voice 'englsh' is installed. Did you mean en-GB, en-US, en-029? See 'susi voice list'."),
        (["voice", "set", "en-UX"], "error: No voice 'en-UX' is installed. Did you mean en-US"),
        (["voice", "set", "en-us+nosuch"], "error: No voice 'en-us+nosuch' is installed. Did you mean en-US"),
        (["voice", "set", ""], "error: No voice '' is installed."),
        (["voice", "rate", "3"], "error: The rate 3 is out of range; it is 0.5 to 2.0 (1.0 is normal)."),
        (["voice", "rate", "0.49"], "error: The rate 0.49 is out of range; it is 0.5 to 2.0 (1.0 is normal)."),
        (["voice", "rate", "fast"], "error: 'fast' is not a number; the rate is 0.5 to 2.0 (1.0 is normal)."),
        (["voice", "rate", ""], "error: '' is not a number; the rate is 0.5 to 2.0 (1.0 is normal)."),
        (["voice", "pitch", "-1"], "error: The pitch -1 is out of range; it is 0.5 to 2.0 (1.0 is normal)."),
        (["voice", "pitch", "nan"], "error: 'nan' is not a number; the pitch is 0.5 to 2.0 (1.0 is normal)."),
        (["voice", "say", "hi", "--rate", "9"], "error: The rate 9 is out of range; it is 0.5 to 2.0 (1.0 is normal)."),
        (["voice", "say", "hi", "--pitch", "x"], "error: 'x' is not a number; the pitch is 0.5 to 2.0 (1.0 is normal)."),
        (["voice", "say", "hi", "--voice", "vulcan"], "error: No voice 'vulcan' is installed."),
        (["voice", "say", ""], "error: Nothing to say: give some text, or '-' to read standard input."),
        (["voice", "say", "  "], "error: Nothing to say: give some text, or '-' to read standard input."),
    ])
    func badInputIsExit64AndChangesNothing(_ argv: [String], _ message: String) throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["voice", "set", "de"]).status == 0)
        #expect(harness.run(["voice", "rate", "1.5"]).status == 0)
        let before = try #require(home.configBytes())
        let result = harness.run(argv + ["--out", home.path + "/out.wav"].filter { _ in argv[1] == "say" })
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(home.configBytes() == before)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/out.wav"))
    }

    @Test func rateAndPitchUseTheAppsScaleAndShowEspeakUnits() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["voice", "rate"]).stdout == "1.0\n")
        #expect(harness.run(["voice", "rate", "2"]) == InProcess.Result(stdout: "", stderr: "Set the rate to 2.0 (350 words per minute).\n", status: 0))
        #expect(harness.run(["voice", "pitch", "0.5"]) == InProcess.Result(stdout: "", stderr: "Set the pitch to 0.5 (espeak-ng pitch 25).\n", status: 0))
        #expect(harness.run(["voice", "rate"]).stdout == "2.0\n")
        #expect(harness.run(["config", "get", "speech.pitch"]).stdout == "0.5\n")
        let show = harness.run(["voice", "show", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(object["rate"] as? Double == 2.0)
        #expect(object["words_per_minute"] as? Int == 350)
        #expect(object["pitch"] as? Double == 0.5)
        #expect(object["espeak_pitch"] as? Int == 25)
        #expect(object["voice_source"] as? String == "language")
        #expect(object["espeak_voice"] as? String == "gmw/en")

        #expect(harness.run(["voice", "set", "fr"]).status == 0)
        #expect(harness.run(["voice", "show"]).stdout == """
            voice\tfr-FR\tFrench (France)
            rate\t2.0\t350 words per minute
            pitch\t0.5\tespeak-ng pitch 25

            """)
        let reset = harness.run(["voice", "reset"])
        #expect(reset.status == 0)
        #expect(reset.stderr.hasPrefix("Reset voice, speech.rate, speech.pitch: no voice is chosen"))
        #expect(harness.run(["config", "list"]).stdout.contains("voice\t\tunset\nspeech.output\tnever\tdefault\nspeech.rate\t1.0\tdefault\nspeech.pitch\t1.0\tdefault\n"))
        #expect(harness.run(["voice", "reset"]).stderr == "Voice, rate and pitch were already the defaults.\n")
    }

    @Test func withoutAChoiceTheUsersLanguagePicksTheVoice() throws {
        let home = try TemporaryHome()
        let show = try home.harness(["LANG": "de_DE.UTF-8"]).run(["voice", "show"])
        #expect(show.stdout.hasPrefix("voice\tde\tGerman (none chosen: from your language;"))
    }

    @Test func oldUnitsInTheConfigFileKeepWorking() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"speech.rate\": 350, \"speech.pitch\": 75, \"voice\": \"de\"}")
        let show = try home.harness().run(["voice", "show"])
        #expect(show.status == 0)
        #expect(show.stdout == "voice\tde\tGerman\nrate\t2.0\t350 words per minute\npitch\t1.5\tespeak-ng pitch 75\n")
    }
}

@Suite("susi voice say")
struct VoiceSayCommandTests {
    func wav(_ path: String) throws -> (rate: Int, channels: Int, bits: Int, seconds: Double, peak: Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func le(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        #expect(Array(bytes[8..<12]) == Array("WAVE".utf8))
        #expect(le(4, 4) == bytes.count - 8)
        #expect(le(40, 4) == bytes.count - 44)
        var peak = 0
        for index in stride(from: 44, to: bytes.count - 1, by: 2) { peak = max(peak, abs(Int(Int16(bitPattern: UInt16(le(index, 2)))))) }
        return (le(24, 4), le(22, 2), le(34, 2), Double(bytes.count - 44) / 2 / Double(le(24, 4)), peak)
    }

    @Test func outWritesAValidNonSilentWAVThatGrowsWithTheText() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let short = home.path + "/short.wav", long = home.path + "/long.wav"
        let result = harness.run(["voice", "say", "Hello", "--out", short])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Wrote \(short): "))
        let a = try wav(short)
        #expect(a.rate == 22050 && a.channels == 1 && a.bits == 16)
        #expect(a.seconds > 0.2)
        #expect(a.peak > 3000)
        #expect(harness.run(["voice", "say", "Hello,", "I am SUSI.", "How can I help you today?", "--out", long]).status == 0)
        #expect(try wav(long).seconds > a.seconds * 3)
        // Slower, this once, is longer; the setting is untouched.
        let slow = home.path + "/slow.wav"
        #expect(harness.run(["voice", "say", "Hello,", "I am SUSI.", "How can I help you today?", "--rate", "0.5", "--out", slow]).status == 0)
        #expect(try wav(slow).seconds > wav(long).seconds * 1.5)
        #expect(home.configBytes() == nil)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: home.path)).isSuperset(of: ["short.wav", "long.wav", "slow.wav"]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).allSatisfy { !$0.hasPrefix(".") })
    }

    /// `--out -` is standard output, as in every Unix tool: the WAV goes
    /// there whole, no file named '-' appears; a terminal is refused.
    @Test func outDashWritesTheWAVToStandardOutput() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let stray = FileManager.default.currentDirectoryPath + "/-"
        defer { try? FileManager.default.removeItem(atPath: stray) }
        let (bytes, result) = harness.runCapturingBytes(["voice", "say", "Hello", "--out", "-"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try #require(bytes.count > 44)
        let path = home.path + "/piped.wav"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let piped = try wav(path)
        #expect(piped.rate == 22050 && piped.seconds > 0.2 && piped.peak > 3000)
        #expect(!FileManager.default.fileExists(atPath: stray))
        var terminal = harness
        terminal.stdoutTTY = true
        let refused = terminal.runCapturingBytes(["voice", "say", "Hello", "--out", "-"])
        #expect(refused.result.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(refused.result.stderr.hasPrefix("error: Standard output is a terminal; audio would be garbage there."))
    }

    @Test func standardInputIsSpokenWithADash() throws {
        let home = try TemporaryHome()
        let out = home.path + "/stdin.wav"
        let result = try home.harness().run(["voice", "say", "-", "--out", out], stdin: "First line.\n\nSecond line of text.\n")
        #expect(result.status == 0)
        #expect(try wav(out).seconds > 1.5)
        let empty = try home.harness().run(["voice", "say", "-", "--out", out + "2"], stdin: "\n  \n")
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("error: Standard input held nothing to say."))
        #expect(!FileManager.default.fileExists(atPath: out + "2"))
    }

    @Test func standardInputThatIsNotUTF8IsRefusedAndNothingIsWritten() throws {
        let home = try TemporaryHome()
        let out = home.path + "/bad.wav"
        let result = try home.harness().run(["voice", "say", "-", "--out", out], stdinBytes: Array("Hello ".utf8) + [0xFF, 0xFE] + Array(" there.\n".utf8))
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: Standard input is not valid UTF-8"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anUnwritableOutIsExit73WithThePathAndNoFileLeft() throws {
        let home = try TemporaryHome()
        let folder = home.path + "/locked"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // root may write anywhere: a read-only folder then proves nothing.
        let paths = [home.path + "/no/such/dir/x.wav"] + (getuid() == 0 ? [] : [folder + "/x.wav"])
        for path in paths {
            if path.hasPrefix(folder) { chmod(folder, 0o500) }
            defer { chmod(folder, 0o700) }
            let result = try home.harness().run(["voice", "say", "Hello", "--out", path])
            #expect(result.status == 73)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("error: Cannot create \(path): "))
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// A machine with PipeWire (a socket in XDG_RUNTIME_DIR) and pw-play on
    /// PATH: raw samples go to the player, which here saves them.
    @Test func aPlayerGetsRawSamplesWhenThereIsASoundServer() throws {
        let home = try TemporaryHome()
        let runtime = home.path + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: runtime + "/pipewire-0", contents: Data())
        try home.script("bin/pw-play", "printf '%s\\n' \"$@\" > \"$PLAYED.args\"\ncat > \"$PLAYED\"\n")
        let played = home.path + "/played.raw"
        let result = try home.harness(["PATH": home.path + "/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "PLAYED": played])
            .run(["voice", "say", "Hello there", "--voice", "en-US", "--pitch", "1.5"])
        #expect(result == InProcess.Result(stdout: "", stderr: "", status: 0))
        #expect(try String(contentsOfFile: played + ".args", encoding: .utf8) == "--format\ns16\n--rate\n22050\n--channels\n1\n-\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: played))
        #expect(bytes.count > 22050)  // more than half a second of 16-bit audio
        #expect(bytes.count % 2 == 0)
    }

    @Test(.enabled(if: !AudioDevicesProbe.machineHasSound, "this machine has a sound device"))
    func noSoundDeviceAndNoOutIsExit69SuggestingOut() throws {
        let home = try TemporaryHome()
        try home.script("bin/aplay", "cat > /dev/null\n")
        let result = try home.harness(["PATH": home.path + "/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": home.path])
            .run(["voice", "say", "Hello"])
        #expect(result.status == 69)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: Cannot play speech: this machine has no sound device (no PipeWire or PulseAudio server, no ALSA playback device).
            Write it to a file instead: susi voice say "..." --out speech.wav

            """)
    }
}

enum AudioDevicesProbe {
    static var machineHasSound: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []).contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
    }
}

@Suite("susi voice: a voice setting that is not installed")
struct VoiceSettingNotInstalledTests {
    @Test func showSaysSoAndFallsBackToTheLanguage() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"voice\": \"xx-notavoice\"}")
        let show = try home.harness().run(["voice", "show"])
        #expect(show.status == 0)
        #expect(show.stdout.hasPrefix("voice\ten-GB\t"))
        #expect(show.stderr == "warning: The voice setting 'xx-notavoice' is not an installed voice; using your language's. Choose one with 'susi voice set'.\n")
    }
}
