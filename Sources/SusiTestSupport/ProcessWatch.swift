import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// For tests that check a child was killed with all it started.
public enum ProcessWatch {
    /// True when `pid` is gone or a zombie within 10 s (it is killed at
    /// once or never: the wait is for the kernel, not a guess at timing).
    /// A survivor is killed so that it outlives no test.
    public static func endsSoon(_ pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        repeat {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
            usleep(20_000)
        } while Date() < deadline
        kill(pid, SIGKILL)
        return false
    }
}
