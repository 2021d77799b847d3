#if canImport(Glibc)
import Glibc
#endif

/// Starts a program directly, never through a shell: the argument words
/// reach it exactly as given. The child starts with no blocked signals and
/// the default handlers for `defaultSignals`, whatever this process
/// inherited (a test runner blocks some, a prompt ignores some), so it can
/// always be stopped. Used for the feedback editor, the speech child and
/// the audio players.
///
/// A child with a deadline is bounded whatever it does with its pipes:
/// `wait` kills it at the deadline and reaps it, `capture` bounds reading
/// its output and its exit together and runs it in a process group of its
/// own, so that what it started dies with it.
public enum ChildSpawn {
    /// How the child's standard streams are set up.
    public enum Stream: Sendable, Equatable {
        /// The same as this process's.
        case inherit
        /// /dev/null.
        case null
        /// This descriptor, duplicated onto the stream and closed in the child.
        case descriptor(Int32)
    }

    /// The child's pid, or the errno of the failed start. `arguments[0]` is
    /// the program's name as it sees it; `searchPath` looks `program` up in
    /// PATH (posix_spawnp), otherwise it is a path. `newGroup`: the child
    /// leads a process group of its own (`kill(-pid, ...)` reaches all it
    /// starts); only for a child that never needs the terminal.
    public static func start(_ program: String, arguments: [String], environment: [String: String],
                             stdin: Stream = .inherit, stdout: Stream = .inherit, stderr: Stream = .inherit,
                             defaultSignals: [Int32], searchPath: Bool = false, newGroup: Bool = false,
                             inherit extra: [(source: Int32, target: Int32)] = []) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherit:
                break
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case let .descriptor(source):
                posix_spawn_file_actions_adddup2(&actions, source, fd)
                if source > 2 { posix_spawn_file_actions_addclose(&actions, source) }
            }
        }
        // Extra descriptors at fixed numbers (dup2 clears close-on-exec there).
        for (source, target) in extra { posix_spawn_file_actions_adddup2(&actions, source, target) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        var status: Int32 = 0
        // ETXTBSY: a program just written (a script a test or the user made a
        // moment ago) is still open for writing in a child another thread
        // forked before the file was closed; that child's exec closes it soon.
        // Try again for up to about two seconds instead of failing the start.
        var pause: useconds_t = 1_000
        var waited: useconds_t = 0
        while true {
            status = searchPath
                ? posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
                : posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            guard status == ETXTBSY, waited < 2_000_000 else { break }
            usleep(pause)
            waited += pause
            pause = min(pause * 2, 100_000)
        }
        return status == 0 ? .success(pid) : .failure(Errno(status))
    }

    /// A failed start's errno, with its text.
    public struct Errno: Error, Equatable, CustomStringConvertible {
        public var code: Int32
        public init(_ code: Int32) { self.code = code }
        public var description: String { String(cString: strerror(code)) }
    }
}

extension ChildSpawn {
    /// How a child ended: its exit status, or 128 + the signal that killed it.
    public static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Waits for `pid` until `deadline` (nil: no deadline). At the deadline
    /// the child is killed (SIGKILL; its whole process group when it leads
    /// one, `group`) and reaped. Its exit status (`exitStatus`), or nil when
    /// it was killed at the deadline.
    public static func wait(_ pid: pid_t, until deadline: ContinuousClock.Instant?, group: Bool = false) -> Int32? {
        switch wait(pid, until: deadline, group: group, interrupted: nil) {
        case let .exited(status): return status
        case .killedAtDeadline, .interrupted: return nil
        }
    }

    /// How `wait(_:until:group:interrupted:)` ended.
    public enum Waited: Equatable, Sendable {
        /// The child ended by itself: its status (`exitStatus`), nil when
        /// it was not this process's child (already reaped).
        case exited(Int32?)
        /// Killed (SIGKILL, with its group when it leads one) and reaped at the deadline.
        case killedAtDeadline
        /// `interrupted` said stop waiting: the child is left running, for
        /// the caller to stop as it stops it.
        case interrupted
    }

    /// Waits for `pid` until `deadline` (nil: none), asking `interrupted`
    /// between looks (Ctrl-C, say). What it left running in its group is
    /// killed when it exits.
    public static func wait(_ pid: pid_t, until deadline: ContinuousClock.Instant?, group: Bool = false,
                            interrupted: (() -> Bool)?) -> Waited {
        var status: Int32 = 0
        var pause: UInt32 = 1_000
        let polls = deadline != nil || interrupted != nil
        while true {
            let done = waitpid(pid, &status, polls ? WNOHANG : 0)
            if done == pid {
                if group { kill(-pid, SIGKILL) }  // what it left running in its group
                return .exited(exitStatus(status))
            }
            if done < 0 {
                if errno == EINTR { continue }
                return .exited(nil)  // not our child (already reaped)
            }
            if let interrupted, interrupted() { return .interrupted }
            if let deadline, ContinuousClock.now >= deadline {
                kill(group ? -pid : pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                return .killedAtDeadline
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Stops a child: SIGTERM (to its group with `group`), SIGKILL if it has
    /// not gone within `grace`, then reaped. Its exit status when it ended
    /// by itself before the SIGTERM, else nil.
    @discardableResult
    public static func stop(_ pid: pid_t, grace: Duration, group: Bool = false) -> Int32? {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            if group { kill(-pid, SIGKILL) }
            return exitStatus(status)
        }
        kill(group ? -pid : pid, SIGTERM)
        _ = wait(pid, until: ContinuousClock.now + grace, group: group)
        return nil
    }

    /// pipe(2) with close-on-exec on both ends (pipe2 is not visible to Swift here).
    public static func cloexecPipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// What `capture` read: the child's standard output and exit status.
    public struct Captured: Equatable, Sendable {
        public var output: [UInt8]
        public var status: Int32
    }

    /// Why `capture` has no answer.
    public enum CaptureFailure: Error, Equatable {
        case notStarted(Errno)
        /// No end of output and exit within the time.
        case timedOut
        /// More than the limit of output.
        case tooLarge
        case readFailed(Int32)
    }

    /// Runs a program with stdin and stderr on /dev/null in a process
    /// group of its own and reads its standard output: at most `limit`
    /// bytes, and the output and the exit together within `timeout`. A
    /// child that misses the deadline, whatever it did with its pipes
    /// (closed stdout and slept, handed it to a grandchild), is killed with
    /// its whole group; so is anything it left running when it exits.
    public static func capture(_ program: String, arguments: [String], environment: [String: String],
                               limit: Int, timeout: Duration) -> Result<Captured, CaptureFailure> {
        var fds: [Int32] = [-1, -1]
        guard cloexecPipe(&fds) else { return .failure(.readFailed(errno)) }
        let started = start(program, arguments: arguments, environment: environment, stdin: .null,
                            stdout: .descriptor(fds[1]), stderr: .null,
                            defaultSignals: [SIGPIPE, SIGINT, SIGTERM], newGroup: true)
        close(fds[1])
        let pid: pid_t
        switch started {
        case let .success(child): pid = child
        case let .failure(error):
            close(fds[0])
            return .failure(.notStarted(error))
        }
        let deadline = ContinuousClock.now + timeout
        var output: [UInt8] = []
        var failure: CaptureFailure?
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = max(.zero, deadline - ContinuousClock.now)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready == 0 { failure = .timedOut; break }
            if ready < 0 { if errno == EINTR { continue }; failure = .readFailed(errno); break }
            let count = read(fds[0], &buffer, buffer.count)
            if count < 0 { if errno == EINTR { continue }; failure = .readFailed(errno); break }
            if count == 0 { break }
            output += buffer[0..<count]
            if output.count > limit { failure = .tooLarge; break }
        }
        close(fds[0])
        if failure != nil {
            kill(-pid, SIGKILL)
            _ = wait(pid, until: ContinuousClock.now, group: true)
            return .failure(failure!)
        }
        guard let status = wait(pid, until: deadline, group: true) else { return .failure(.timedOut) }
        return .success(Captured(output: output, status: status))
    }
}
