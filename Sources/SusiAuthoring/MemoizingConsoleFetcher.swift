import Foundation
import SusiEngine

/// Fetches each URL once and answers repeats from memory, failures included.
/// `skills test` asks every example up to 200 times (to see every random
/// alternative): without this, a network console would be fetched 200 times
/// per example, and an unreachable one would wait out its time limit as often.
final class MemoizingConsoleFetcher: ConsoleFetcher, @unchecked Sendable {
    private let inner: any ConsoleFetcher
    private let lock = NSLock()
    private var results: [URL: Result<Data, Error>] = [:]

    init(_ inner: any ConsoleFetcher) {
        self.inner = inner
    }

    func fetch(_ url: URL) throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        if let known = results[url] { return try known.get() }
        let result = Result { try inner.fetch(url) }
        results[url] = result
        return try result.get()
    }
}
