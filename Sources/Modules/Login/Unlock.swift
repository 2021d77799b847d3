import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension LoginModule {
    static let unlockFor = OptionKey.string(
        "for", "duration", "How long to keep it unlocked: e.g. 30m, 2h, 1d, 1h30m (default 8h, at most 7d).")
    static let agentStage = ArgumentKey.optional("stage", "Internal.")

    static var unlockCommand: Command {
        Command(
            name: "unlock",
            abstract: "Keep the credential file unlocked for a while, so commands stop asking for the passphrase.",
            discussion: """
            Asks for the passphrase once (or takes --passphrase-file or SUSI_PASSPHRASE), then a \
            small agent process keeps the derived key (never the passphrase) in locked memory \
            until the time is up, 'susi login lock' is run, or the credential file gets a new key. \
            Every susi command of yours asks the agent first, so 'echo hi | susi chat' works \
            without a prompt. The agent listens on a socket only you can open, in \
            $XDG_RUNTIME_DIR/susi/, which a logout or reboot empties; without XDG_RUNTIME_DIR \
            (su, containers, cron), as ssh-agent does, in a folder with a random name that it \
            makes in $TMPDIR or /tmp (susi-XXXXXX, 0700) and names in agent-folder beside the \
            credential file; a folder that is not yours alone is refused. Unlocking again \
            replaces the agent with one for the new time.
            """,
            examples: [
                Example("susi login unlock", "Unlock for 8 hours."),
                Example("susi login unlock --for 30m", "Unlock for half an hour."),
                Example("echo hi | susi chat", "Then chat from a pipe without being asked."),
            ],
            options: [unlockFor.spec],
            run: { invocation, context in try unlock(invocation, context) })
    }

    static var lockCommand: Command {
        Command(
            name: "lock",
            abstract: "Forget the unlocked key now: commands ask for the passphrase again.",
            discussion: "Stops the agent that 'susi login unlock' started for this credential file; in susi shell, also forgets the key the shell kept for its session. Nothing is stored or removed otherwise.",
            examples: [Example("susi login lock", "Lock the credential file again.")],
            run: { _, context in
                // In susi shell, the key the session kept is forgotten too (and
                // then a missing runtime folder only means there is no agent).
                let session = CredentialAccess.forgetSessionKey(context)
                if session ? (try? CredentialAccess.lock(context)) == true : try CredentialAccess.lock(context) {
                    context.note("Locked: the agent forgot the key. Commands ask for the passphrase again.")
                } else if session {
                    context.note("Locked: this shell forgot the key. Commands ask for the passphrase again.")
                } else {
                    context.note("The credential file was not unlocked; nothing to lock.")
                }
            })
    }

    /// The agent itself, started by `unlock` with the key on standard input.
    static var agentCommand: Command {
        Command(
            name: "__agent",
            abstract: "Internal: the unlock agent started by 'susi login unlock'.",
            discussion: "Not for direct use: it reads a key from a pipe.",
            examples: [Example("susi login unlock", "What starts it.")],
            arguments: [agentStage.spec],
            isHidden: true,
            run: { invocation, context in
                // Only from 'login unlock': an empty environment and the key on a pipe.
                var info = stat()
                guard context.environment.isEmpty, fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else {
                    throw UsageError("'susi login __agent' is started by 'susi login unlock'; run that instead.")
                }
                let code = try context.credentialStore().runAgent(serve: invocation.values[agentStage] == "serve")
                if code != 0 { throw SilentExit(.failure) }
            })
    }

    static func unlock(_ invocation: Invocation, _ context: Context) throws {
        let duration = try invocation.values[unlockFor].map { try parseDuration($0) } ?? CredentialAccess.defaultUnlockDuration
        let expires = context.now().addingTimeInterval(duration)
        try CredentialAccess.keepUnlocked(context, until: expires)
        context.note("Unlocked until \(CredentialAccess.unlockStamp(expires)) (\(describe(duration))). 'susi login lock' locks it now.")
    }

    /// `30m`, `2h`, `1d`, `45s`, or a sum like `1h30m`; at least one second, at most seven days.
    static func parseDuration(_ text: String) throws -> TimeInterval {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var total = 0.0
        var digits = ""
        var sawUnit = false
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], let value = Double(digits), digits.count <= 6 {
                total += value * unit
                digits = ""
                sawUnit = true
            } else {
                sawUnit = false
                digits = "x"
                break
            }
        }
        guard sawUnit, digits.isEmpty else {
            throw UsageError("'\(text)' is not a duration for --for: use a number and a unit, such as 30m, 2h or 1d (s, m, h, d).")
        }
        guard total >= 1, total <= 7 * 86400 else {
            throw UsageError("--for \(text) is out of range: susi keeps the key unlocked for at least 1s and at most 7d.")
        }
        return total
    }

    static func describe(_ duration: TimeInterval) -> String {
        let seconds = Int(duration)
        if seconds % 86400 == 0 { return "\(seconds / 86400) \(seconds == 86400 ? "day" : "days")" }
        if seconds % 3600 == 0 { return "\(seconds / 3600) \(seconds == 3600 ? "hour" : "hours")" }
        if seconds % 60 == 0 { return "\(seconds / 60) \(seconds == 60 ? "minute" : "minutes")" }
        return "\(seconds) \(seconds == 1 ? "second" : "seconds")"
    }
}
