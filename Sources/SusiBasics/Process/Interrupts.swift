#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Ctrl-C as an event rather than a process kill: while installed, SIGINT
/// sets a flag and writes a byte to a pipe that a poll loop can watch, so a
/// prompt can clear its line and a running request can be cancelled.
public enum Interrupts {
    nonisolated(unsafe) private static var pipeFDs: [Int32] = [-1, -1]
    /// Set by the handler; a stable address, so C code can poll it too.
    nonisolated(unsafe) private static let flag: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()
    nonisolated(unsafe) private static var previous = sigaction()
    /// How many install() calls are not yet matched by uninstall(). Counted
    /// under `lock`: commands run concurrently in one process (the tests do),
    /// and an unguarded second uninstall closed the pipe twice, i.e. whatever
    /// descriptor had reused its number meanwhile (a server's epoll set).
    nonisolated(unsafe) private static var installs = 0
    private static let lock = NSLock()

    /// True while the handler is installed (a REPL may already own it).
    public static var isInstalled: Bool { lock.withLock { installs > 0 } }

    /// The read end of the self-pipe, for poll().
    public static var descriptor: Int32 { pipeFDs[0] }

    /// Installs the handler, or counts one more user of it. Every install
    /// needs its own uninstall.
    public static func install() {
        lock.lock()
        defer { lock.unlock() }
        installs += 1
        guard installs == 1 else { return }
        _ = flag  // initialise it here: the signal handler must not run a lazy initialiser
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            installs = 0
            return
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        pipeFDs = fds
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            Interrupts.flag.pointee = 1
            var byte: UInt8 = 3
            _ = Glibc.write(Interrupts.pipeFDs[1], &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocking read returns EINTR
        sigaction(SIGINT, &action, &previous)
        // A parent may have blocked SIGINT (test runners do, and the mask is
        // inherited across exec); Ctrl-C must still reach us.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Ends one install(); the last one restores the previous handler and
    /// closes the pipe, exactly once.
    public static func uninstall() {
        lock.lock()
        defer { lock.unlock() }
        guard installs > 0 else { return }
        installs -= 1
        guard installs == 0 else { return }
        sigaction(SIGINT, &previous, nil)
        let fds = pipeFDs
        pipeFDs = [-1, -1]
        close(fds[0])
        close(fds[1])
    }

    /// True once after each Ctrl-C; drains the pipe.
    public static func take() -> Bool {
        guard flag.pointee != 0 else { return false }
        flag.pointee = 0
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipeFDs[0], &buffer, buffer.count) > 0 {}
        return true
    }

    public static var isPending: Bool { flag.pointee != 0 }

    /// Non-zero while a Ctrl-C is pending: for C code that polls during a transfer.
    public static var pendingFlag: UnsafePointer<Int32> { UnsafePointer(flag) }
}
