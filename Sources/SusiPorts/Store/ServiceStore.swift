import Foundation

/// Where `susi serve` and the embedded SUSI keep what people write: accounts
/// and their login tokens, star ratings, thumbs, feedback, reports,
/// bookmarks, account settings, devices, conversation memory and the skills'
/// usage counts (docs/decisions/0420-the-store-port.md). The skills
/// themselves are not here: each process answers from its own local index.
///
/// Two adapters: the SQLite file beside the skill index (SusiLocal, the
/// default) and a PostgreSQL database shared by several servers (SusiPostgres).
/// Every call reads what is stored now (no cache), so what one server wrote
/// is what the next server reads. Errors are `ServiceError`s (a store that
/// cannot be reached or is busy: `.unavailable`, which `susi serve` answers
/// with 503 and Retry-After) or the adapter's own storage errors, which the
/// embedded SUSI turns into service errors.
public protocol ServiceStore: AnyObject {
    /// Where the store is, for messages (never a password).
    var location: String { get }

    // MARK: Accounts and tokens
    /// The account of a token digest still valid at `now`; nil otherwise.
    func account(tokenDigest: String, now: Double) throws -> String?
    func accountExists(_ email: String) throws -> Bool
    /// Creates the account; false (nothing changed) when one with this email exists.
    func createAccount(email: String, passwordHash: String, created: Double) throws -> Bool
    /// The stored spelling of the email and its password hash.
    func passwordHash(email: String) throws -> (email: String, hash: String)?
    func addToken(digest: String, email: String, created: Double, expires: Double) throws
    func removeToken(digest: String) throws
    /// Stores the new hash and ends every login of the account but `keeping`.
    func changePassword(email: String, passwordHash: String, keeping digest: String) throws

    // MARK: Ratings, thumbs, feedback, reports, bookmarks
    func setRating(skill: String, email: String, stars: Int, timestamp: Double) throws
    func rating(skill: String, email: String) throws -> Int?
    func addThumbs(skill: String, identity: String, positive: Bool, query: String, reply: String, timestamp: Double) throws
    func setFeedback(skill: String, email: String, text: String, timestamp: Double) throws
    /// Newest first, each with the author's stars and user name.
    func feedback(skill: String) throws -> [SkillFeedback]
    /// False when there was none.
    func removeFeedback(skill: String, email: String) throws -> Bool
    /// False (nothing changed) when this account reported this skill already.
    func addReport(skill: String, email: String, reason: String, timestamp: Double) throws -> Bool
    func setBookmark(skill: String, email: String, on: Bool, timestamp: Double) throws
    /// Skill paths, newest first.
    func bookmarks(email: String) throws -> [String]
    /// Stars, thumbs, feedback and bookmark counts of every skill (or of one), by path.
    func ratings(skill: String?) throws -> [String: SkillRating]

    // MARK: Settings and devices
    func settings(email: String) throws -> [String: String]
    /// All in one transaction.
    func changeSettings(email: String, _ settings: [String: String]) throws
    /// Adds or updates the device (its MAC already normalised); `checkCount`
    /// sees how many devices the account has before a new one is added, and throws to refuse it.
    func saveDevice(email: String, _ device: Device, added: Double, checkCount: (Int) throws -> Void) throws
    func devices(email: String) throws -> [Device]
    /// Removes one device (or all, for nil); how many went.
    func removeDevices(email: String, mac: String?) throws -> Int

    // MARK: Conversation memory and usage counts
    /// The stored memory (`ConversationStorage`'s JSON) under an identity, and when it was written.
    func conversation(_ identity: String) throws -> StoredConversation?
    /// One transaction: the memories, the skills' uses, and the pruning of
    /// old memories (the group commit's batch, or one chat's writes).
    func commit(_ batch: StoreBatch) throws
    /// Uses kept here by skill path, or nil when they are kept with the skills
    /// themselves (the SQLite file: its index's `usage_count`).
    func usageCounts() throws -> [String: Int]?
    /// Whether the store answers now (for `/healthz`); never throws.
    func isReachable() -> Bool
}

/// A conversation memory as stored.
public struct StoredConversation: Sendable, Equatable {
    public var memory: String
    public var updated: Double
    public init(memory: String, updated: Double) {
        self.memory = memory
        self.updated = updated
    }
}

/// What one commit writes.
public struct StoreBatch: Sendable, Equatable {
    /// Identity → (memory JSON, updated).
    public var conversations: [String: StoredConversation]
    /// Skill path → uses to add.
    public var usage: [String: Int]
    /// Memories whose identity starts with `prefix` written before `before`
    /// go, and past the `keep` most recent, the rest go too.
    public var prune: Prune?

    public struct Prune: Sendable, Equatable {
        public var prefix: String
        public var before: Double
        public var keep: Int
        public init(prefix: String, before: Double, keep: Int) {
            self.prefix = prefix
            self.before = before
            self.keep = keep
        }
    }

    public init(conversations: [String: StoredConversation] = [:], usage: [String: Int] = [:], prune: Prune? = nil) {
        self.conversations = conversations
        self.usage = usage
        self.prune = prune
    }

    public var isEmpty: Bool { conversations.isEmpty && usage.isEmpty && prune == nil }
}

/// A backend that can say whether it can answer (`susi serve`'s `GET /healthz`,
/// for a load balancer's checks).
public protocol HealthReporting: AnyObject {
    /// Nil when the backend reaches its store and has its skill index; else what is wrong.
    func healthProblem() -> String?
}
