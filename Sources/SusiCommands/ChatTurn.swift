import Foundation
import SusiCore
import SusiPorts
import SusiReply

/// One question to the configured SUSI as `susi chat` asks it (language,
/// time zone and the `location` setting's coordinates), and the local chat
/// history it is kept in. Shared by `susi chat` and `susi skills try`.
public enum ChatTurn {
    /// The request for `query`, with what the settings say about the user.
    public static func request(_ query: String, language: String, context: Context) throws -> ChatRequest {
        let place = ConfigKey.coordinates(try context.setting(.location))
        return ChatRequest(query: query, language: language,
                           timezoneOffsetMinutes: ChatRequest.localTimezoneOffset(at: context.now()),
                           latitude: place?.latitude, longitude: place?.longitude)
    }

    /// Whose history an exchange goes to: the server, and the account of
    /// the session with it ("token" for SUSI_TOKEN, else "anonymous").
    public static func historyOwner(_ context: Context) throws -> (server: String, identity: String) {
        let server = try context.serverName()
        if Credentials.environmentToken(context.environment) != nil {
            return (server, "token")
        }
        if let session = try? Session.load(context.paths), session.server == server {
            return (server, session.account)
        }
        return (server, "anonymous")
    }

    /// Where exchanges are kept, and for whom: look it up once per conversation.
    public static func history(_ context: Context) throws -> (store: ChatHistoryStore, server: String, identity: String) {
        let owner = try historyOwner(context)
        return (try context.chatHistory(), owner.server, owner.identity)
    }

    /// Asks once and keeps the exchange in the history. A history that
    /// cannot be written is a warning: it must not spoil the answer.
    public static func ask(_ query: String, service: SusiService, context: Context) throws -> Reply {
        let reply = try service.chat(request(query, language: try context.userLanguage(), context: context),
                                     token: context.token())
        do {
            let history = try history(context)
            try history.store.record(reply, server: history.server, identity: history.identity, at: context.now())
        } catch {
            context.warn("The chat history could not be saved: \(ServiceError.plainReason(error))")
        }
        return reply
    }
}
