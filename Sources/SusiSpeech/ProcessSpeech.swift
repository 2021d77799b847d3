#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SusiBasics
import SusiPorts

/// Speech through the espeak-ng program, one child process per answer:
/// speaking never blocks the chat, and stopping is a signal to the child, so
/// it is immediate. The program is `SUSI_SPEECH_COMMAND` when set (tests use
/// a stand-in), else `espeak-ng` from PATH. Without a chosen voice, each
/// answer's language picks it (as the SUSI apps do), else `fallbackVoice`.
public final class ProcessSpeech: SpeechOutput {
    public static let commandVariable = "SUSI_SPEECH_COMMAND"

    let command: String
    let voice: String?
    let fallbackVoice: String
    let rate: Int
    let pitch: Int
    let environment: [String: String]
    private var child: pid_t?
    /// When the current speech is cut, speaking or not.
    private var until: ContinuousClock.Instant?

    /// `rate` in words per minute, `pitch` 0-99 (espeak-ng's units).
    public init(voice: String?, fallbackVoice: String = "en", rate: Int, pitch: Int, environment: [String: String]) {
        self.command = environment[Self.commandVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "espeak-ng"
        self.voice = voice
        self.fallbackVoice = fallbackVoice
        self.rate = rate
        self.pitch = pitch
        self.environment = environment
    }

    deinit { stop() }

    /// Why nothing spoken through espeak-ng could be heard here, or nil: no
    /// sound device (no PipeWire or PulseAudio server, no ALSA playback
    /// device), the reason 'voice say' gives. A stand-in program
    /// (`SUSI_SPEECH_COMMAND`) is taken to play.
    public static func unplayableReason(environment: [String: String], soundDevices: String = "/dev/snd") -> String? {
        if let command = environment[commandVariable], !command.isEmpty { return nil }
        let devices = AudioDevices.probe(environment: environment, soundDevices: soundDevices)
        return devices.hasDevice ? nil : devices.missingReason
    }

    /// The voice to give espeak-ng: the chosen one, else the answer's
    /// language in espeak-ng's spelling ("pt-BR" → "pt-br"), else the fallback.
    func voice(for language: String?) -> String {
        if let voice { return voice }
        if let language = language.map(BCP47.normalized), let first = language.unicodeScalars.first, ("a"..."z").contains(first),
           language.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) {
            return language
        }
        return fallbackVoice
    }

    /// How long speaking `words` words may take before it is cut: three
    /// times what the rate needs, and ten seconds more for starting up.
    func deadline(forWords words: Int) -> Duration {
        .milliseconds(Int(Double(words) * 60_000 / Double(max(rate, 1)) * 3)) + .seconds(10)
    }

    public func speak(_ text: String, language: String?) throws {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).count
        try speak(text, language: language, deadline: deadline(forWords: words))
    }

    /// Speaks, cut (with all the speaker started) once `deadline` has
    /// passed: an espeak-ng hung on its sound device never holds the chat.
    func speak(_ text: String, language: String?, deadline: Duration) throws {
        stop()
        let spoken = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !spoken.isEmpty else { return }
        let arguments = [command, "-v", voice(for: language), "-s", String(rate), "-p", String(pitch), "--", spoken]
        // The child must answer stop() whatever this process blocks or ignores.
        let pid: pid_t
        switch ChildSpawn.start(command, arguments: arguments, environment: environment, stdin: .null, stdout: .null,
                                stderr: .null, defaultSignals: [SIGTERM, SIGINT], searchPath: true, newGroup: true) {
        case let .success(started):
            pid = started
        case let .failure(error):
            throw CommandError(.unavailable, "Cannot speak: \(command) could not be started (\(error)).",
                               hint: "Install espeak-ng (on Debian: apt-get install espeak-ng), or set speech.output to never.")
        }
        child = pid
        until = ContinuousClock.now + deadline
    }

    /// SIGTERM to the speaker's group, and SIGKILL if it has not gone within 200 ms.
    public func stop() {
        guard let pid = child else { return }
        child = nil
        ChildSpawn.stop(pid, grace: .milliseconds(200), group: true)
    }

    public var isSpeaking: Bool {
        guard let pid = child else { return false }
        var status: Int32 = 0
        let done = waitpid(pid, &status, WNOHANG)
        if done == pid || (done < 0 && errno != EINTR) {
            child = nil
            kill(-pid, SIGKILL)
            return false
        }
        if let until, ContinuousClock.now >= until {
            stop()
            return false
        }
        return true
    }

    public func waitUntilDone() -> Bool {
        guard let pid = child else { return true }
        switch ChildSpawn.wait(pid, until: until, group: true, interrupted: { Interrupts.take() }) {
        case .exited, .killedAtDeadline:
            child = nil
            return true
        case .interrupted:
            stop()
            return false
        }
    }
}
