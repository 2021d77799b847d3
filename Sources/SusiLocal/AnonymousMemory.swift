import Foundation
import SusiPorts

/// Keeps the memory of a server's anonymous callers bounded: every
/// `pruneEvery` anonymous chats (per database file, across the server's
/// workers) or at least once a minute, memories past their lifetime go,
/// and beyond `maxRemembered` the least recently used go too.
enum AnonymousMemoryPruning {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var chats: [String: (count: Int, last: Date)] = [:]

    /// True when `path` is due for pruning (and counts this chat).
    static func due(_ path: String, every: Int, now: Date) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var entry = chats[path] ?? (0, now)
        entry.count += 1
        let due = entry.count >= max(1, every) || now.timeIntervalSince(entry.last) >= 60
        if due { entry = (0, now) }
        chats[path] = entry
        return due
    }
}

extension EmbeddedService {
    func pruneAnonymousMemories(_ caller: AnonymousCaller) throws {
        guard AnonymousMemoryPruning.due(database.path, every: caller.pruneEvery, now: now()) else { return }
        let pattern = AnonymousCaller.memoryKey("") + "%"
        if let groupCommit {
            groupCommit.requestPrune(pattern: pattern, before: timestamp - caller.lifetime, keep: caller.maxRemembered)
            return
        }
        try store {
            try database.transaction {
                try database.run("DELETE FROM conversations WHERE identity LIKE ? AND updated < ?",
                                 [pattern, timestamp - caller.lifetime])
                try database.run("""
                DELETE FROM conversations WHERE identity IN (
                    SELECT identity FROM conversations WHERE identity LIKE ? ORDER BY updated DESC LIMIT -1 OFFSET ?)
                """, [pattern, max(0, caller.maxRemembered)])
            }
        }
    }
}
