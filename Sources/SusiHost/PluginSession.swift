import Foundation
import SusiCLI
import SusiCore
import SusiBasics

/// The session an external command (`susi-NAME`) runs with: the `server`
/// setting and the session's identity as variables, and the token only when
/// the command asks for it on its descriptor (docs/plugins.md). The vault is
/// opened, and the passphrase asked, only then.
enum PluginSession {
    static func make(io: IOStreams, environment: [String: String], globals: ParsedValues, scope: Services?,
                     now: @escaping () -> Date) -> ExternalSession? {
        // The global options given with the command hold for its session:
        // `--server` picks the server, `--passphrase-file` unlocks the token.
        let invocation = Invocation(path: ["susi"], values: ParsedValues(), globals: globals)
        let context = Context(io: io, environment: environment, invocation: invocation, now: now,
                              services: scope ?? Services(Backends.makers))
        // A broken config or session is the command's business, not a reason not to run it.
        let server = (try? context.serverName()) ?? ServerChoice.embedded.name
        var identity = ""
        if let session = try? Session.load(context.paths), session.server == server, !session.identity.anonymous {
            identity = session.identity.name
        }
        let box = ContextBox(context)
        return ExternalSession(server: URLText.withoutUserinfo(server), identity: identity,
                               variables: variables(for: context.globals)) {
            box.token()
        }
    }

    /// The contract's variables for the global options given with the
    /// command (docs/plugins.md). Options that mirror a setting or a house
    /// variable set that variable, so a `susi` the plugin runs honours
    /// them too; the rest have a `SUSI_PLUGIN_` variable of their own.
    static func variables(for globals: GlobalOptions) -> [String: String] {
        var variables: [String: String] = [:]
        if let server = globals.server {
            variables[ConfigKey.server.environmentVariable] = URLText.withoutUserinfo(server)
        }
        if let color = globals.color { variables[ConfigKey.color.environmentVariable] = color.rawValue }
        if globals.offline { variables[ConfigKey.network.environmentVariable] = NetworkAccess.off.rawValue }
        if globals.noInput, let name = GlobalOptions.noInputVariable { variables[name] = "1" }
        if globals.quiet { variables[ExternalCommands.quietVariable] = "1" }
        if globals.verbose { variables[ExternalCommands.verboseVariable] = "1" }
        if globals.json { variables[ExternalCommands.jsonVariable] = "1" }
        if let fields = globals.jsonFields {
            variables[ExternalCommands.jsonFieldsVariable] = fields.joined(separator: ",")
        }
        if globals.noPager { variables[ExternalCommands.noPagerVariable] = "1" }
        return variables
    }

    /// Hands the context to the token request's thread; the token is
    /// resolved at most once.
    final class ContextBox: @unchecked Sendable {
        private let context: Context
        private let lock = NSLock()

        init(_ context: Context) { self.context = context }

        func token() -> String? {
            lock.lock()
            defer { lock.unlock() }
            return (try? context.token()) ?? nil
        }
    }
}
