import Foundation
import CMicroHTTPD
import SusiPorts

/// Who an anonymous request is, and how many votes its client has left.
final class AnonymousCallers: @unchecked Sendable {
    let policy: AnonymousPolicy
    private let lock = NSLock()
    /// Cookies handed out and not yet seen back, with the host identity of
    /// the chat that got them, so a client's first chat is not forgotten
    /// when it starts sending the cookie. Two generations: when `offered`
    /// holds half of `maxOffered`, it becomes `older` (whose cookies are
    /// forgotten), so at most `maxOffered` are kept, the newest, and no
    /// request ever waits for a sweep of them all under the lock (every
    /// client without a cookie, wrk's too, is offered one per request).
    private var offered: [String: String] = [:]
    private var older: [String: String] = [:]
    static let maxOffered = 10_000
    /// Per client address: votes left and when they were last counted.
    private var buckets: [String: (tokens: Double, at: Date)] = [:]
    private static let maxBuckets = 10_000

    /// What follows the cookie's value in its Set-Cookie header.
    private let cookieAttributes: String

    init(policy: AnonymousPolicy) {
        self.policy = policy
        cookieAttributes = "; Max-Age=\(Int(max(1, policy.memoryLifetime))); Path=/; HttpOnly; SameSite=Lax"
    }

    /// The request's anonymous identity: its cookie's when it sends a
    /// well-formed `susi_anon`, else its address plus User-Agent.
    func identity(for request: HTTPRequest) -> Identity {
        if let cookie = Self.cookie(in: request) { return Self.cookieIdentity(cookie) }
        return APICall.hostIdentity(for: request)
    }

    /// The host identity name a cookie handed out continues, while the
    /// client has not chatted with it yet (for `/susi/memory.json`).
    func offeredHost(for request: HTTPRequest) -> String? {
        guard let cookie = Self.cookie(in: request) else { return nil }
        return offeredHost(cookie)
    }

    private func offeredHost(_ cookie: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return offered[cookie] ?? older[cookie]
    }

    /// An anonymous chat's caller: its identity, where its memory lives, and
    /// the cookie to offer when it sent none.
    struct ChatCaller {
        var identity: Identity
        var caller: AnonymousCaller
        /// The Set-Cookie header to send (no cookie was sent).
        var setCookie: String?
        /// The cookie sent, or the new one offered.
        fileprivate var cookie: String
        fileprivate var isNew: Bool
    }

    /// For a chat: who it is, changing nothing (the chat may yet be
    /// answered again elsewhere, see InlineAttempt); `settle` records it
    /// once the chat is answered.
    /// `identity`, when given, is `identity(for: request)` already worked out.
    func chatCaller(for request: HTTPRequest, identity known: Identity? = nil) -> ChatCaller {
        if let cookie = Self.cookie(in: request) {
            let identity = known ?? Self.cookieIdentity(cookie)
            return ChatCaller(identity: identity, caller: caller(identity.name, continuing: offeredHost(cookie)), setCookie: nil,
                              cookie: cookie, isNew: false)
        }
        let identity = known ?? APICall.hostIdentity(for: request)
        let cookie = Self.newCookie()
        let header = AnonymousPolicy.cookieName + "=" + cookie + cookieAttributes
        return ChatCaller(identity: identity, caller: caller(identity.name, continuing: nil), setCookie: header,
                          cookie: cookie, isNew: true)
    }

    /// After the chat was answered: a cookie seen back has been taken up
    /// (its first chat's memory is its own now); a new one is offered with
    /// the host identity whose memory it continues.
    func settle(_ chat: ChatCaller) {
        var forgotten: [String: String] = [:]
        lock.lock()
        if !chat.isNew {
            offered.removeValue(forKey: chat.cookie)
            older.removeValue(forKey: chat.cookie)
        } else {
            if offered.count >= Self.maxOffered / 2 {
                swap(&forgotten, &older)
                swap(&older, &offered)
            }
            offered[chat.cookie] = chat.identity.name
        }
        lock.unlock()
        // The forgotten generation is freed here, outside the lock.
        _ = forgotten
    }

    /// Cookies offered and not yet seen back.
    var offeredCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return offered.count + older.count
    }

    private func caller(_ name: String, continuing: String?) -> AnonymousCaller {
        AnonymousCaller(name: name, continuing: continuing, lifetime: policy.memoryLifetime,
                        maxRemembered: policy.maxRemembered, pruneEvery: policy.pruneEvery)
    }

    /// Takes one vote from the client's budget (`votesPerMinute`, refilled
    /// evenly); nil when allowed, else the seconds until the next vote.
    func takeVote(_ address: String, now: Date = Date()) -> Int? {
        let capacity = Double(max(1, policy.votesPerMinute))
        let perSecond = capacity / 60
        lock.lock()
        defer { lock.unlock() }
        var bucket = buckets[address] ?? (capacity, now)
        bucket.tokens = min(capacity, bucket.tokens + now.timeIntervalSince(bucket.at) * perSecond)
        bucket.at = now
        guard bucket.tokens >= 1 else {
            buckets[address] = bucket
            return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
        }
        bucket.tokens -= 1
        if buckets[address] == nil, buckets.count >= Self.maxBuckets {
            // Full buckets carry no information; drop them first.
            buckets = buckets.filter { $0.value.tokens + now.timeIntervalSince($0.value.at) * perSecond < capacity }
            if buckets.count >= Self.maxBuckets { buckets.removeAll() }
        }
        buckets[address] = bucket
        return nil
    }

    /// A well-formed `susi_anon` value from the Cookie header (32 lower-case hex digits).
    static func cookie(in request: HTTPRequest) -> String? {
        guard let header = request.header("cookie") else { return nil }
        for part in header.split(separator: ";") {
            let pair = Trimming.trimmed(String(part), Trimming.isWhitespace)
            guard pair.hasPrefix(AnonymousPolicy.cookieName + "=") else { continue }
            let value = String(pair.dropFirst(AnonymousPolicy.cookieName.count + 1))
            if value.count == 32, value.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) { return value }
        }
        return nil
    }

    /// The cookie's value is a secret: the identity shows only a digest of it.
    static func cookieIdentity(_ cookie: String) -> Identity {
        .anonymous("cookie_" + String(MD5.hex(cookie).prefix(20)))
    }

    /// 128 random bits as 32 lower-case hex digits.
    static func newCookie() -> String {
        // One getrandom call for all 128 bits (the generator made one per word).
        var words: (UInt64, UInt64) = (0, 0)
        let filled = withUnsafeMutableBytes(of: &words) { susi_random_bytes($0.baseAddress, 16) }
        if filled != 16 {
            var generator = SystemRandomNumberGenerator()
            words = (generator.next(), generator.next())
        }
        return String(unsafeUninitializedCapacity: 32) { buffer in
            for index in 0..<32 {
                let word = index < 16 ? words.0 : words.1
                let nibble = Int(word >> UInt64(60 - 4 * (index % 16)) & 0xF)
                buffer[index] = nibble < 10 ? UInt8(ascii: "0") + UInt8(nibble) : UInt8(ascii: "a") + UInt8(nibble - 10)
            }
            return 32
        }
    }
}
