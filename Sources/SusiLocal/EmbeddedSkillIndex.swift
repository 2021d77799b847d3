import Foundation
import SusiCore
import SusiEngine
import SusiStore

extension EmbeddedService {
    /// Replaces the indexed intents of each stored skill. Runs inside the caller's
    /// transaction, after the skills rows are written.
    /// `interruptible`: an import, which Ctrl-C may stop (see `stopWhenInterrupted`).
    ///
    /// Rows go in several to a statement (`intentRowsPerInsert`, `keyRowsPerInsert`):
    /// one statement per row was most of an import's SQLite time in `perf record`
    /// (each opens and closes its cursors, checks the foreign keys at its end and is
    /// bound and reset from Swift). The ids are the ones one insert per row gave:
    /// SQLite's next rowid is the largest plus one, so each skill's intents are
    /// numbered from the largest id left after its old ones are deleted.
    func indexIntents(of skills: [Skill], interruptible: Bool = false) throws {
        let records = StoredIntent.records(of: skills)
        var intentRows: [SQLBindable] = []
        var keyRows: [SQLBindable] = []
        var keyCount = 0
        func flushKeys(all: Bool) throws {
            while keyCount >= Self.keyRowsPerInsert || (all && keyCount > 0) {
                let count = Self.batchSize(keyCount, limit: Self.keyRowsPerInsert)
                try database.run(Self.insertSQL(keysCount: count), Array(keyRows[..<(count * 3)]))
                keyRows.removeFirst(count * 3)
                keyCount -= count
            }
        }
        for (skill, intents) in zip(skills, records) {
            if interruptible { try Self.stopWhenInterrupted() }
            guard let id = try database.scalar("SELECT id FROM skills WHERE path = ?", [skill.path])?.int else { continue }
            try database.run("DELETE FROM intents WHERE skill = ?", [id])
            var next = (try database.scalar("SELECT ifnull(max(id), 0) FROM intents")?.int).map(Int64.init) ?? 0
            var start = 0
            while start < intents.count {
                let batch = intents[start..<(start + Self.batchSize(intents.count - start, limit: Self.intentRowsPerInsert))]
                start += batch.count
                intentRows.removeAll(keepingCapacity: true)
                for record in batch {
                    next += 1
                    intentRows += [next, id, record.ordinal, record.line, record.variant, record.baseScore,
                                   record.keys.isCatchAll, record.block] as [SQLBindable]
                    for text in record.keys.literals {
                        keyRows += [text, 1, next] as [SQLBindable]
                        keyCount += 1
                    }
                    for word in record.keys.words {
                        keyRows += [word, 0, next] as [SQLBindable]
                        keyCount += 1
                    }
                }
                try database.run(Self.insertSQL(intentsCount: batch.count), intentRows)
                // A key's intent must be stored before the key (foreign key).
                try flushKeys(all: false)
            }
            try flushKeys(all: true)
        }
    }

    /// Rows per multi-row INSERT: 64 intents of 8 values, 256 keys of 3, well
    /// under SQLite's 32,766 parameters.
    static let intentRowsPerInsert = 64
    static let keyRowsPerInsert = 256

    /// How many of `left` rows the next INSERT takes: `limit` while there are
    /// that many, then the largest power of two, so a connection prepares (and
    /// caches) at most a few sizes, not one per remainder.
    static func batchSize(_ left: Int, limit: Int) -> Int {
        left >= limit ? limit : 1 << (Int.bitWidth - 1 - left.leadingZeroBitCount)
    }

    /// The INSERT of `count` intents (the prepared statement is cached by its text).
    static func insertSQL(intentsCount count: Int) -> String {
        "INSERT INTO intents (id, skill, ordinal, line, variant, base_score, catch_all, block) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?)", count: count).joined(separator: ", ")
    }

    /// The INSERT of `count` keys; a key an intent has twice is stored once.
    static func insertSQL(keysCount count: Int) -> String {
        "INSERT OR IGNORE INTO intent_keys (key, literal, intent) VALUES "
            + Array(repeating: "(?, ?, ?)", count: count).joined(separator: ", ")
    }

    /// A mind over the index for `language` (and English, as the catalogue answers).
    func indexedMind(language: String) -> (Mind, SkillIndexSource) {
        let source = SkillIndexSource(database: database, language: language, cache: restoredIntents)
        return (Mind(source: source, language: language), source)
    }

    /// Which intent (skill path and line) would answer `query` in a fresh conversation:
    /// for tests and debugging of the index.
    public func explain(_ query: String, language: String = "en") throws -> (skill: String, line: Int)? {
        let (mind, source) = indexedMind(language: language)
        let found = mind.explain(query, options: AskOptions(now: now()))
        if let error = source.failure { throw Self.serviceError(error) }
        return found
    }
}

/// Looks up a query's candidate intents in the database and rebuilds just those.
/// Used by one chat call on the thread that made it, never shared, hence unchecked.
final class SkillIndexSource: IntentSource, @unchecked Sendable {
    let database: Database
    let language: String
    /// The first database error; `candidates` cannot throw, so the caller checks this.
    private(set) var failure: StoreError?

    let cache: RestoredIntentCache

    init(database: Database, language: String, cache: RestoredIntentCache) {
        self.database = database
        self.language = language
        self.cache = cache
    }

    func candidates(text: String, words: Set<String>) -> [Intent] {
        Array(orderedCandidates(text: text, words: words))
    }

    /// The rows are read and ranked at once (the query's SQL, cheap); a block
    /// is rebuilt (parsed, its patterns compiled) only when the mind reaches
    /// it. A one-shot chat with the corpus imported has some 30 unindexed
    /// intents among any query's candidates and used to build them all
    /// before trying the first.
    func orderedCandidates(text: String, words: Set<String>) -> IntentStream {
        struct Row {
            var path: String, language: String, ordinal: Int, line: Int, variant: Int, score: Int64, block: String
            /// Priority first, then bundled before imported (see `SkillPriority`).
            var tier: Int
        }
        var rows: [Row] = []
        do {
            let json = ConversationStorage.jsonArray(words)
            let statement = try database.prepare("""
            SELECT s.path, s.language, i.ordinal, i.line, i.variant, i.base_score, i.block, s.priority, s.bundled
            FROM intents i JOIN skills s ON s.id = i.skill
            WHERE s.language IN (?, 'en') AND i.id IN (
                SELECT intent FROM intent_keys WHERE key = ? AND literal = 1
                UNION SELECT intent FROM intent_keys WHERE key IN (SELECT value FROM json_each(?)) AND literal = 0
                UNION SELECT id FROM intents WHERE catch_all = 1)
            """)
            try statement.bind([language, text, json])
            while try statement.step() {
                let path = statement.value(at: 0).string ?? ""
                let skillLanguage = statement.value(at: 1).string ?? ""
                let base = Int64(statement.value(at: 5).int ?? 0)
                rows.append(Row(path: path, language: skillLanguage, ordinal: statement.value(at: 2).int ?? 0,
                                line: statement.value(at: 3).int ?? 0, variant: statement.value(at: 4).int ?? 0,
                                score: StoredIntent.rankScore(baseScore: base, language: skillLanguage, userLanguage: language),
                                block: statement.value(at: 6).string ?? "",
                                tier: (statement.value(at: 7).int ?? 1) * 2 + (statement.value(at: 8).int ?? 0)))
            }
        } catch {
            if failure == nil { failure = error }
            return IntentStream([])
        }
        // The reference server's ranking decides within one tier: a user's high-priority
        // import, then the bundled skills, then normal imports, then low ones.
        rows.sort {
            $0.tier != $1.tier ? $0.tier > $1.tier
                : StoredIntent.precedes(($0.score, $0.path, $0.ordinal), ($1.score, $1.path, $1.ordinal))
        }
        // The variants of one `?` block share their block: rebuild it once,
        // and keep it for the next query (a server answers the same few often).
        let cache = self.cache
        var position = 0
        return IntentStream {
            while position < rows.count {
                let row = rows[position]
                position += 1
                let intents = cache.intents(path: row.path, language: row.language, block: row.block)
                guard row.variant < intents.count else { continue }
                var intent = intents[row.variant]
                intent.origin = row.tier % 2 == 1 ? "bundled"
                    : "imported, \((SkillPriority(level: row.tier / 2) ?? .normal).rawValue) priority"
                return intent
            }
            return nil
        }
    }
}

/// Intents rebuilt from their stored blocks, keyed by the block's text (with
/// its skill and language), so a changed block can never be served stale.
/// Bounded: emptied when full. One per EmbeddedService, used by one thread.
final class RestoredIntentCache: @unchecked Sendable {
    /// The three parts as they are: no joined copy of the block per lookup.
    private struct Key: Hashable {
        var path: String
        var language: String
        var block: String
    }

    private var entries: [Key: [Intent]] = [:]
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// How many blocks are rebuilt and kept.
    var count: Int { entries.count }

    func intents(path: String, language: String, block: String) -> [Intent] {
        let key = Key(path: path, language: language, block: block)
        if let found = entries[key] { return found }
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        let built = StoredIntent.restoreBlock(block, skillPath: path, language: language)
        entries[key] = built
        return built
    }
}
