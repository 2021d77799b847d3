#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SusiBasics

/// What this machine can play sound through, found without playing
/// anything: the player programs on PATH and the sound servers or devices
/// they need. A plain value, so tests can describe any machine.
public struct AudioDevices: Equatable, Sendable {
    /// Player programs found, by name ("pw-play" → its path).
    public var programs: [String: String]
    /// A PipeWire socket ($XDG_RUNTIME_DIR/pipewire-0, or PIPEWIRE_REMOTE).
    public var pipewire: Bool
    /// A PulseAudio socket ($XDG_RUNTIME_DIR/pulse/native, or PULSE_SERVER).
    public var pulse: Bool
    /// An ALSA playback device (/dev/snd/pcmC*D*p).
    public var alsa: Bool

    public init(programs: [String: String], pipewire: Bool, pulse: Bool, alsa: Bool) {
        self.programs = programs
        self.pipewire = pipewire
        self.pulse = pulse
        self.alsa = alsa
    }

    public static let playerNames = ["pw-play", "paplay", "aplay", "espeak-ng"]

    /// This machine as `environment` (PATH, XDG_RUNTIME_DIR, ...) sees it.
    public static func probe(environment: [String: String], soundDevices: String = "/dev/snd") -> AudioDevices {
        let fileManager = FileManager.default
        var programs: [String: String] = [:]
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for name in playerNames {
            for directory in path.split(separator: ":") where !directory.isEmpty {
                let candidate = directory + "/" + name
                if access(candidate, X_OK) == 0 {
                    programs[name] = candidate
                    break
                }
            }
        }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        let pipewire = environment["PIPEWIRE_REMOTE"].map { !$0.isEmpty } == true
            || runtime.map { fileManager.fileExists(atPath: $0 + "/pipewire-0") } == true
        let pulse = environment["PULSE_SERVER"].map { !$0.isEmpty } == true
            || runtime.map { fileManager.fileExists(atPath: $0 + "/pulse/native") } == true
        let alsa = ((try? fileManager.contentsOfDirectory(atPath: soundDevices)) ?? [])
            .contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
        return AudioDevices(programs: programs, pipewire: pipewire, pulse: pulse, alsa: alsa)
    }

    public var hasDevice: Bool { pipewire || pulse || alsa }

    /// The first usable player: pw-play on PipeWire, paplay on PulseAudio
    /// (PipeWire serves it too), aplay, then espeak-ng's own output; nil
    /// when there is no sound device or no player.
    public func player() -> AudioPlayer? {
        guard hasDevice else { return nil }
        if pipewire, let path = programs["pw-play"] { return AudioPlayer(kind: .pwPlay, path: path) }
        if pipewire || pulse, let path = programs["paplay"] { return AudioPlayer(kind: .paplay, path: path) }
        if let path = programs["aplay"] { return AudioPlayer(kind: .aplay, path: path) }
        if let path = programs["espeak-ng"] { return AudioPlayer(kind: .espeak, path: path) }
        return nil
    }

    /// Why nothing can be played, for the exit-69 message.
    public var missingReason: String {
        hasDevice ? "none of \(Self.playerNames.joined(separator: ", ")) is installed"
                  : "this machine has no sound device (no PipeWire or PulseAudio server, no ALSA playback device)"
    }
}

/// A program that plays audio: raw 16-bit mono samples on its standard
/// input, or (espeak-ng) the text itself, which it speaks.
public struct AudioPlayer: Equatable, Sendable {
    public enum Kind: String, Sendable { case pwPlay = "pw-play", paplay, aplay, espeak = "espeak-ng" }
    public var kind: Kind
    public var path: String

    public init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// True when the player takes text, not samples.
    public var speaksText: Bool { kind == .espeak }

    public func arguments(sampleRate: Int, voice: String, wordsPerMinute: Int, pitch: Int) -> [String] {
        switch kind {
        case .pwPlay: return [path, "--format", "s16", "--rate", String(sampleRate), "--channels", "1", "-"]
        case .paplay: return [path, "--raw", "--format=s16le", "--rate=\(sampleRate)", "--channels=1"]
        case .aplay: return [path, "-q", "-t", "raw", "-f", "S16_LE", "-r", String(sampleRate), "-c", "1"]
        case .espeak: return [path, "-v", voice, "-s", String(wordsPerMinute), "-p", String(pitch), "--stdin"]
        }
    }
}

/// A running player fed through a pipe. Stopping it is a signal, so it is
/// immediate; a player that exits early makes writes fail, never kills susi.
public final class PlayerProcess {
    private var pid: pid_t = 0
    private var input: Int32 = -1
    public let player: AudioPlayer

    public init(_ player: AudioPlayer, arguments: [String], environment: [String: String]) throws {
        self.player = player
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw CommandError(.unavailable, "Cannot start \(player.kind.rawValue): \(String(cString: strerror(errno))).")
        }
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        // A player that exits early makes writes fail (SIGPIPE default in the child only).
        // In a group of its own (a player never needs the terminal), so that
        // stopping it reaches whatever it started too.
        let started = ChildSpawn.start(player.path, arguments: arguments, environment: environment,
                                       stdin: .descriptor(fds[0]), stdout: .null, stderr: .null,
                                       defaultSignals: [SIGTERM, SIGINT, SIGPIPE], newGroup: true)
        close(fds[0])
        let child: pid_t
        switch started {
        case let .success(pid):
            child = pid
        case let .failure(error):
            close(fds[1])
            throw CommandError(.unavailable, "Cannot start \(player.path): \(error).")
        }
        pid = child
        input = fds[1]
    }

    deinit { stop() }

    public var isRunning: Bool { pid != 0 }

    /// Writes all of `bytes`; false when the player has gone or Ctrl-C came.
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard input >= 0 else { return false }
        // An exited player must give EPIPE, not end susi with SIGPIPE.
        var pipeOnly = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        defer {
            var pending = sigset_t()
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
                var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeOnly, nil, &noWait)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(input, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR, !Interrupts.isPending { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// How long a player may take, once its input is closed, to play what
    /// it holds: a pipe's and a device's buffers are seconds of sound.
    public static let finishDeadline: Duration = .seconds(30)

    /// Closes the input and waits for the player to finish what it has,
    /// at most `limit` (then it is stopped with all it started, as a player
    /// hung on a sound server that went away would wait forever); false
    /// only when Ctrl-C cut it short (the player is then stopped).
    public func finish(within limit: Duration = PlayerProcess.finishDeadline) -> Bool {
        if input >= 0 { close(input); input = -1 }
        guard pid != 0 else { return true }
        switch ChildSpawn.wait(pid, until: ContinuousClock.now + limit, group: true, interrupted: { Interrupts.isPending }) {
        case .exited, .killedAtDeadline:
            pid = 0
            return true
        case .interrupted:
            stop()
            return false
        }
    }

    /// SIGTERM to the player's group now, SIGKILL if it has not gone within 200 ms.
    public func stop() {
        if input >= 0 { close(input); input = -1 }
        guard pid != 0 else { return }
        let child = pid
        pid = 0
        ChildSpawn.stop(child, grace: .milliseconds(200), group: true)
    }
}
