import SusiCLI
import SusiCore
import SusiSpeech
import SusiVault

/// Builds the `susi` program from the registry and runs command lines.
public enum SusiApp {
    public static var root: Command {
        Command(
            name: "susi",
            abstract: "SUSI.AI, the open-source personal assistant, in the terminal.",
            discussion: """
            Chat with SUSI, browse and rate skills, set up a SUSI smart speaker and choose rooms and \
            voices. susi answers offline from an embedded SUSI by default; point it at any SUSI \
            server with --server or 'susi config set server URL'.
            """,
            examples: [
                Example("susi chat \"tell me a joke\"", "Ask SUSI something; answered offline by default."),
                Example("susi skills test my_skill.txt", "Check a skill you are writing against its own examples."),
                Example("susi config list", "Show the settings and where each value comes from."),
                Example("susi help environment", "List the environment variables susi reads."),
            ],
            subcommands: Registry.modules.map { $0.command })
    }

    public static var program: Program<Context> {
        let tree = root
        return Program(
            root: tree,
            version: SusiVersion.current,
            globalOptions: GlobalOptions.specs,
            topics: HelpTopics.all(root: tree),
            configuredColor: { environment in
                let paths = Paths(environment: environment)
                return (try? ConfigFile.load(path: paths.configFile))?.value(for: .color).flatMap(ColorChoice.init)
            },
            makeContext: { io, environment, invocation in
                Context(io: io, environment: environment, invocation: invocation, service: Backends.open,
                        credentials: { try CredentialAccess.resolve($0) },
                        speech: { context in
                            ProcessSpeech(voice: try context.setting(.voice) ?? "en",
                                          rate: Int(try context.setting(.speechRate) ?? "175") ?? 175,
                                          pitch: Int(try context.setting(.speechPitch) ?? "50") ?? 50,
                                          environment: context.environment)
                        })
            })
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], io: IOStreams, environment: [String: String]) -> Int32 {
        program.run(arguments, io: io, environment: environment)
    }
}
