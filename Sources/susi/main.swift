import Foundation
import SusiCLI
import SusiHost

// Ctrl-C ends a one-shot command with the shell convention 128 + SIGINT.
// Commands that must clean up (the shell, chat, device setup) install their own handling.
signal(SIGINT) { _ in _exit(130) }

// argv and the environment decoded strictly: bytes that are not UTF-8 are refused, never replaced.
switch (ProcessText.arguments(), ProcessText.environment(strictPrefixes: ["SUSI_"])) {
case let (.success(arguments), .success(environment)):
    // susi has its copy: the secret variables leave the process's own
    // environment (and /proc/PID/environ), and it is marked non-dumpable.
    ProcessSecrets.scrub()
    exit(SusiApp.run(arguments, io: .standard(), environment: environment))
case let (.failure(refused), _), let (_, .failure(refused)):
    let io = IOStreams.standard()
    io.stderr.line("error: " + refused.message)
    exit(refused.exitCode.rawValue)
}
