import Foundation
import SusiEngine

/// The stored form of a conversation's memory: the same JSON that
/// `ConversationMemory`'s Codable conformance reads and writes, built with
/// JSONSerialization because Codable's encoder and decoder were a third of
/// the cost of an embedded chat (measured with perf over 2,000 chats).
enum ConversationStorage {
    static func encode(_ memory: ConversationMemory) -> String {
        let turns: [[String: Any]] = memory.turns.map { turn in
            var object: [String: Any] = ["query": turn.query, "answer": turn.answer]
            if let skill = turn.skill { object["skill"] = skill }
            return object
        }
        let object: [String: Any] = ["variables": memory.variables, "turns": turns]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
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
