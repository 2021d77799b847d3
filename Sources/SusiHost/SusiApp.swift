import Foundation
import RemindModule
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// Builds the `susi` program from the registry and runs command lines.
public enum SusiApp {
    public static var root: Command {
        declared
        let root = Command(
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
            subcommands: Registry.modules.map { $0.command } + [Manual.command])
        return graft(Registry.modules, into: root)
    }

    /// Adds each module's command at its other paths. A clash is a bug in
    /// the registry, caught by the command-tree tests before any release.
    static func graft(_ modules: [any CommandModule.Type], into root: Command) -> Command {
        var tree = root
        for module in modules {
            for path in module.alsoUnder {
                do {
                    tree = try tree.grafting(module.command, under: path)
                } catch {
                    preconditionFailure("Registry: cannot place '\(module.command.name)' under \(path): \(error)")
                }
            }
        }
        return tree
    }

    public static var program: Program<Context> { program(scope: nil, now: Date.init) }

    /// The program; every command line it runs shares `scope` when given
    /// (a shell session), else each gets a fresh one.
    public static func program(scope: Services?, now: @escaping () -> Date) -> Program<Context> {
        declared
        let tree = root
        var program = Program(
            root: tree,
            version: SusiVersion.current,
            globalOptions: GlobalOptions.specs,
            topics: HelpTopics.all(root: tree),
            helpExamples: [
                Example("susi help config set", "Show how to change a setting."),
                Example("susi help exit-codes", "Explain what each exit status means."),
            ],
            configuredColor: { environment in
                let paths = Paths(environment: environment)
                let file = (try? ConfigFile.load(path: paths.configFile)) ?? ConfigFile(path: paths.configFile)
                return (try? Settings(file: file, environment: environment).value(.color))?.flatMap(ColorChoice.init)
            },
            helpCompletion: helpTopics,
            makeContext: { io, environment, invocation in
                let context = Context(io: io, environment: environment, invocation: invocation, now: now,
                                      services: scope ?? Services(Backends.makers))
                OnboardingHint.offer(context)
                RemindModule.offerMissedNotice(context)
                return context
            })
        program.externalSpecCache = { environment in Paths(environment: environment).cacheDirectory + "/plugin-specs.json" }
        program.externalCommandCache = { environment in Paths(environment: environment).cacheDirectory + "/external-commands" }
        program.externalSession = { io, environment, globals in
            PluginSession.make(io: io, environment: environment, globals: globals, scope: scope, now: now)
        }
        program.refineError = refine
        program.linkedGlobals = [["quiet", "verbose"]]
        return program
    }

    /// A rejected token that came from SUSI_TOKEN: the way out is to unset
    /// it, not to log in again (the stored login is not the one sent).
    static func refine(_ environment: [String: String], _ error: Error) -> Error {
        guard let service = error as? ServiceError, service.kind == .notLoggedIn,
              Credentials.environmentToken(environment) != nil else { return error }
        return ServiceError(service.kind, service.message,
                            hint: "The token sent is \(Credentials.environmentVariable)'s: unset \(Credentials.environmentVariable) to use your stored login (or set it to a valid token).")
    }

    /// A scope for many command lines in one process (`susi shell`): the
    /// backend, the login and the unlocked credentials are opened once.
    public static func makeScope(_ adjust: (inout Services.Makers) -> Void = { _ in }) -> Services {
        declared
        var makers = Backends.makers
        adjust(&makers)
        return Services(makers)
    }

    /// Runs `arguments` (without the program name) and returns the exit
    /// status; `inheriting` holds global options (a shell's) that apply
    /// unless the line gives its own.
    public static func run(_ arguments: [String], io: IOStreams, environment: [String: String],
                           scope: Services? = nil, now: @escaping () -> Date = Date.init,
                           inheriting globals: ParsedValues = ParsedValues()) -> Int32 {
        var program = program(scope: scope, now: now)
        program.inheritedGlobals = globals
        return program.run(arguments, io: io, environment: environment)
    }
}
