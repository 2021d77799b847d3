import Foundation

/// Waits for an event: polls `condition` every 20 ms until it holds or
/// `seconds` pass (by default `Tmux.deadline`, generous enough for a loaded
/// machine); returns whether it held. Tests wait for events this way, never
/// for a fixed time (issue 37).
public func eventually(within seconds: TimeInterval = Tmux.deadline, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: 0.02)
    }
}
