import Foundation
import SusiCore

/// Who an anonymous request is, and how many votes its client has left.
final class AnonymousCallers: @unchecked Sendable {
    let policy: AnonymousPolicy
    private let lock = NSLock()
    /// Cookies handed out and not yet seen back, with the identity of the
    /// chat that got them, so a client's first chat is not forgotten when
    /// it starts sending the cookie.
    private var offered: [String: (host: String, at: Date)] = [:]
    private static let maxOffered = 10_000
    /// Per client address: votes left and when they were last counted.
    private var buckets: [String: (tokens: Double, at: Date)] = [:]
    private static let maxBuckets = 10_000

    init(policy: AnonymousPolicy) {
        self.policy = policy
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
        lock.lock()
        defer { lock.unlock() }
        return offered[cookie]?.host
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
    func chatCaller(for request: HTTPRequest) -> ChatCaller {
        if let cookie = Self.cookie(in: request) {
            let identity = Self.cookieIdentity(cookie)
            lock.lock()
            let continuing = offered[cookie]?.host
            lock.unlock()
            return ChatCaller(identity: identity, caller: caller(identity.name, continuing: continuing), setCookie: nil,
                              cookie: cookie, isNew: false)
        }
        let identity = APICall.hostIdentity(for: request)
        let cookie = Self.newCookie()
        let header = "\(AnonymousPolicy.cookieName)=\(cookie); Max-Age=\(Int(max(1, policy.memoryLifetime))); Path=/; HttpOnly; SameSite=Lax"
        return ChatCaller(identity: identity, caller: caller(identity.name, continuing: nil), setCookie: header,
                          cookie: cookie, isNew: true)
    }

    /// After the chat was answered: a cookie seen back has been taken up
    /// (its first chat's memory is its own now); a new one is offered with
    /// the host identity whose memory it continues.
    func settle(_ chat: ChatCaller) {
        lock.lock()
        defer { lock.unlock() }
        guard chat.isNew else {
            offered.removeValue(forKey: chat.cookie)
            return
        }
        if offered.count >= Self.maxOffered {
            let cutoff = Date().addingTimeInterval(-3600)
            offered = offered.filter { $0.value.at > cutoff }
            if offered.count >= Self.maxOffered { offered.removeAll() }
        }
        offered[chat.cookie] = (chat.identity.name, Date())
    }

    /// Cookies offered and not yet seen back.
    var offeredCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return offered.count
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
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        return String(unsafeUninitializedCapacity: 32) { buffer in
            for index in 0..<32 {
                let nibble = Int(words[index / 16] >> UInt64(60 - 4 * (index % 16)) & 0xF)
                buffer[index] = nibble < 10 ? UInt8(ascii: "0") + UInt8(nibble) : UInt8(ascii: "a") + UInt8(nibble - 10)
            }
            return 32
        }
    }
}
