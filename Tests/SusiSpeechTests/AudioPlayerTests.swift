import Foundation
import SusiBasics
import SusiCLI
import SusiPorts
import Testing
@testable import SusiSpeech

@Suite("Players and sound devices")
struct AudioPlayerTests {
    static let all = ["pw-play": "/p/pw-play", "paplay": "/p/paplay", "aplay": "/p/aplay", "espeak-ng": "/p/espeak-ng"]

    @Test func thePlayerFitsTheSoundSystem() {
        func player(_ programs: [String: String], pipewire: Bool = false, pulse: Bool = false, alsa: Bool = false) -> String? {
            AudioDevices(programs: programs, pipewire: pipewire, pulse: pulse, alsa: alsa).player()?.path
        }
        #expect(player(Self.all, pipewire: true, pulse: true, alsa: true) == "/p/pw-play")
        #expect(player(Self.all, pulse: true, alsa: true) == "/p/paplay")
        #expect(player(Self.all, alsa: true) == "/p/aplay")
        #expect(player(["espeak-ng": "/p/espeak-ng"], alsa: true) == "/p/espeak-ng")
        #expect(player(["pw-play": "/p/pw-play"], pulse: true) == nil)
        // No device: nothing plays, whatever is installed.
        #expect(player(Self.all) == nil)
        #expect(AudioDevices(programs: Self.all, pipewire: false, pulse: false, alsa: false).missingReason.contains("no sound device"))
        #expect(AudioDevices(programs: [:], pipewire: false, pulse: false, alsa: true).missingReason.contains("none of pw-play, paplay, aplay, espeak-ng"))
    }

    @Test func probingReadsPathAndTheRuntimeFolder() throws {
        let folder = try TemporaryFolder()
        let bin = folder.path + "/bin", runtime = folder.path + "/run", snd = folder.path + "/snd"
        for dir in [bin, runtime + "/pulse", snd] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        _ = FileManager.default.createFile(atPath: bin + "/paplay", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        _ = FileManager.default.createFile(atPath: bin + "/aplay", contents: Data(), attributes: [.posixPermissions: 0o644])
        var devices = AudioDevices.probe(environment: ["PATH": bin, "XDG_RUNTIME_DIR": runtime], soundDevices: snd)
        #expect(devices == AudioDevices(programs: ["paplay": bin + "/paplay"], pipewire: false, pulse: false, alsa: false))
        _ = FileManager.default.createFile(atPath: runtime + "/pulse/native", contents: Data())
        _ = FileManager.default.createFile(atPath: snd + "/pcmC0D0p", contents: Data())
        devices = AudioDevices.probe(environment: ["PATH": bin, "XDG_RUNTIME_DIR": runtime], soundDevices: snd)
        #expect(devices.pulse && devices.alsa && !devices.pipewire)
        #expect(devices.player()?.kind == .paplay)
        #expect(AudioDevices.probe(environment: ["PATH": bin, "PIPEWIRE_REMOTE": "pipewire-0"], soundDevices: snd).pipewire)
    }

    @Test func playerArgumentsDescribeRawMono16Bit() {
        #expect(AudioPlayer(kind: .aplay, path: "aplay").arguments(sampleRate: 22050, voice: "v", wordsPerMinute: 175, pitch: 50)
                == ["aplay", "-q", "-t", "raw", "-f", "S16_LE", "-r", "22050", "-c", "1"])
        #expect(AudioPlayer(kind: .espeak, path: "espeak-ng").arguments(sampleRate: 22050, voice: "gmw/de", wordsPerMinute: 88, pitch: 25)
                == ["espeak-ng", "-v", "gmw/de", "-s", "88", "-p", "25", "--stdin"])
    }

    /// A player that would take a minute is stopped at once (SIGTERM).
    @Test func stoppingAPlayerIsImmediate() throws {
        let folder = try TemporaryFolder()
        let script = folder.path + "/slow-player"
        _ = FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\nexec sleep 60\n".utf8), attributes: [.posixPermissions: 0o755])
        let process = try PlayerProcess(AudioPlayer(kind: .aplay, path: script), arguments: [script], environment: ["PATH": "/usr/bin:/bin"])
        #expect(process.isRunning)
        let started = Date()
        process.stop()
        #expect(!process.isRunning)
        #expect(Date().timeIntervalSince(started) < 1.0)
    }

    /// A player that hangs once its input is closed (a sound server gone,
    /// say) and ignores SIGTERM is killed at its deadline, with anything
    /// it started: finishing never waits forever.
    @Test func aPlayerThatHangsAfterItsInputIsKilledAtItsDeadline() throws {
        let folder = try TemporaryFolder()
        let script = folder.path + "/hanging-player"
        let pids = folder.path + "/pids"
        _ = FileManager.default.createFile(atPath: script, contents: Data("""
        #!/bin/sh
        trap '' TERM
        cat > /dev/null
        sleep 300 &
        echo "$$ $!" > "\(pids)"
        wait
        """.utf8), attributes: [.posixPermissions: 0o755])
        let process = try PlayerProcess(AudioPlayer(kind: .aplay, path: script), arguments: [script], environment: ["PATH": "/usr/bin:/bin"])
        let started = Date()
        #expect(process.finish(within: .milliseconds(500)), "not Ctrl-C: the player was cut at its deadline")
        #expect(!process.isRunning)
        #expect(Date().timeIntervalSince(started) < 30, "at the deadline, not after the child's 300 s")
        let written = try String(contentsOfFile: pids, encoding: .utf8).split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(written.count == 2)
        for pid in written {
            var gone = false
            for _ in 0..<500 where !gone { gone = kill(pid, 0) != 0 && errno == ESRCH; if !gone { usleep(10_000) } }
            #expect(gone, "process \(pid) survived the deadline")
        }
    }

    /// espeak-ng speaking for chat is bounded too: a speaker that never
    /// ends is stopped once far more time than its text needs has passed.
    @Test func speechThatNeverEndsIsStoppedAtItsDeadline() throws {
        let folder = try TemporaryFolder()
        let script = folder.path + "/stuck-espeak"
        _ = FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\ntrap '' TERM\nexec sleep 300\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        let speech = ProcessSpeech(voice: "en", rate: 175, pitch: 50,
                                   environment: [ProcessSpeech.commandVariable: script, "PATH": "/usr/bin:/bin"])
        #expect(speech.deadline(forWords: 3) < .seconds(20))
        #expect(speech.deadline(forWords: 3000) > .seconds(1000), "long text keeps its time")
        try speech.speak("Three short words.", language: nil, deadline: .milliseconds(300))
        let started = Date()
        #expect(speech.waitUntilDone(), "not Ctrl-C: the speech was cut at its deadline")
        #expect(!speech.isSpeaking)
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// Samples reach the player's standard input; a player that exits
    /// early makes writes fail instead of ending the process with SIGPIPE.
    @Test func samplesArePipedAndAGonePlayerIsAnError() throws {
        let folder = try TemporaryFolder()
        let sink = folder.path + "/played.raw"
        let script = folder.path + "/fake-player"
        _ = FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\ncat > \"$OUT\"\n".utf8), attributes: [.posixPermissions: 0o755])
        let parameters = SpeechParameters(voice: "gmw/en-US", wordsPerMinute: 175, pitch: 50)
        var said = false
        let finished = try Synthesis.play({ defer { said = true }; return said ? nil : "Hello there." },
                                          through: AudioPlayer(kind: .aplay, path: script), parameters,
                                          environment: ["OUT": sink, "PATH": "/usr/bin:/bin"])
        #expect(finished)
        let played = try Data(contentsOf: URL(fileURLWithPath: sink))
        // espeak-ng's length varies a little from call to call.
        let expected = try Audio.of("Hello there.").samples.count * 2
        #expect(abs(played.count - expected) < expected / 20)

        let quitter = folder.path + "/quitter"
        _ = FileManager.default.createFile(atPath: quitter, contents: Data("#!/bin/sh\nexit 0\n".utf8), attributes: [.posixPermissions: 0o755])
        var count = 0
        #expect {
            _ = try Synthesis.play({ count += 1; return count < 50 ? "A long sentence that keeps the pipe busy for a while." : nil },
                                   through: AudioPlayer(kind: .aplay, path: quitter), parameters, environment: [:])
        } throws: { error in
            let error = error as? CommandError
            return error?.exitCode == .unavailable && error?.hint?.contains("--out") == true
        }
    }
}

@Suite("Chat's espeak-ng voice")
struct ProcessSpeechVoiceTests {
    @Test func theChosenVoiceElseTheAnswersLanguageElseTheFallback() {
        let unchosen = ProcessSpeech(voice: nil, fallbackVoice: "fr", rate: 175, pitch: 50, environment: [:])
        #expect(unchosen.voice(for: "de") == "de")
        #expect(unchosen.voice(for: "pt_BR") == "pt-br")
        #expect(unchosen.voice(for: nil) == "fr")
        #expect(unchosen.voice(for: "") == "fr")
        // A language that could be read as an option, or is not a code, is not passed on.
        #expect(unchosen.voice(for: "--help") == "fr")
        #expect(unchosen.voice(for: "de;rm -rf") == "fr")
        let chosen = ProcessSpeech(voice: "en-GB-x-rp", rate: 175, pitch: 50, environment: [:])
        #expect(chosen.voice(for: "de") == "en-GB-x-rp")
    }
}
