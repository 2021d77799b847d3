import Foundation
import SusiCore
import SusiEngine
import SusiStore

extension EmbeddedService {
    /// Answers from every skill in the catalogue of the request's language
    /// (and English), keeping the conversation memory of the caller's
    /// identity between calls.
    public func chat(_ request: ChatRequest, token: String?) throws -> Reply {
        let identity = try self.identity(token: token)
        let mind = try self.mind(language: request.language)
        var memory = try loadMemory(identity)
        var options = AskOptions(fetcher: consoleFetcher, now: now(),
                                 utcOffsetSeconds: -request.timezoneOffsetMinutes * 60)
        options.now = now()
        let reply = mind.ask(request.query, memory: &memory, options: options)
        try store {
            try database.transaction {
                try database.run("""
                INSERT INTO conversations (identity, memory, updated) VALUES (?, ?, ?)
                ON CONFLICT (identity) DO UPDATE SET memory = excluded.memory, updated = excluded.updated
                """, [identity.name, String(decoding: try JSONEncoder().encode(memory), as: UTF8.self), timestamp])
                for skill in reply.answers.first?.skills ?? [] {
                    try database.run("UPDATE skills SET usage_count = usage_count + 1 WHERE path = ?", [skill])
                }
            }
        }
        return reply
    }

    func loadMemory(_ identity: Identity) throws -> ConversationMemory {
        guard let text = try store({ try database.scalar("SELECT memory FROM conversations WHERE identity = ?", [identity.name])?.string }),
              let memory = try? JSONDecoder().decode(ConversationMemory.self, from: Data(text.utf8))
        else { return ConversationMemory() }
        return memory
    }

    /// A mind over the stored skills of `language` and English, rebuilt
    /// only when the catalogue changed (in this process or another).
    func mind(language: String) throws -> Mind {
        let version = try store {
            try database.query("SELECT count(*) AS n, max(imported_at) AS t, max(id) AS i FROM skills").first
                .map { "\($0["n"].int ?? 0):\($0["t"].double ?? 0):\($0["i"].int ?? 0)" } ?? ""
        }
        if let cached = minds[language], cached.version == version { return cached.mind }
        let mind = try buildMind(language: language)
        minds[language] = (version, mind)
        return mind
    }

    private func buildMind(language: String) throws -> Mind {
        let rows = try store {
            try database.query("SELECT path, source FROM skills WHERE language IN (?, 'en') ORDER BY path", [language])
        }
        let skills = rows.map { row in
            SkillParser.parse(text: row["source"].string ?? "", path: row["path"].string ?? "")
        }
        return Mind(skills: skills, language: language)
    }
}
