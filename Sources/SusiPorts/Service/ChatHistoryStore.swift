import Foundation
import SusiReply

/// One stored exchange.
public struct ChatExchange: Equatable, Sendable {
    public var id: Int64
    public var server: String
    public var identity: String
    public var askedAt: Date
    public var query: String
    public var answer: String
    public var skill: String?
    /// The reply as the server sent it (chat.json), for --json.
    public var replyJSON: String

    public init(id: Int64, server: String, identity: String, askedAt: Date, query: String, answer: String,
                skill: String?, replyJSON: String) {
        self.id = id
        self.server = server
        self.identity = identity
        self.askedAt = askedAt
        self.query = query
        self.answer = answer
        self.skill = skill
        self.replyJSON = replyJSON
    }
}
/// Where past exchanges are kept, per server and identity, whichever backend
/// answered. The host provides it (the local database); tests may replace it.
public protocol ChatHistoryStore: AnyObject {
    func record(_ reply: Reply, server: String, identity: String, at date: Date) throws
    /// Newest last; `limit` keeps the newest ones. Every search word must
    /// appear in the query or the answer (case-insensitively).
    func exchanges(server: String, identity: String, search: String?, limit: Int?) throws -> [ChatExchange]
    /// Deletes the history of one server and identity; returns how many exchanges went.
    @discardableResult
    func clear(server: String, identity: String) throws -> Int
}

extension ChatHistoryStore {
    public func exchanges(server: String, identity: String, limit: Int? = nil) throws -> [ChatExchange] {
        try exchanges(server: server, identity: identity, search: nil, limit: limit)
    }
}
