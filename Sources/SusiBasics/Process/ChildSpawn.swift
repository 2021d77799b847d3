#if canImport(Glibc)
import Glibc
#endif

/// Starts a program directly, never through a shell: the argument words
/// reach it exactly as given. The child starts with no blocked signals and
/// the default handlers for `defaultSignals`, whatever this process
/// inherited (a test runner blocks some, a prompt ignores some), so it can
/// always be stopped. Used for the feedback editor, the speech child and
/// the audio players.
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
    /// PATH (posix_spawnp), otherwise it is a path.
    public static func start(_ program: String, arguments: [String], environment: [String: String],
                             stdin: Stream = .inherit, stdout: Stream = .inherit, stderr: Stream = .inherit,
                             defaultSignals: [Int32], searchPath: Bool = false,
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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = searchPath
            ? posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            : posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        return status == 0 ? .success(pid) : .failure(Errno(status))
    }

    /// A failed start's errno, with its text.
    public struct Errno: Error, Equatable, CustomStringConvertible {
        public var code: Int32
        public init(_ code: Int32) { self.code = code }
        public var description: String { String(cString: strerror(code)) }
    }
}
