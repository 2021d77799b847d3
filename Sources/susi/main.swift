import Foundation
import SusiCLI
import SusiHost

exit(SusiApp.run(Array(CommandLine.arguments.dropFirst()), io: .standard(),
                 environment: ProcessInfo.processInfo.environment))
