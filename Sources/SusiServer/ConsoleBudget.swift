import Foundation
import SusiPorts

/// Console fetches (`!console` skills' URLs) under a server's budget:
/// all fetches of one request share `seconds` (the last gets what is left),
/// and at most `maxConcurrent` run at once (half the workers), so slow
/// consoles can never occupy every worker. A fetch past the budget, or with
/// no slot free, fails at once, and the skill answers without the
/// console's data (the engine moves on to the next intent).
public final class ConsoleBudget: @unchecked Sendable {
    public static let defaultSeconds = ServeSettings.defaultConsoleBudgetSeconds
    public let seconds: Double
    public let maxConcurrent: Int
    private let make: @Sendable (URL, TimeInterval) throws -> Data
    private let lock = NSLock()
    private var running = 0
    private var refused = 0

    /// `fetch` gets a URL within the given time limit (the rest of the request's budget).
    public init(seconds: Double = ConsoleBudget.defaultSeconds, workers: Int,
                fetch: @escaping @Sendable (URL, TimeInterval) throws -> Data) {
        self.seconds = max(0, seconds)
        maxConcurrent = max(1, workers / 2)
        make = fetch
    }

    /// The console fetch to give each worker's service.
    public var budgetedFetch: ConsoleFetch { { [self] url in try self.fetch(url) } }

    /// Fetches refused so far (budget spent or every slot busy).
    public var refusedFetches: Int {
        lock.lock()
        defer { lock.unlock() }
        return refused
    }

    @TaskLocal static var deadline: Date?

    /// Runs one request's work with a fresh budget.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$deadline.withValue(Date().addingTimeInterval(seconds), operation: body)
    }

    struct Exhausted: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    private func refuse(_ reason: String) -> Exhausted {
        lock.lock()
        refused += 1
        lock.unlock()
        return Exhausted(reason: reason)
    }

    fileprivate func fetch(_ url: URL) throws -> Data {
        // Never on libmicrohttpd's thread: the request is answered again by a worker.
        try InlineAttempt.leaveIfInline()
        // Outside a request (none today), a fetch gets a budget of its own.
        let remaining = (Self.deadline ?? Date().addingTimeInterval(seconds)).timeIntervalSinceNow
        guard remaining >= 0.05 else { throw refuse("the request's console budget of \(seconds) s is spent") }
        lock.lock()
        guard running < maxConcurrent else {
            lock.unlock()
            throw refuse("\(maxConcurrent) console fetches are running already")
        }
        running += 1
        lock.unlock()
        defer {
            lock.lock()
            running -= 1
            lock.unlock()
        }
        return try make(url, remaining)
    }
}
