import Foundation
@testable import SusiBasics
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Commands run concurrently in one process (the test suite does it all
/// the time), so the Ctrl-C handler is counted, and its pipe is closed
/// exactly once, by the last uninstall.
@Suite("Interrupts", .serialized)
struct InterruptsTests {
    @Test func nestedInstallsKeepThePipeUntilTheLastUninstall() throws {
        Interrupts.install()
        let pipe = Interrupts.descriptor
        #expect(pipe >= 0 && fcntl(pipe, F_GETFD) >= 0)
        Interrupts.install()
        #expect(Interrupts.descriptor == pipe)
        Interrupts.uninstall()
        #expect(Interrupts.isInstalled)
        #expect(fcntl(pipe, F_GETFD) >= 0, "the pipe was closed while a user remained")
        Interrupts.uninstall()
        // Whether it is installed now depends on the other tests: the whole
        // suite runs in one process, and in-process commands (chat, listen)
        // install it too. So nothing here asserts the process-wide state.
    }

    /// Before the count, two threads uninstalling at once could both close
    /// the pipe: the second close hit whatever reused the number meanwhile.
    /// Here every thread opens a descriptor while the race runs, and each
    /// must still be open when its thread looks again.
    @Test func concurrentInstallsNeverCloseAnotherDescriptor() throws {
        let lost = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<2000 {
                Interrupts.install()
                let sentinel = open("/dev/null", O_RDONLY)
                Interrupts.uninstall()
                if fcntl(sentinel, F_GETFD) < 0 { lost.update { $0 += 1 } } else { close(sentinel) }
            }
        }
        #expect(lost.value == 0, "concurrent uninstalls closed \(lost.value) descriptors they did not own")
    }
}

final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
