import SusiCLI
import SusiCore
import SusiPorts

/// Completion providers more than one module attaches (a module's own are
/// beside its commands; the voices', which the Voice module attaches too,
/// are in SusiCore: `DynamicCompletion.voices`). Each reads local data only: the embedded SUSI's
/// database, the installed voices, or for a SUSI server the names a
/// command last cached (`CompletionCache`), never the network.
public enum Completions {
    /// `skills info <Tab>`: the skills' names and titles.
    public static let skills = DynamicCompletion.provider("skills") { _, context in
        guard try isLocal(context) else { return cached(.skills, context) }
        return try context.services.makers.skillNames(context)
    }

    /// The apps' rooms, then those the account's devices use.
    public static let rooms = DynamicCompletion.provider("rooms") { _, context in
        roomNames(context)
    }

    /// Whether the context's server is the embedded SUSI.
    public static func isLocal(_ context: Context) throws -> Bool {
        try context.server().isEmbedded
    }

    /// The names a command last cached for the context's server.
    public static func cached(_ kind: CompletionCache.Kind, _ context: Context) -> [CompletionCandidate] {
        guard let server = try? context.serverName() else { return [] }
        return CompletionCache.load(kind, server: server, paths: context.paths).map { CompletionCandidate($0) }
    }

    public static func roomNames(_ context: Context) -> [CompletionCandidate] {
        Rooms.entries(devices: devices(context)).map { CompletionCandidate($0.name) }
    }

    /// The account's devices: from the embedded SUSI when logged in there
    /// (the token is read without prompting: a locked credential file
    /// offers nothing), else none.
    public static func devices(_ context: Context) -> [Device] {
        guard (try? isLocal(context)) == true, !context.canPrompt,
              let token = (try? context.token()) ?? nil else { return [] }
        return (try? context.service().devices(token: token)) ?? []
    }
}
