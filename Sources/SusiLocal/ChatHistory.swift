import Foundation
import SusiEngine
import SusiPorts
import SusiReply
import SusiStore

/// The chat history in the local database, kept per server and identity
/// whichever backend answered. Opening it never touches the skill catalogue.
public final class ChatHistory: ChatHistoryStore {
    let database: Database

    public init(path: String) throws {
        database = try LocalDatabase.open(path)
    }

    /// The history on a connection that is already open and migrated (the
    /// embedded backend's), so a one-shot chat opens the database once.
    init(database: Database) {
        self.database = database
    }

    @discardableResult
    func store<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw EmbeddedService.serviceError(error)
        }
    }

    public func record(_ reply: Reply, server: String, identity: String, at date: Date) throws {
        let json = reply.json
        try store {
            try database.run("""
            INSERT INTO chat_history (server, identity, asked_at, query, answer, skill, reply)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [server, identity, date.timeIntervalSince1970, reply.query, reply.text,
                  reply.answers.first?.skills.first, json])
        }
    }

    /// Newest last; `limit` keeps the newest ones. Every search word must
    /// appear in the query or the answer (case-insensitively).
    public func exchanges(server: String, identity: String, search: String? = nil, limit: Int? = nil) throws -> [ChatExchange] {
        var sql = "SELECT * FROM chat_history WHERE server = ? AND identity = ?"
        var parameters: [SQLBindable] = [server, identity]
        let filter = LikeFilter.clauses(for: search, on: "query || ' ' || answer")
        sql += filter.sql
        parameters += filter.parameters
        sql += " ORDER BY asked_at DESC, id DESC"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        let rows = try store { try database.query(sql, parameters) }
        return rows.reversed().map { row in
            ChatExchange(id: Int64(row["id"].int ?? 0), server: row["server"].string ?? "",
                         identity: row["identity"].string ?? "",
                         askedAt: Date(timeIntervalSince1970: row["asked_at"].double ?? 0),
                         query: row["query"].string ?? "", answer: row["answer"].string ?? "",
                         skill: row["skill"].string, replyJSON: row["reply"].string ?? "{}")
        }
    }

    /// Deletes the history of one server and identity; returns how many exchanges went.
    @discardableResult
    public func clear(server: String, identity: String) throws -> Int {
        try store { try database.run("DELETE FROM chat_history WHERE server = ? AND identity = ?", [server, identity]) }
    }
}
