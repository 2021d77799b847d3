import Foundation
import SusiBasics
import SusiPorts

/// Desktop notifications through `notify-send` (libnotify, the freedesktop
/// notification service on the session bus) found on PATH: run with an argv
/// array, never a shell, with a small environment (the session's bus and
/// display, nothing of susi's own), bounded in time and killed with its group.
struct NotifySend: ReminderNotifier {
    let environment: [String: String]

    /// What the child keeps: enough to reach the session bus and the display.
    static let kept = ["PATH", "HOME", "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "LANG", "LC_ALL"]

    func notify(summary: String, body: String) throws {
        guard let program = ProgramLookup.find("notify-send", path: environment["PATH"] ?? "/usr/bin:/bin") else {
            throw ServiceError(.unavailable, "notify-send was not found on PATH, so no desktop notification was shown.",
                               hint: "Install libnotify-bin for desktop notifications.")
        }
        var childEnvironment: [String: String] = [:]
        for name in Self.kept { childEnvironment[name] = environment[name] }
        let started = ChildSpawn.start(program, arguments: ["notify-send", "--app-name=susi", "--", summary, body],
                                       environment: childEnvironment, stdin: .null, stdout: .null, stderr: .null,
                                       defaultSignals: [SIGPIPE, SIGINT, SIGTERM], newGroup: true)
        switch started {
        case let .failure(error):
            throw ServiceError(.unavailable, "notify-send could not be started: \(error).")
        case let .success(pid):
            let status = ChildSpawn.wait(pid, until: ContinuousClock.now + .seconds(10), group: true)
            guard let status else { throw ServiceError(.timeout, "notify-send did not finish within 10 seconds.") }
            guard status == 0 else { throw ServiceError(.unavailable, "notify-send failed (exit status \(status)).") }
        }
    }
}
