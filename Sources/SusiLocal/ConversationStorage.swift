import Foundation
import SusiEngine
import SusiReply

/// The stored form of a conversation's memory: the same JSON that
/// `ConversationMemory`'s Codable conformance reads and writes. Written by
/// hand and read with JSONSerialization because Codable's encoder and
/// decoder were a third of an embedded chat's cost, and JSONSerialization's
/// writer was slower still (both measured with perf over 2,000 chats).
enum ConversationStorage {
    static func encode(_ memory: ConversationMemory) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        JSONValue.append("{\"turns\":[", to: &out)
        for (index, turn) in memory.turns.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.append("{\"answer\":", to: &out)
            JSONValue.writeString(turn.answer, to: &out)
            JSONValue.append(",\"query\":", to: &out)
            JSONValue.writeString(turn.query, to: &out)
            if let skill = turn.skill {
                JSONValue.append(",\"skill\":", to: &out)
                JSONValue.writeString(skill, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        JSONValue.append("],\"variables\":{", to: &out)
        for (index, name) in memory.variables.keys.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(name, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONValue.writeString(memory.variables[name] ?? "", to: &out)
        }
        JSONValue.append("}}", to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A JSON string literal, written by the engine's JSON writer.
    static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized
    }

    /// A JSON array of strings (the query's words, for `json_each`).
    static func jsonArray<Words: Sequence<String>>(_ words: Words) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, word) in words.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(word, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Memories recently written or read, by their stored text: a server's
    /// workers take turns with the same caller's row, and parsing it again
    /// was a tenth of a request. Bounded; shared by the process's threads.
    private static let recentLock = NSLock()
    nonisolated(unsafe) private static var recent: [String: ConversationMemory] = [:]
    static let recentLimit = 256

    static var recentCount: Int {
        recentLock.lock()
        defer { recentLock.unlock() }
        return recent.count
    }

    /// Remembers that `text` is what `memory` encodes to.
    static func remember(_ text: String, _ memory: ConversationMemory) {
        recentLock.lock()
        defer { recentLock.unlock() }
        if recent.count >= recentLimit { recent.removeAll(keepingCapacity: true) }
        recent[text] = memory
    }

    /// `decode`, answered from the recent memories when the text is one of them.
    static func decodeRemembered(_ text: String) -> ConversationMemory {
        recentLock.lock()
        let known = recent[text]
        recentLock.unlock()
        if let known { return known }
        let memory = decode(text)
        remember(text, memory)
        return memory
    }

    /// A fresh memory for anything unreadable: a damaged row must not stop chatting.
    static func decode(_ text: String) -> ConversationMemory {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return ConversationMemory()
        }
        var memory = ConversationMemory()
        if let variables = object["variables"] as? [String: Any] {
            for (name, value) in variables {
                if let text = value as? String { memory.variables[name] = text }
            }
        }
        if let turns = object["turns"] as? [[String: Any]] {
            memory.turns = turns.compactMap { turn in
                guard let query = turn["query"] as? String, let answer = turn["answer"] as? String else { return nil }
                return ConversationMemory.Turn(query: query, answer: answer, skill: turn["skill"] as? String)
            }
        }
        return memory
    }
}
