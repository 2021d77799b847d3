#if canImport(Glibc)
import Glibc
#endif

/// Writing to a pipe whose reader went away (a pager quit with q, a child
/// that exited without reading) must fail with EPIPE, not end susi with
/// SIGPIPE. Ignoring SIGPIPE would change the whole process (other
/// threads, in-process tests); instead it is blocked on the writing thread
/// only, and one raised meanwhile is consumed before the old mask returns.
/// The signal a write raises goes to the thread that wrote, so this covers
/// every write `body` makes on this thread.
public enum PipeSignal {
    public static func whileBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var pipeOnly = sigset_t()
        var previous = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        defer {
            var pending = sigset_t()
            if sigismember(&previous, SIGPIPE) == 0, sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
                var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeOnly, nil, &noWait)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}
