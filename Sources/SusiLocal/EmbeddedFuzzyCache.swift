import Foundation
import SusiEngine

extension EmbeddedService {
    /// The fuzzy stage's index for `language`, kept across chats (issue 37):
    /// a mind is made per chat, and building the index from the store's
    /// fuzzy pool was a third of `susi serve`'s time on a varied query mix
    /// (every query no pattern matched built it again). It is built again
    /// when the skill index's generation differs from the one it was built
    /// for (`CandidateCache.current`, which the chat's candidate lookup reads
    /// before the fuzzy stage runs).
    func fuzzyCache(language: String) -> FuzzyCache {
        fuzzyCaches.cache(language: language) { [candidateLists] in candidateLists.current }
    }
}

/// One `FuzzyCache` per language, for one EmbeddedService.
final class FuzzyCaches: @unchecked Sendable {
    private var caches: [String: FuzzyCache] = [:]
    private let lock = NSLock()

    func cache(language: String, version: @escaping @Sendable () -> Int?) -> FuzzyCache {
        lock.lock()
        defer { lock.unlock() }
        if let found = caches[language] { return found }
        let made = FuzzyCache(version: version)
        caches[language] = made
        return made
    }
}
