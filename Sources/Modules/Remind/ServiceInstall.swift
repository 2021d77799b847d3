import Foundation
import SusiBasics
import SusiCLI
import SusiCore

/// `susi remind watch --install-service`: writes the systemd user unit
/// (ExecStart this susi), then `systemctl --user daemon-reload` and
/// `enable --now` it where a user manager runs; says what to do where none does.
enum ServiceInstall {
    static let unitName = "susi-remind-watch.service"

    static func unit(executable: String) -> String {
        """
        [Unit]
        Description=SUSI.AI reminders, timers and alarms (susi remind watch)
        Documentation=man:susi-remind-watch(1)

        [Service]
        Type=exec
        ExecStart=\(executable) remind watch
        Restart=on-failure
        RestartSec=5
        RestartPreventExitStatus=64 69 78

        [Install]
        WantedBy=default.target

        """
    }

    static func install(_ context: Context) throws {
        let environment = context.environment
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        let folder = configHome + "/systemd/user"
        let path = folder + "/" + unitName
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/usr/bin/susi"
        guard !executable.contains(where: { $0 == " " || $0 == "\n" || $0 == "%" }) else {
            throw CommandError(.failure, "susi's path \(UntrustedText.line(executable)) has a space or %, which a unit's ExecStart cannot hold as is.")
        }
        do {
            try AtomicFile.createDirectory(folder)
            try AtomicFile.write(Array(unit(executable: executable).utf8), to: path, mode: 0o644)
        } catch let error as FileError {
            throw CommandError(.cannotCreate, "Cannot write \(path): \(error.reason)")
        }
        context.stdout.line("Wrote \(path).")
        guard let systemctl = ProgramLookup.find("systemctl", path: environment["PATH"] ?? "/usr/bin:/bin") else {
            throw CommandError(.unavailable, "systemctl was not found, so the unit was not started.",
                               hint: "Without systemd, start 'susi remind watch' with your session (your desktop's autostart, or ~/.profile).")
        }
        let run: ([String]) -> Int32? = { arguments in
            guard case let .success(pid) = ChildSpawn.start(systemctl, arguments: ["systemctl", "--user"] + arguments,
                                                            environment: environment, stdin: .null, stdout: .null, stderr: .null,
                                                            defaultSignals: [SIGPIPE, SIGINT, SIGTERM], newGroup: true)
            else { return nil }
            return ChildSpawn.wait(pid, until: ContinuousClock.now + .seconds(30), group: true)
        }
        guard run(["daemon-reload"]) == 0 else {
            throw CommandError(.unavailable, "No systemd user manager answers here ('systemctl --user daemon-reload' failed), so the unit was written but not started.",
                               hint: "Log in to a session with a user manager and run 'systemctl --user enable --now \(unitName)', or start 'susi remind watch' from your session's autostart.")
        }
        guard run(["enable", "--now", unitName]) == 0 else {
            throw CommandError(.unavailable, "'systemctl --user enable --now \(unitName)' failed.",
                               hint: "See 'systemctl --user status \(unitName)' and 'journalctl --user -u \(unitName)'.")
        }
        context.stdout.line("Enabled and started \(unitName): reminders now fire whenever you are logged in.")
    }
}
