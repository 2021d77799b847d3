import Foundation
import SusiCLI
import SusiHost

// Ctrl-C ends a one-shot command with the shell convention 128 + SIGINT.
// Commands that must clean up (the shell, chat, device setup) install their own handling.
signal(SIGINT) { _ in _exit(130) }

exit(SusiApp.run(Array(CommandLine.arguments.dropFirst()), io: .standard(),
                 environment: ProcessInfo.processInfo.environment))
