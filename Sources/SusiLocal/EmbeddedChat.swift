import Foundation
import SusiBasics
import SusiEngine
import SusiPorts
import SusiReply
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
        try requireBundledSkills()
        let (mind, source) = indexedMind(language: request.language)
        // A server's anonymous caller has memory of its own, never the local user's.
        let caller = identity.anonymous ? request.anonymousCaller : nil
        let memoryKey = caller.map { AnonymousCaller.memoryKey($0.name) } ?? identity.name
        var memory = try loadMemory(memoryKey, caller: caller)
        var options = AskOptions(fetcher: consoleFetcher, now: now(),
                                 utcOffsetSeconds: -min(max(request.timezoneOffsetMinutes, -1440), 1440) * 60)  // a day either way; never traps
        options.now = now()
        options.weather = WeatherOptions(weather, latitude: request.latitude, longitude: request.longitude)
        options.explain = request.explain
        options.capturesAsTyped = !request.referenceCaptures
        let reply = Self.ask(request, mind: mind, memory: &memory, options: options)
        // `susi serve`'s inline attempt wanted a console: nothing is written, it is answered again.
        try InlineAttempt.checkNotAbandoned()
        if let failure = source.failure { throw Self.serviceError(failure) }
        let skills = reply.answers.first?.skills ?? []
        if let groupCommit {
            // Encoded by its writer, once per commit for this identity (read back decoded until then).
            try groupCommit.add(memoryKey: memoryKey, updated: timestamp, skills: skills, memory: memory)
        } else {
            let stored = ConversationStorage.encode(memory)
            var uses: [String: Int] = [:]
            for skill in skills { uses[skill, default: 0] += 1 }
            try store {
                try records.commit(StoreBatch(conversations: [memoryKey: StoredConversation(memory: stored, updated: timestamp)],
                                              usage: uses))
            }
            ConversationStorage.remember(stored, memory)
        }
        if let caller { try pruneAnonymousMemories(caller) }
        return reply
    }

    /// Without the bundled skills every answer would be the fallback: a broken
    /// installation is said once, with the places looked in (exit 70).
    func requireBundledSkills() throws {
        guard let searched = bundledSearched else { return }
        let stored = try store { try database.scalar("SELECT count(*) FROM skills WHERE bundled = 1")?.int ?? 0 }
        guard stored == 0 else { return }
        throw CommandError(.software, "The bundled skills are missing, so SUSI cannot answer: looked in \(searched.joined(separator: ", ")).",
                           hint: "Reinstall susi with 'make install', or point SUSI_BUNDLED_SKILLS at a models folder.")
    }

    /// The memory under `key`; for an anonymous caller only while it has not
    /// expired, and else the memory it continues, if any.
    func loadMemory(_ key: String, caller: AnonymousCaller?) throws -> ConversationMemory {
        func stored(_ key: String) throws -> ConversationMemory? {
            // Handed to the group commit and not yet committed: this caller's previous turn,
            // as it was handed over (no parse of its text).
            if let pending = groupCommit?.pendingMemory(key) {
                if let caller, pending.updated < timestamp - caller.lifetime { return nil }
                return pending.memory
            }
            guard let found = try store({ try records.conversation(key) }) else { return nil }
            if let caller, found.updated < timestamp - caller.lifetime { return nil }
            return ConversationStorage.decodeRemembered(found.memory)
        }
        if let memory = try stored(key) { return memory }
        if let continuing = caller?.continuing, let memory = try stored(AnonymousCaller.memoryKey(continuing)) {
            return memory
        }
        return ConversationMemory()
    }
}
