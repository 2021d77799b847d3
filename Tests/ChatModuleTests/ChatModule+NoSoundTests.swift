import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

/// With no sound device, asking for speech says once why nothing is heard
/// (as 'voice say' does), and the answers are still shown.
@Suite("Speech with no sound device",
       .enabled(if: !((try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []).contains { $0.hasPrefix("pcmC") },
                "this machine has an ALSA playback device"))
struct NoSoundDeviceTests {
    func harness(_ home: TemporaryHome) throws -> InProcess {
        let runtime = home.path + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        var harness = try home.harness(["XDG_RUNTIME_DIR": runtime])
        harness.environment["SUSI_SPEECH_COMMAND"] = nil
        harness.environment["PIPEWIRE_REMOTE"] = nil
        harness.environment["PULSE_SERVER"] = nil
        return harness
    }

    static let warning = "warning: Cannot play speech: this machine has no sound device"

    @Test func chatSpeakSaysOnceThatNothingCanPlay() throws {
        let home = try TemporaryHome()
        let susi = try harness(home)
        let result = susi.run(["chat", "--speak"], stdin: "hello\nhello\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "Hello!").count == 3, "answers still shown: \(result.stdout)")
        #expect(result.stderr.components(separatedBy: Self.warning).count == 2, "once: \(result.stderr)")
    }

    @Test func theSpeechOutputSettingToo() throws {
        let home = try TemporaryHome()
        let susi = try harness(home)
        #expect(susi.run(["config", "set", "speech.output", "always"]).status == 0)
        let result = susi.run(["chat", "hello"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Hello!"))
        #expect(result.stderr.contains(Self.warning), "\(result.stderr)")
        // Without speech, nothing is said about it.
        #expect(susi.run(["chat", "--no-speak", "hello"]).stderr == "")
    }

    /// A shell session is one scope: said once for all its lines.
    @Test func onceForAWholeShellSession() throws {
        let home = try TemporaryHome()
        let susi = try harness(home)
        let result = susi.run(["shell"], stdin: "chat --speak hello\nchat --speak hello\n")
        #expect(result.stderr.components(separatedBy: Self.warning).count == 2, "once: \(result.stderr)")
    }
}
