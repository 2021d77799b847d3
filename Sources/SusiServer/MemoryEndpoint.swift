import Foundation
import SusiPorts
import SusiReply

/// What `/susi/memory.json` serves: each identity's last exchanges, as the
/// chat.json objects it was sent (session envelope included), newest first.
/// Like the reference's short-term memory it keeps `kept` (its
/// ATTENTION_TIME, 5) per identity; unlike the reference it is held in
/// memory only, so it starts empty when `susi serve` starts (the
/// conversation memory in the database, which answers "what is my name",
/// outlives a restart). Bounded: anonymous identities are forgotten after
/// `lifetime` without a chat, and beyond `maxIdentities` identities or
/// `maxBytes` of stored replies the least recently used go first.
final class CognitionLog: @unchecked Sendable {
    struct Cognition: Equatable {
        /// `query_date` as chat.json wrote it (`2026-11-29T21:41:05.318Z`).
        var queryDate: String
        /// The chat.json object as it was sent.
        var json: String
    }

    private struct Entry {
        /// Oldest first.
        var cognitions: [Cognition]
        var used: Date
        var anonymous: Bool
        /// The bytes of `cognitions`' JSON, kept as they change.
        var bytes: Int

        init(cognitions: [Cognition], used: Date, anonymous: Bool) {
            self.cognitions = cognitions
            self.used = used
            self.anonymous = anonymous
            bytes = cognitions.reduce(0) { $0 + $1.json.utf8.count }
        }
    }

    /// The reference's ATTENTION_TIME.
    static let kept = 5
    /// The most bytes of replies kept for all identities together.
    static let defaultMaxBytes = 16 << 20

    let maxIdentities: Int
    let maxBytes: Int
    let lifetime: TimeInterval
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var bytes = 0

    init(maxIdentities: Int, lifetime: TimeInterval, maxBytes: Int = CognitionLog.defaultMaxBytes) {
        self.maxIdentities = max(1, maxIdentities)
        self.lifetime = lifetime
        self.maxBytes = max(1, maxBytes)
    }

    static func key(_ identity: Identity) -> String { identity.type + "_" + identity.name }

    var identityCount: Int { lock.withLock { entries.count } }
    var storedBytes: Int { lock.withLock { bytes } }

    /// Keeps one exchange of `identity`. A client's first chat before it had
    /// its cookie (`continuing`) carries over, as its conversation memory does.
    func record(_ cognition: Cognition, for identity: Identity, continuing: Identity? = nil, now: Date = Date()) {
        let key = Self.key(identity)
        let size = cognition.json.utf8.count
        lock.lock()
        defer { lock.unlock() }
        if live(key, now: now) == nil {
            let start = continuing.flatMap { live(Self.key($0), now: now) }
                ?? Entry(cognitions: [], used: now, anonymous: identity.anonymous)
            entries[key] = start
            bytes += start.bytes
        }
        // Changed in place: one lookup, and the kept replies are not copied.
        let index = entries.index(forKey: key)!
        entries.values[index].cognitions.append(cognition)
        entries.values[index].bytes += size
        bytes += size
        let over = entries.values[index].cognitions.count - Self.kept
        if over > 0 {
            let gone = entries.values[index].cognitions[0..<over].reduce(0) { $0 + $1.json.utf8.count }
            entries.values[index].cognitions.removeFirst(over)
            entries.values[index].bytes -= gone
            bytes -= gone
        }
        entries.values[index].used = now
        entries.values[index].anonymous = identity.anonymous
        if entries.count > maxIdentities || bytes > maxBytes { evict(now: now, keeping: key) }
    }

    /// Newest first: the identity's own, else (a cookie not yet used for a chat) the memory it continues.
    func cognitions(for identity: Identity, continuing: Identity? = nil, now: Date = Date()) -> [Cognition] {
        lock.lock()
        defer { lock.unlock() }
        let entry = live(Self.key(identity), now: now) ?? continuing.flatMap { live(Self.key($0), now: now) }
        return (entry?.cognitions ?? []).reversed()
    }

    /// The entry, unless it is an anonymous one past its lifetime (then it is dropped).
    private func live(_ key: String, now: Date) -> Entry? {
        guard let entry = entries[key] else { return nil }
        if entry.anonymous, entry.used < now.addingTimeInterval(-lifetime) {
            bytes -= entry.bytes
            entries[key] = nil
            return nil
        }
        return entry
    }

    /// Expired anonymous entries go, then the least recently used down to
    /// nine tenths of the limits (so this runs once per many chats).
    private func evict(now: Date, keeping: String) {
        let cutoff = now.addingTimeInterval(-lifetime)
        for (key, entry) in entries where entry.anonymous && entry.used < cutoff {
            bytes -= entry.bytes
            entries[key] = nil
        }
        guard entries.count > maxIdentities || bytes > maxBytes else { return }
        let identityTarget = max(1, maxIdentities * 9 / 10)
        let byteTarget = maxBytes * 9 / 10
        for (key, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
            guard entries.count > identityTarget || bytes > byteTarget else { break }
            if key == keeping { continue }
            bytes -= entry.bytes
            entries[key] = nil
        }
    }
}

extension SusiAPI {
    /// `/susi/memory.json`: the caller's last exchanges (`cognitions`, newest
    /// first, at most `cognitions` of them, 10 at most; from the one whose
    /// `query_date` is `date`, when given) and how many older ones are left
    /// (`cognitions_remaining`), as the reference serves them.
    static func memory(_ call: APICall) throws -> APIReply {
        let wanted = min(10, try call.integer("cognitions") ?? 10)
        var identity = try call.identity()
        if call.token != nil, identity.anonymous {
            // As chat.json: never another identity's memory for a login that ended.
            throw ServiceError(.notLoggedIn, "Your login is no longer valid (the token expired or was revoked), so your memory was not shown.")
        }
        var continuing: Identity?
        if identity.anonymous {
            identity = call.callers.identity(for: call.request)
            continuing = call.callers.offeredHost(for: call.request).map { Identity.anonymous($0) }
        }
        let all = call.memories.cognitions(for: identity, continuing: continuing)
        var start = 0
        if let date = call.nonEmpty("date") {
            guard let normalized = Self.queryDate(date) else {
                throw APIFailure(400, "The parameter 'date' must be a query_date as chat.json gives it, like 2026-11-29T21:41:05.318Z.")
            }
            // An exchange no longer remembered: from the newest, as on the reference.
            start = all.firstIndex { $0.queryDate == normalized } ?? 0
        }
        let page = all[start...].prefix(wanted)
        var out = "{\"cognitions\":[" + page.map(\.json).joined(separator: ",") + "]"
        out += ",\"cognitions_remaining\":" + String(all.count - start - page.count)
        out += ",\"session\":" + APICall.envelope(identity).serialized + "}"
        return .encoded(Array(out.utf8))
    }

    /// An ISO 8601 date in chat.json's `query_date` form, or nil.
    static func queryDate(_ text: String) -> String? {
        guard text.count <= 40 else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return Timestamps.iso(date, milliseconds: true) }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text).map { Timestamps.iso($0, milliseconds: true) }
    }
}
