import Foundation
import SusiEngine
import SusiStore
import SusiPorts

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
        let source = SkillIndexSource(database: database, language: language, cache: restoredIntents,
                                      candidates: candidateLists)
        return (Mind(source: source, language: language, fuzzyCache: fuzzyCache(language: language)), source)
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
    /// The ranked candidates of queries already answered (nil: read each time).
    let lists: CandidateCache?

    init(database: Database, language: String, cache: RestoredIntentCache, candidates: CandidateCache? = nil) {
        self.database = database
        self.language = language
        self.cache = cache
        self.lists = candidates
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
        let list: CandidateList
        do {
            if let lists {
                // Read first: rows read after it are at least as new, so an entry is never older than its label.
                let generation = try lists.generation(database)
                if let found = lists.list(generation: generation, language: language, text: text, words: words) {
                    list = found
                } else {
                    list = CandidateList(words: words, rows: try rankedRows(text: text, words: words))
                    lists.keep(list, generation: generation, language: language, text: text)
                }
            } else {
                list = CandidateList(words: words, rows: try rankedRows(text: text, words: words))
            }
        } catch {
            if failure == nil { failure = error }
            return IntentStream([])
        }
        // The variants of one `?` block share their block: rebuild it once,
        // and keep it for the next query (a server answers the same few often).
        let cache = self.cache
        var position = 0
        return IntentStream {
            while position < list.rows.count {
                let found = list.intent(at: position, cache: cache)
                position += 1
                if let found { return found }
            }
            return nil
        }
    }

    /// The most words given to the candidate query one placeholder each;
    /// a longer query hands them over as one JSON array instead.
    static let wordPlaceholders = 64

    /// The candidate query for a text of `words` distinct words. Up to
    /// `wordPlaceholders`, each word is a parameter of its own, their count
    /// rounded up to a power of two (the last word repeated): the
    /// connection keeps one prepared statement per size, and SQLite need not
    /// set up `json_each` (a sixth of a one-shot chat's candidate query,
    /// prepared in every process).
    static func candidateQuery(words: Int) -> String {
        let keys: String
        if words <= wordPlaceholders {
            let slots = placeholderSlots(words)
            keys = slots == 0 ? "" : "?" + String(repeating: ", ?", count: slots - 1)
        } else {
            keys = "SELECT value FROM json_each(?)"
        }
        return """
        SELECT s.path, s.language, i.ordinal, i.line, i.variant, i.base_score, i.block, s.priority, s.bundled
        FROM intents i JOIN skills s ON s.id = i.skill
        WHERE s.language IN (?, 'en') AND i.id IN (
            SELECT intent FROM intent_keys WHERE key = ? AND literal = 1
            UNION SELECT intent FROM intent_keys WHERE key IN (\(keys)) AND literal = 0
            UNION SELECT id FROM intents WHERE catch_all = 1)
        """
    }

    /// The parameters of `candidateQuery(words: words.count)`.
    static func candidateParameters(language: String, text: String, words: Set<String>) -> [SQLBindable] {
        var parameters: [SQLBindable] = [language, text]
        guard words.count <= wordPlaceholders else {
            parameters.append(ConversationStorage.jsonArray(words))
            return parameters
        }
        let slots = placeholderSlots(words.count)
        parameters.reserveCapacity(2 + slots)
        var last = ""
        for word in words {
            parameters.append(word)
            last = word
        }
        for _ in words.count..<slots { parameters.append(last) }
        return parameters
    }

    /// `count` rounded up to a power of two (0 stays 0).
    static func placeholderSlots(_ count: Int) -> Int {
        var slots = count > 0 ? 1 : 0
        while slots < count { slots <<= 1 }
        return slots
    }

    /// The most intents the fuzzy stage scores with imported skills too; a larger
    /// store (the public corpus holds 58,000) gives it the bundled skills only.
    static let fuzzyPoolLimit = 2000

    /// The fuzzy stage's intents (issue 31), in the order they are tried: read only
    /// when a query matched no pattern.
    func fuzzyPool() -> [Intent] {
        do {
            let counted = try database.prepare("SELECT count(*) FROM intents i JOIN skills s ON s.id = i.skill WHERE s.language IN (?, 'en')")
            try counted.bind([language])
            let total = try counted.step() ? (counted.value(at: 0).int ?? 0) : 0
            // A statement left on its row keeps the connection's read
            // transaction (and its WAL snapshot) open: a write on this
            // connection then fails with "database is locked".
            counted.reset()
            let onlyBundled = total > Self.fuzzyPoolLimit ? " AND s.bundled = 1" : ""
            let rows = try rankedRows(sql: """
                SELECT s.path, s.language, i.ordinal, i.line, i.variant, i.base_score, i.block, s.priority, s.bundled
                FROM intents i JOIN skills s ON s.id = i.skill WHERE s.language IN (?, 'en')\(onlyBundled)
                """, parameters: [language])
            let list = CandidateList(words: [], rows: rows)
            return rows.indices.compactMap { list.intent(at: $0, cache: cache) }
        } catch {
            if failure == nil { failure = error }
            return []
        }
    }

    /// The candidate rows of `text`, in the order they are tried.
    private func rankedRows(text: String, words: Set<String>) throws(StoreError) -> [CandidateList.Row] {
        try rankedRows(sql: Self.candidateQuery(words: words.count),
                       parameters: Self.candidateParameters(language: language, text: text, words: words))
    }

    /// The rows `sql` selects (the candidate query's columns), in the order they are tried.
    private func rankedRows(sql: String, parameters: [SQLBindable]) throws(StoreError) -> [CandidateList.Row] {
        typealias Row = CandidateList.Row
        var rows: [Row] = []
        let statement = try database.prepare(sql)
        try statement.bind(parameters)
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
        // The reference server's ranking decides within one tier: a user's high-priority
        // import, then the bundled skills, then normal imports, then low ones.
        rows.sort {
            $0.tier != $1.tier ? $0.tier > $1.tier
                : StoredIntent.precedes(($0.score, $0.path, $0.ordinal), ($1.score, $1.path, $1.ordinal))
        }
        return rows
    }
}

/// One query's candidates in the order they are tried, each intent rebuilt
/// the first time the mind reaches it and kept with the list (the block's
/// text is dropped then).
final class CandidateList: @unchecked Sendable {
    struct Row {
        var path: String, language: String, ordinal: Int, line: Int, variant: Int, score: Int64, block: String
        /// Priority first, then bundled before imported (see `SkillPriority`).
        var tier: Int
    }

    private enum Slot {
        case pending
        case built(Intent?)
    }

    let words: Set<String>
    private(set) var rows: [Row]
    private var slots: [Slot]

    init(words: Set<String>, rows: [Row]) {
        self.words = words
        self.rows = rows
        slots = Array(repeating: .pending, count: rows.count)
    }

    /// The intent of row `position` (nil: its variant is not in the block).
    func intent(at position: Int, cache: RestoredIntentCache) -> Intent? {
        if case .built(let intent) = slots[position] { return intent }
        let row = rows[position]
        let intents = cache.intents(path: row.path, language: row.language, block: row.block)
        var found: Intent?
        if row.variant < intents.count {
            var intent = intents[row.variant]
            intent.origin = row.tier % 2 == 1 ? "bundled"
                : "imported, \((SkillPriority(level: row.tier / 2) ?? .normal).rawValue) priority"
            found = intent
        }
        slots[position] = .built(found)
        rows[position].block = ""
        return found
    }
}

/// The ranked candidates of recent queries, per language and normalised
/// text, valid for one generation of the skill index: the `index_generation`
/// row of `meta`, which the schema's triggers bump in every commit that
/// adds, removes or rewrites a skill (any process; see Schema, migration 6).
/// Each chat knows the generation (one primary-key lookup, skipped while the
/// WAL-index header says nothing was committed since) and a different one
/// empties the cache, so a skill imported, removed or re-ranked answers in
/// the very next chat. Bounded: emptied when full. One per
/// EmbeddedService, used by one thread at a time.
final class CandidateCache: @unchecked Sendable {
    /// Language, then normalised text. Keyed by String at each level, not by
    /// a struct of the two: the first insert into a dictionary keyed by a
    /// type of this module made Swift's runtime look up its Hashable
    /// conformance by scanning every conformance record in the binary
    /// (about 360,000 instructions, in every one-shot chat); String's is
    /// known already.
    private var entries: [String: [String: CandidateList]] = [:]
    private(set) var count = 0
    /// The generation of the entries (the last one read).
    private(set) var current: Int?
    private let limit: Int
    /// The generation last read, and the WAL-index header read just before it.
    private var known: (stamp: WALStamp, generation: Int)?
    /// Generations read from the database (the tests count them).
    private(set) var reads = 0

    init(limit: Int = 512) {
        self.limit = limit
    }

    /// The index's generation now; a database without one (nothing to key on) caches nothing.
    /// Read again only when something was committed since the last read: the
    /// WAL-index header (`Database.walStamp`, read before the row, so a commit
    /// between the two makes the next stamp differ) is the same while no
    /// connection of any process commits. Starting a read transaction was
    /// most of the generation's cost under `susi serve` (the group commit
    /// writes every few milliseconds, so a worker reads the row about once a
    /// commit instead of once a chat).
    func generation(_ database: Database) throws(StoreError) -> Int? {
        let stamp = database.walStamp()
        if let stamp, let known, known.stamp == stamp { return known.generation }
        reads += 1
        let generation = try database.scalar("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'index_generation'")?.int
        if let stamp, let generation { known = (stamp, generation) } else { known = nil }
        return generation
    }

    func list(generation: Int?, language: String, text: String, words: Set<String>) -> CandidateList? {
        guard let generation, generation == current else {
            entries.removeAll()
            count = 0
            current = generation
            return nil
        }
        guard let found = entries[language]?[text], found.words == words else { return nil }
        return found
    }

    func keep(_ list: CandidateList, generation: Int?, language: String, text: String) {
        guard let generation, generation == current else { return }
        if count >= limit {
            entries.removeAll(keepingCapacity: true)
            count = 0
        }
        if entries[language, default: [:]].updateValue(list, forKey: text) == nil { count += 1 }
    }
}

/// Intents rebuilt from their stored blocks, keyed by the block's text (with
/// its skill and language), so a changed block can never be served stale.
/// Bounded: emptied when full. One per EmbeddedService, used by one thread.
final class RestoredIntentCache: @unchecked Sendable {
    /// Path, then language, then the block's text: the three parts as they
    /// are (no joined copy of the block per lookup), each level keyed by
    /// String (see `CandidateCache.entries`: a struct key cost a scan of the
    /// binary's conformance records on the first insert).
    private var entries: [String: [String: [String: [Intent]]]] = [:]
    /// How many blocks are rebuilt and kept.
    private(set) var count = 0
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    func intents(path: String, language: String, block: String) -> [Intent] {
        if let found = entries[path]?[language]?[block] { return found }
        if count >= limit {
            entries.removeAll(keepingCapacity: true)
            count = 0
        }
        let built = StoredIntent.restoreBlock(block, skillPath: path, language: language)
        entries[path, default: [:]][language, default: [:]][block] = built
        count += 1
        return built
    }
}
