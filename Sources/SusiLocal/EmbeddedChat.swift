import Foundation
import SusiCore
import SusiEngine
import SusiStore

extension EmbeddedService {
    /// Answers from every skill in the catalogue of the request's language
    /// (and English) through the skill index, which rebuilds only the
    /// intents the query could match, keeping the conversation memory of the caller's
    /// identity between calls.
    public func chat(_ request: ChatRequest, token: String?) throws -> Reply {
        let identity = try self.identity(token: token)
        if let token, !token.isEmpty, identity.anonymous {
            // Answering as a stranger would hide that the login ended.
            throw ServiceError(.notLoggedIn, "Your login is no longer valid (the token expired or was revoked), so SUSI did not answer as you.",
                               hint: "Log in again with 'susi login', or 'susi logout' to chat anonymously.")
        }
        let (mind, source) = indexedMind(language: request.language)
        var memory = try loadMemory(identity)
        var options = AskOptions(fetcher: consoleFetcher, now: now(),
                                 utcOffsetSeconds: -min(max(request.timezoneOffsetMinutes, -1440), 1440) * 60)  // a day either way; never traps
        options.now = now()
        let reply = mind.ask(request.query, memory: &memory, options: options)
        if let failure = source.failure { throw Self.serviceError(failure) }
        try store {
            try database.transaction {
                try database.run("""
                INSERT INTO conversations (identity, memory, updated) VALUES (?, ?, ?)
                ON CONFLICT (identity) DO UPDATE SET memory = excluded.memory, updated = excluded.updated
                """, [identity.name, ConversationStorage.encode(memory), timestamp])
                for skill in reply.answers.first?.skills ?? [] {
                    try database.run("UPDATE skills SET usage_count = usage_count + 1 WHERE path = ?", [skill])
                }
            }
        }
        return reply
    }

    func loadMemory(_ identity: Identity) throws -> ConversationMemory {
        guard let text = try store({ try database.scalar("SELECT memory FROM conversations WHERE identity = ?", [identity.name])?.string })
        else { return ConversationMemory() }
        return ConversationStorage.decode(text)
    }
}
