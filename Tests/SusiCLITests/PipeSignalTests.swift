#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SusiCLI

/// A write to a pipe nobody reads fails with EPIPE inside
/// `PipeSignal.whileBlocked` (without it, SIGPIPE would end the test run),
/// and the thread's signal mask is what it was afterwards.
@Suite("PipeSignal")
struct PipeSignalTests {
    static func pipeBlocked() -> Bool {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return sigismember(&mask, SIGPIPE) == 1
    }

    @Test("a write to a closed pipe fails with EPIPE, and the mask is restored with nothing left pending")
    func closedPipe() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])
        defer { close(fds[1]) }
        let before = Self.pipeBlocked()
        let (written, error, blockedInside) = PipeSignal.whileBlocked { () -> (Int, Int32, Bool) in
            let bytes: [UInt8] = Array("lost".utf8)
            let result = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            return (result, errno, Self.pipeBlocked())
        }
        #expect(written == -1)
        #expect(error == EPIPE)
        #expect(blockedInside)
        #expect(Self.pipeBlocked() == before)
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0)
    }

    @Test("what the body returns and throws passes through")
    func passesThrough() throws {
        struct Failure: Error {}
        #expect(PipeSignal.whileBlocked { 42 } == 42)
        #expect(throws: Failure.self) { try PipeSignal.whileBlocked { throw Failure() } }
    }
}
