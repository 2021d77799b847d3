#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SusiBasics

/// The microphone, through the first recorder program on PATH:
/// pw-record (PipeWire), parec (PulseAudio), arecord (ALSA), each asked for
/// raw 16 kHz mono 16-bit audio on its standard output. Started directly,
/// never through a shell.
public final class Recorder {
    public static let programNames = ["pw-record", "parec", "arecord"]
    /// No audio for this long after the start means no microphone.
    public static let startTimeout = 3.0

    public let program: String
    private let pid: pid_t
    private let descriptor: Int32
    private var stopped = false
    private var receivedAny = false
    /// An odd byte left from the last read.
    private var carry: [UInt8] = []
    private let started = Date()

    /// The recorder's arguments for raw 16 kHz mono S16LE on stdout.
    public static func arguments(for name: String) -> [String] {
        switch name {
        case "pw-record": return ["pw-record", "--rate", "16000", "--channels", "1", "--format", "s16", "-"]
        case "parec": return ["parec", "--raw", "--format=s16le", "--rate=16000", "--channels=1"]
        default: return ["arecord", "-q", "-t", "raw", "-f", "S16_LE", "-r", "16000", "-c", "1"]
        }
    }

    /// The first recorder program on `environment`'s PATH.
    public static func find(environment: [String: String]) -> (name: String, path: String)? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for name in programNames {
            for directory in path.split(separator: ":") where !directory.isEmpty {
                let candidate = directory + "/" + name
                if access(candidate, X_OK) == 0 { return (name, candidate) }
            }
        }
        return nil
    }

    /// Starts recording; exit 69 when no recorder is installed or it cannot start.
    public init(environment: [String: String]) throws {
        guard let found = Self.find(environment: environment) else {
            throw CommandError(.unavailable, "Cannot record: none of \(Self.programNames.joined(separator: ", ")) is installed.",
                               hint: "Install one (e.g. sudo apt-get install alsa-utils), or give a recording: susi listen --once --file query.wav")
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw CommandError(.unavailable, "Cannot record: no pipe to \(found.name) (\(String(cString: strerror(errno)))).")
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        switch ChildSpawn.start(found.path, arguments: Self.arguments(for: found.name), environment: environment,
                                stdin: .null, stdout: .descriptor(fds[1]), stderr: .null, defaultSignals: [SIGINT, SIGTERM, SIGPIPE]) {
        case let .success(pid):
            self.pid = pid
        case let .failure(error):
            close(fds[0])
            close(fds[1])
            throw CommandError(.unavailable, "Cannot start \(found.name): \(error).", hint: "Check the recorder, or use --file WAV.")
        }
        close(fds[1])
        program = found.name
        descriptor = fds[0]
    }

    deinit { stop() }

    /// What `read` saw.
    public enum Chunk: Equatable {
        case samples([Int16])
        /// Ctrl-C.
        case interrupted
    }

    /// The next block of audio (about 100 ms), or Ctrl-C. A recorder that
    /// ends, or sends nothing for `startTimeout` at first, is exit 69.
    public func read() throws -> Chunk {
        var buffer = [UInt8](repeating: 0, count: 3200)
        while true {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            if Interrupts.isInstalled { fds.append(pollfd(fd: Interrupts.descriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), 250)
            if Interrupts.isPending { return .interrupted }
            if ready < 0 {
                if errno == EINTR { continue }
                throw CommandError(.ioError, "Recording failed: \(String(cString: strerror(errno))).")
            }
            if ready == 0 {
                if !receivedAny, Date().timeIntervalSince(started) > Self.startTimeout { throw noAudio("sent no audio for \(Int(Self.startTimeout)) seconds") }
                continue
            }
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw CommandError(.ioError, "Recording failed: \(String(cString: strerror(errno))).")
            }
            if count == 0 {
                // The recorder closed its output, so it is exiting: wait a
                // moment for its status. Ctrl-C reaches it too (it shares
                // the terminal's process group), and may end it before this
                // process sees the interrupt: that is a Ctrl-C, not a lost
                // microphone.
                let status = stop(waitingUpTo: 1)
                if Interrupts.isPending || status == 128 + SIGINT { return .interrupted }
                throw noAudio("stopped", status: status)
            }
            receivedAny = true
            carry += buffer[0..<count]
            let even = carry.count & ~1
            guard even > 0 else { continue }
            var samples = [Int16](repeating: 0, count: even / 2)
            for index in samples.indices {
                samples[index] = Int16(bitPattern: UInt16(carry[2 * index]) | UInt16(carry[2 * index + 1]) << 8)
            }
            carry.removeFirst(even)
            return .samples(samples)
        }
    }

    /// `status`: the recorder's exit status, when it ended by itself.
    private func noAudio(_ what: String, status: Int32? = nil) -> CommandError {
        let status = status ?? stop()
        let detail = status.map { $0 == 0 ? "" : " (exit status \($0))" } ?? ""
        return CommandError(.unavailable, "The recorder \(program) \(what)\(detail): no microphone is available.",
                            hint: "Connect a microphone and check it with '\(program)', or give a recording: susi listen --once --file query.wav")
    }

    /// Stops the recorder and reaps it; its exit status when it ended by itself.
    @discardableResult
    public func stop(waitingUpTo seconds: Double = 0) -> Int32? {
        guard !stopped else { return nil }
        stopped = true
        close(descriptor)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if waitpid(pid, &status, WNOHANG) == pid { return ChildSpawn.exitStatus(status) }
            if seconds > 0 { usleep(10_000) }
        } while Date() < deadline
        // A recorder that ignores SIGTERM is killed, never waited on forever.
        return ChildSpawn.stop(pid, grace: .seconds(1))
    }
}
