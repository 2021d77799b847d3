import Foundation
import SusiBasics
import SusiEngine
import SusiPorts
import SusiStore

/// `susi serve`'s per-chat writes (the caller's conversation memory, the
/// answering skills' usage counts, the pruning of old anonymous memories),
/// made by one writer thread that gathers what the workers hand it for at
/// most `window` seconds and commits it in one transaction: under load one
/// commit (and one WAL append) serves many chats instead of one each.
///
/// What is handed over and not yet committed stays visible in this process
/// (read-your-writes per identity: the next chat of the same caller, on any
/// worker, reads its memory from here before the database, and a skill's
/// usage count includes its pending uses). Other processes see it once it is
/// committed. A crash (SIGKILL, power aside) loses at most the chats
/// answered in the last window plus the commit in progress; a clean stop
/// (`flush`) loses nothing. When a commit fails (disk full, read-only file)
/// the writes stay pending and are retried, and every chat is refused with
/// that error until a commit succeeds, so nothing is answered that cannot
/// be kept.
public final class GroupCommit: @unchecked Sendable {
    /// How long the first pending write waits for others to join its commit.
    public static let defaultWindow: TimeInterval = 0.005
    /// A commit is started at once when this many identities are pending.
    static let batchLimit = 512
    /// How long a failed commit waits before it is retried.
    static let retryDelay: TimeInterval = 0.1

    public let window: TimeInterval
    /// Where the writes go (for messages and the pruning's count).
    public let path: String
    /// Used only by the writer thread.
    private let records: ServiceStore
    private let condition = NSCondition()

    /// A memory as the worker handed it over: read back as it is (no parse),
    /// and encoded (`ConversationStorage.encode`) by the writer, once per
    /// identity per commit however many chats replaced it in the window.
    struct PendingMemory {
        var updated: Double
        var memory: ConversationMemory
    }

    private var memories: [String: PendingMemory] = [:]
    private var usage: [String: Int] = [:]
    private var prune: StoreBatch.Prune?
    /// The batch being written: still visible to readers until it is committed.
    private var committingMemories: [String: PendingMemory] = [:]
    private var committingUsage: [String: Int] = [:]
    private var firstPending: Date?
    private var writing = false
    private var flushes = 0
    private var stopping = false
    private var finished = false
    private var failure: Error?
    /// Odd while a batch is being written: bumped as a commit starts and as
    /// it ends (`readingWithPendingUsage`).
    private var epoch = 0
    /// Readers that asked the writer not to start a commit until they end.
    private var heldCommits = 0
    /// Commits tried, and those that succeeded (the tests read them).
    private(set) var attempts = 0
    private(set) var commits = 0

    /// Opens a connection of its own to the database at `path` and starts the writer.
    public convenience init(path: String, window: TimeInterval = GroupCommit.defaultWindow) throws {
        try self.init(store: SQLiteServiceStore(LocalDatabase.open(path)), window: window)
    }

    /// Starts the writer over a store of its own (one no other thread uses).
    public init(store: ServiceStore, window: TimeInterval = GroupCommit.defaultWindow) {
        self.path = store.location
        self.window = max(0, window)
        records = store
        let thread = Thread { [self] in run() }
        thread.name = "susi-group-commit"
        thread.start()
    }

    /// `SUSI_COMMIT_WINDOW_MS` (0 to 10000) replaces the default window;
    /// anything else is refused (exit 78) before the server starts.
    public static func window(environment: [String: String]) throws -> TimeInterval {
        guard let text = environment["SUSI_COMMIT_WINDOW_MS"] else { return defaultWindow }
        guard let milliseconds = Int(text), (0...10_000).contains(milliseconds) else {
            throw ConfigError("SUSI_COMMIT_WINDOW_MS must be a whole number of milliseconds from 0 to 10000, not '\(UntrustedText.line(text))'.",
                              hint: "Unset it for the default of \(Int(defaultWindow * 1000)) ms.")
        }
        return Double(milliseconds) / 1000
    }

    private var hasPending: Bool { !memories.isEmpty || !usage.isEmpty || prune != nil }

    // MARK: - The workers' side

    /// Hands over one chat's writes. Throws the last commit's failure while
    /// commits fail (nothing is handed over then).
    func add(memoryKey: String, updated: Double, skills: [String], memory: ConversationMemory) throws {
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw EmbeddedService.serviceError(any: failure) }
        if stopping { throw ServiceError(.unavailable, "The server is stopping; this chat was not saved.") }
        memories[memoryKey] = PendingMemory(updated: updated, memory: memory)
        for skill in skills { usage[skill, default: 0] += 1 }
        // The writer needs waking only to start a window or to end one early:
        // while a window is open it wakes at its deadline by itself, and no
        // one else waits for a chat to be handed over.
        if firstPending == nil {
            firstPending = Date()
            condition.broadcast()
        } else if memories.count >= Self.batchLimit {
            condition.broadcast()
        }
    }

    /// Asks the next commit to prune anonymous memories as well.
    func requestPrune(_ request: StoreBatch.Prune) {
        condition.lock()
        defer { condition.unlock() }
        prune = request
        if firstPending == nil { firstPending = Date() }
        condition.broadcast()
    }

    /// The newest memory handed over for `key` and not yet committed.
    func pendingMemory(_ key: String) -> PendingMemory? {
        condition.lock()
        defer { condition.unlock() }
        return memories[key] ?? committingMemories[key]
    }

    /// Runs `read` (a read of committed rows, usage counts among them) and
    /// returns its result with the skill uses not yet committed, as one
    /// consistent view: every use counted once, however the writer's commits
    /// fall. Reading the rows and then the pending uses apart could miss a
    /// batch committed in between (read before the commit, no longer pending
    /// after it), or count one twice (committed, not yet cleared). A seqlock
    /// on `epoch`: a read during which a commit started or ended is done
    /// again; after three such collisions the next commit waits for the read
    /// (`heldCommits`), so a listing under a steady stream of commits still
    /// ends, and delays the writer by one read at most.
    func readingWithPendingUsage<T>(_ read: () throws -> T) throws -> (T, [String: Int]) {
        for _ in 0..<3 {
            condition.lock()
            while epoch % 2 == 1 { condition.wait() }
            let start = epoch
            condition.unlock()
            let result = try read()
            condition.lock()
            defer { condition.unlock() }
            if epoch == start { return (result, usage) }
        }
        condition.lock()
        heldCommits += 1
        while epoch % 2 == 1 { condition.wait() }
        condition.unlock()
        defer {
            condition.lock()
            heldCommits -= 1
            condition.broadcast()
            condition.unlock()
        }
        let result = try read()
        condition.lock()
        defer { condition.unlock() }
        return (result, usage)
    }

    /// Commits everything handed over so far and waits for it; throws when
    /// that commit fails (the writes then stay pending).
    public func flush() throws {
        condition.lock()
        defer { condition.unlock() }
        // The commit in progress may not hold the newest writes: wait for the next one.
        let target = attempts + (writing ? 2 : 1)
        flushes += 1
        condition.broadcast()
        defer { flushes -= 1 }
        while (hasPending || writing) && attempts < target && !finished {
            condition.wait()
        }
        // A failed attempt puts its writes back; while a flush waits the writer
        // retries at once and may hold them again (writing) by the time this
        // thread runs: either way they are not kept.
        if let failure, hasPending || writing { throw EmbeddedService.serviceError(any: failure) }
    }

    /// Flushes, then stops the writer; later chats are refused.
    public func close() throws {
        defer {
            condition.lock()
            stopping = true
            condition.broadcast()
            while !finished { condition.wait() }
            condition.unlock()
        }
        try flush()
    }

    // MARK: - The writer

    private func run() {
        condition.lock()
        while true {
            while !hasPending && !stopping { condition.wait() }
            if !hasPending { break }
            // Gather for the rest of the window, unless asked to hurry.
            let deadline = (firstPending ?? Date()).addingTimeInterval(window)
            while !stopping && flushes == 0 && memories.count < Self.batchLimit && Date() < deadline {
                _ = condition.wait(until: deadline)
            }
            while heldCommits > 0 && !stopping { condition.wait() }
            committingMemories = memories
            committingUsage = usage
            let prune = self.prune
            memories = [:]
            usage = [:]
            self.prune = nil
            firstPending = nil
            writing = true
            epoch += 1
            let batch = (committingMemories, committingUsage)
            condition.unlock()
            let error = write(memories: batch.0, usage: batch.1, prune: prune)
            condition.lock()
            writing = false
            epoch += 1
            attempts += 1
            if let error {
                // Back into the queue, under anything newer handed over meanwhile.
                failure = error
                memories.merge(committingMemories) { newer, _ in newer }
                usage.merge(committingUsage, uniquingKeysWith: +)
                if self.prune == nil { self.prune = prune }
                firstPending = Date().addingTimeInterval(Self.retryDelay - window)
                committingMemories = [:]
                committingUsage = [:]
                condition.broadcast()
                if stopping { break }
            } else {
                failure = nil
                commits += 1
                committingMemories = [:]
                committingUsage = [:]
                condition.broadcast()
            }
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func write(memories: [String: PendingMemory], usage: [String: Int], prune: StoreBatch.Prune?) -> Error? {
        // Encoded before the store is written. A worker reading a row once it
        // is committed (no longer pending) finds its memory without a parse.
        var conversations: [String: StoredConversation] = [:]
        for (key, pending) in memories {
            let text = ConversationStorage.encode(pending.memory)
            ConversationStorage.remember(text, pending.memory)
            conversations[key] = StoredConversation(memory: text, updated: pending.updated)
        }
        do {
            try records.commit(StoreBatch(conversations: conversations, usage: usage, prune: prune))
            return nil
        } catch {
            return error
        }
    }
}

extension EmbeddedService: PendingWrites {
    /// Closes the group commit, if this service has one (else nothing is pending).
    public func finishPendingWrites() throws {
        try groupCommit?.close()
    }
}
