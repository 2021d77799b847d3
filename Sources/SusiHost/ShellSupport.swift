import Foundation
import SusiCLI
import SusiCore

/// The host side of `susi shell` (`ShellHost`): each line runs through the
/// same program as the `susi` binary, in the shell's scope. Completion uses
/// a scope of its own, made once per shell from the same makers, so a
/// provider that overruns its time bound never shares a database handle
/// with the command that runs next.
enum ShellSupport {
    static func host(_ shellContext: Context) -> ShellHost? {
        let shellScope = shellContext.services
        let makers = shellScope.makers
        // Completion's own scope takes the login the shell already resolved
        // (after the passphrase was asked once), and resolves none itself
        // that needs a question: its context cannot prompt.
        var completionMakers = makers
        completionMakers.credentials = { context in
            if let known = shellScope.knownCredentials(server: try context.serverName()) { return known }
            return try makers.credentials(context)
        }
        var completionScope: Services?
        return ShellHost(
            run: { arguments, io, context in
                // The shell's own global options (susi --quiet shell) hold for every line.
                SusiApp.run(arguments, io: io, environment: context.environment, scope: context.services, now: context.now,
                            inheriting: context.invocation.globals)
            },
            complete: { words, context in
                let program = SusiApp.program(scope: nil, now: context.now)
                let scope = completionScope ?? Services(completionMakers)
                completionScope = scope
                let environment = context.environment
                return program.completionEngine(environment: environment, context: {
                    Context(io: .captured(), environment: environment,
                            invocation: Invocation(path: ["susi", Program<Context>.completeWord], values: ParsedValues(), globals: ParsedValues()),
                            now: context.now, services: scope)
                }).complete(words)
            },
            isCommand: { word, context in
                let root = SusiApp.program(scope: nil, now: context.now).root
                let builtins = Set(root.subcommands.flatMap { [$0.name] + $0.aliases })
                if builtins.contains(word) { return true }
                return ExternalCommands.locate(word, program: root.name, environment: context.environment,
                                               builtins: builtins) != nil
            })
    }
}
