import Foundation

extension SusiAPI {
    /// How many failed password logins `susi serve` takes before it answers
    /// 429 with Retry-After: per account (whoever tries) and per client
    /// address (whichever accounts), each within a sliding window.
    public struct LoginPolicy: Sendable {
        public var failuresPerAccount = 10
        public var failuresPerAddress = 30
        public var windowSeconds: Double = 600
        /// Accounts and addresses remembered at once; past it, the one whose
        /// last failure is oldest is forgotten.
        public var maxRemembered = 10_000

        public init() {}
    }
}

/// Failed logins by account and by client address: the times of the last
/// failures of each (as many as the limit), in memory, for one server.
/// An unknown account is counted like a known one, so the answers never
/// tell them apart.
final class LoginThrottle: @unchecked Sendable {
    let policy: SusiAPI.LoginPolicy
    private let lock = NSLock()
    private var accounts: [String: [Double]] = [:]
    private var addresses: [String: [Double]] = [:]
    private let now: @Sendable () -> Double

    init(policy: SusiAPI.LoginPolicy, now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.policy = policy
        self.now = now
    }

    /// Accounts are compared as e-mail addresses are: case does not matter.
    static func key(_ account: String) -> String { Trimming.trimmed(account, Trimming.isWhitespaceOrNewline).lowercased() }

    /// Seconds to wait before this login may be tried, and whether the
    /// address (not the account) is the reason; nil when it may go ahead.
    func wait(account: String, address: String) -> (seconds: Int, byAddress: Bool)? {
        let time = now()
        lock.lock()
        defer { lock.unlock() }
        if let seconds = Self.wait(accounts[Self.key(account)], limit: policy.failuresPerAccount, window: policy.windowSeconds, now: time) {
            return (seconds, false)
        }
        if let seconds = Self.wait(addresses[address], limit: policy.failuresPerAddress, window: policy.windowSeconds, now: time) {
            return (seconds, true)
        }
        return nil
    }

    func failed(account: String, address: String) {
        let time = now()
        lock.lock()
        Self.note(time, in: &accounts, key: Self.key(account), limit: policy.failuresPerAccount, policy: policy)
        Self.note(time, in: &addresses, key: address, limit: policy.failuresPerAddress, policy: policy)
        lock.unlock()
    }

    /// A right password clears its account's failures (not its address's:
    /// one's own account must not reset a guesser's count).
    func succeeded(account: String) {
        lock.lock()
        accounts[Self.key(account)] = nil
        lock.unlock()
    }

    private static func wait(_ failures: [Double]?, limit: Int, window: Double, now: Double) -> Int? {
        guard let failures, failures.count >= limit, let oldest = failures.first else { return nil }
        let left = oldest + window - now
        return left > 0 ? max(1, Int(left.rounded(.up))) : nil
    }

    private static func note(_ time: Double, in table: inout [String: [Double]], key: String, limit: Int, policy: SusiAPI.LoginPolicy) {
        if table[key] == nil, table.count >= policy.maxRemembered {
            // Forget what has left the window; if nothing has, the stalest entry.
            table = table.filter { ($0.value.last ?? 0) + policy.windowSeconds > time }
            if table.count >= policy.maxRemembered, let stalest = table.min(by: { ($0.value.last ?? 0) < ($1.value.last ?? 0) }) {
                table[stalest.key] = nil
            }
        }
        var failures = table[key, default: []]
        failures.append(time)
        if failures.count > limit { failures.removeFirst(failures.count - limit) }
        table[key] = failures
    }
}
