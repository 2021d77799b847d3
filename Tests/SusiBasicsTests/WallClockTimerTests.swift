import Foundation
@testable import SusiBasics
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The reminder watcher's deadline is a moment on the wall clock, so that a
/// suspended machine wakes it as soon as it resumes past the moment.
@Suite("WallClockTimer")
struct WallClockTimerTests {
    private func readable(_ timer: WallClockTimer, within milliseconds: Int32) -> Bool {
        var fds = [pollfd(fd: timer.descriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&fds, 1, milliseconds) == 1 && fds[0].revents & Int16(POLLIN) != 0
    }

    @Test func aMomentInThePastIsDueAtOnce() throws {
        let timer = try #require(WallClockTimer())
        #expect(timer.arm(at: Date().addingTimeInterval(-5)))
        #expect(readable(timer, within: 60_000))
        #expect(timer.acknowledge())
        // Read once, it is quiet again until armed anew.
        #expect(!readable(timer, within: 0))
        #expect(!timer.acknowledge())
    }

    @Test func aMomentAheadIsNotDueBeforeItComes() throws {
        let timer = try #require(WallClockTimer())
        let moment = Date().addingTimeInterval(0.3)
        #expect(timer.arm(at: moment))
        #expect(readable(timer, within: 60_000))
        // The kernel never wakes it early, whatever the load.
        #expect(Date() >= moment)
        #expect(timer.acknowledge())
    }

    @Test func armingAgainReplacesTheMoment() throws {
        let timer = try #require(WallClockTimer())
        #expect(timer.arm(at: Date().addingTimeInterval(-1)))
        #expect(timer.arm(at: Date().addingTimeInterval(3600)))
        #expect(!readable(timer, within: 50))
    }

    @Test func theDescriptorIsNotInheritedByChildren() throws {
        let timer = try #require(WallClockTimer())
        let flags = fcntl(timer.descriptor, F_GETFD)
        #expect(flags >= 0 && flags & FD_CLOEXEC != 0)
    }
}
