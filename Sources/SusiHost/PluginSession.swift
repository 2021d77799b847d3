import Foundation
import SusiCLI
import SusiCore

/// The session an external command (`susi-NAME`) runs with: the `server`
/// setting and the session's identity as variables, and the token only when
/// the command asks for it on its descriptor (docs/plugins.md). The vault is
/// opened, and the passphrase asked, only then.
enum PluginSession {
    static func make(io: IOStreams, environment: [String: String], scope: Services?,
                     now: @escaping () -> Date) -> ExternalSession? {
        let invocation = Invocation(path: ["susi"], values: ParsedValues(), globals: ParsedValues())
        let context = Context(io: io, environment: environment, invocation: invocation, now: now,
                              services: scope ?? Services(Backends.makers))
        // A broken config or session is the command's business, not a reason not to run it.
        let server = (try? context.setting(.server) ?? "local") ?? "local"
        var identity = ""
        if let session = try? Session.load(context.paths), session.server == server, !session.identity.anonymous {
            identity = session.identity.name
        }
        let box = ContextBox(context)
        return ExternalSession(server: URLText.withoutUserinfo(server), identity: identity) {
            box.token()
        }
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
