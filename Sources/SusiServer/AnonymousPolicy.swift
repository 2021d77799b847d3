import Foundation

/// How `susi serve` treats callers without an account. Each anonymous
/// client has its own identity and conversation memory, never the local CLI
/// user's: a `susi_anon` cookie (random, HttpOnly) when the client keeps
/// cookies, else its address plus User-Agent, as the reference server does.
public struct AnonymousPolicy: Sendable {
    /// Memory of an anonymous caller is forgotten this long after its last chat (and the cookie lasts as long).
    public var memoryLifetime: TimeInterval = 7 * 24 * 3600
    /// At most this many anonymous callers' memories are kept; the least recently used go first.
    public var maxRemembered = 10_000
    /// Old memories are pruned after this many anonymous chats of one worker (and at least every minute).
    public var pruneEvery = 50
    /// Thumbs and ratings an anonymous client (one address) may send per minute; more get 429.
    public var votesPerMinute = 30

    public init() {}

    public static let cookieName = "susi_anon"
}
