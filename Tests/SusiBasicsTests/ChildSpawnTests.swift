import Foundation
import Testing
@testable import SusiBasics
#if canImport(Glibc)
import Glibc
#endif

/// Starting a program that was just written.
@Suite("Child spawning")
struct ChildSpawnTests {
    /// A script still open for writing somewhere (in a child another thread
    /// forked before the file was closed) cannot be run: ETXTBSY. The start
    /// tries again until the writer lets go instead of failing at once
    /// (seen failing the player tests under load: "Text file busy").
    @Test func aProgramBusyForAMomentStillStarts() throws {
        let folder = NSTemporaryDirectory() + "susi-spawn-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/busy"
        try "#!/bin/sh\nexit 7\n".write(toFile: script, atomically: false, encoding: .utf8)
        chmod(script, 0o755)
        // Held open for writing, as the other thread's child would hold it.
        let writer = open(script, O_WRONLY | O_CLOEXEC)
        #expect(writer >= 0)
        let released = DispatchSemaphore(value: 0)
        Thread {
            usleep(50_000)
            close(writer)
            released.signal()
        }.start()
        let started = ChildSpawn.start(script, arguments: ["busy"], environment: [:], defaultSignals: [])
        released.wait()
        guard case let .success(pid) = started else {
            Issue.record("the start failed: \(started)")
            return
        }
        #expect(ChildSpawn.wait(pid, until: nil) == 7)
    }

    /// What stays busy is still a clear failure, not a hang.
    @Test func aProgramThatStaysBusyFails() throws {
        let folder = NSTemporaryDirectory() + "susi-spawn-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/busy"
        try "#!/bin/sh\nexit 0\n".write(toFile: script, atomically: false, encoding: .utf8)
        chmod(script, 0o755)
        let writer = open(script, O_WRONLY | O_CLOEXEC)
        defer { close(writer) }
        let started = ChildSpawn.start(script, arguments: ["busy"], environment: [:], defaultSignals: [])
        #expect(started == .failure(ChildSpawn.Errno(ETXTBSY)))
    }
}
