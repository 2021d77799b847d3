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
        guard AnonymousMemoryPruning.due(records.location, every: caller.pruneEvery, now: now()) else { return }
        let prune = StoreBatch.Prune(prefix: AnonymousCaller.memoryKey(""), before: timestamp - caller.lifetime, keep: caller.maxRemembered)
        if let groupCommit {
            groupCommit.requestPrune(prune)
            return
        }
        try store { try records.commit(StoreBatch(prune: prune)) }
    }
}
