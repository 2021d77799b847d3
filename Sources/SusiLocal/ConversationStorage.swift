import Foundation
import SusiEngine
import SusiReply

/// The stored form of a conversation's memory: the same JSON that
/// `ConversationMemory`'s Codable conformance reads and writes. Written and
/// read by hand (SusiReply's JSON writer and parser) because Codable's
/// encoder and decoder were a third of an embedded chat's cost, and
/// JSONSerialization's writer was slower still (both measured with perf
/// over 2,000 chats).
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
    /// Read with SusiReply's JSON parser (JSONSerialization and the Data it
    /// needs were a fiftieth of a one-shot chat); it reads what this writer
    /// and Codable's encoder wrote alike (tests).
    static func decode(_ text: String) -> ConversationMemory {
        guard case .object(let object)? = try? JSONValue.parse(bytes: Array(text.utf8)) else {
            return ConversationMemory()
        }
        var memory = ConversationMemory()
        if case .object(let variables)? = object["variables"] {
            variables.forEach { name, value in
                if case .string(let text) = value { memory.variables[name] = text }
            }
        }
        if case .array(let turns)? = object["turns"] {
            memory.turns = turns.compactMap { turn in
                guard case .string(let query)? = turn["query"], case .string(let answer)? = turn["answer"] else { return nil }
                return ConversationMemory.Turn(query: query, answer: answer, skill: turn["skill"]?.stringValue)
            }
        }
        return memory
    }
}
