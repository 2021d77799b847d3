/// One intent as a store keeps it, so that a query can find it (`keys`), order it
/// (`baseScore`, `skillPath`, `ordinal`) and rebuild it (`block`) without reading or
/// compiling the rest of the corpus. `StoredIntent.records(of:)` makes them;
/// an `IntentSource` hands the rebuilt candidates to `Mind(source:language:)`.
public struct StoredIntent: Sendable, Equatable {
    public var skillPath: String
    public var language: String
    /// The intent's position among its skill's intents: with the path, its declaration order.
    public var ordinal: Int
    public var line: Int
    /// Which intent of its block this is (each `?` line splits a block in two).
    public var variant: Int
    /// The source block, one `<line number> <text>` per line, as the reader left it.
    public var block: String
    /// The static rank score without its language part; see `rankScore(userLanguage:)`.
    public var baseScore: Int64
    public var keys: IntentIndexKeys

    public init(skillPath: String, language: String, ordinal: Int, line: Int, variant: Int, block: String,
                baseScore: Int64, keys: IntentIndexKeys) {
        self.skillPath = skillPath
        self.language = language
        self.ordinal = ordinal
        self.line = line
        self.variant = variant
        self.block = block
        self.baseScore = baseScore
        self.keys = keys
    }

    /// The records of every intent of `skills`, skill by skill. Index words are chosen
    /// by their frequency among these skills; any choice finds the same answers.
    public static func records(of skills: [Skill]) -> [[StoredIntent]] {
        let keys = MindIndex.keys(for: skills.flatMap(\.intents))
        var next = 0
        return skills.map { skill in
            skill.intents.enumerated().map { ordinal, intent in
                defer { next += 1 }
                return StoredIntent(skillPath: skill.path, language: intent.language, ordinal: ordinal,
                                    line: intent.line, variant: intent.variant, block: intent.block,
                                    baseScore: IntentScore.baseScore(intent), keys: keys[next])
            }
        }
    }

    /// The static rank score for a user of `userLanguage`: higher is tried first.
    public func rankScore(userLanguage: String) -> Int64 {
        StoredIntent.rankScore(baseScore: baseScore, language: language, userLanguage: userLanguage)
    }

    /// As `rankScore(userLanguage:)`, for a store that reads only these fields.
    public static func rankScore(baseScore: Int64, language: String, userLanguage: String) -> Int64 {
        IntentScore.score(base: baseScore, language: language, userLanguage: userLanguage)
    }

    /// The order a `Mind` over skills sorted by path tries intents in: higher score
    /// first, then the intent declared first (by skill path, then position in the skill).
    public static func precedes(_ a: (score: Int64, path: String, ordinal: Int),
                                _ b: (score: Int64, path: String, ordinal: Int)) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.path != b.path { return a.path < b.path }
        return a.ordinal < b.ordinal
    }

    /// Rebuilds the intent; nil when the block no longer yields it (a store written by
    /// a different reader).
    public func restore(options: SkillReadOptions = SkillReadOptions()) -> Intent? {
        let intents = StoredIntent.restoreBlock(block, skillPath: skillPath, language: language, options: options)
        return variant < intents.count ? intents[variant] : nil
    }

    /// Every intent of a stored block, in variant order.
    public static func restoreBlock(_ block: String, skillPath: String, language: String,
                                    options: SkillReadOptions = SkillReadOptions()) -> [Intent] {
        var lines: [SourceLine] = []
        // Split by scalars, not Characters: a line that starts with a combining mark forms one
        // Character with the space before it.
        for row in block.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let space = row.firstIndex(of: " "), let number = Int(String(row[..<space])) else { return [] }
            lines.append(SourceLine(number: number, text: String(row[row.index(after: space)...])))
        }
        guard lines.count > 1 else { return [] }
        var builder = IntentBuilder(path: skillPath, language: language, options: options)
        builder.build(lines)
        return builder.intents
    }

    /// Block lines hold no line breaks (the reader splits at them), so a newline separates them.
    static func serialize(_ block: [SourceLine]) -> String {
        block.map { "\($0.number) \($0.text)" }.joined(separator: "\n")
    }
}

/// Where a `Mind(source:language:)` gets its intents: a store that looks up only the
/// intents a query could match. Candidates must include every intent whose keys
/// admit the query, and come in rank order (`StoredIntent.precedes`); then the mind
/// answers exactly as a `Mind(skills:)` over the same skills in path order.
public protocol IntentSource: Sendable {
    /// `text` is the normalised query, `words` its space-separated tokens.
    func candidates(text: String, words: Set<String>) -> [Intent]
    /// The same candidates in the same order, each rebuilt only when the mind
    /// reaches it: a query answered by its first candidate builds no other.
    func orderedCandidates(text: String, words: Set<String>) -> IntentStream
    /// The intents the fuzzy stage (issue 31) scores when no pattern matched, in the
    /// order they are tried; none by default (the stage is then skipped).
    func fuzzyPool() -> [Intent]
}

extension IntentSource {
    public func fuzzyPool() -> [Intent] { [] }

    public func orderedCandidates(text: String, words: Set<String>) -> IntentStream {
        IntentStream(candidates(text: text, words: words))
    }
}

/// Intents produced one at a time, in order. A concrete type rather than
/// AnySequence of a lazy map: each generic instantiation is a run-time
/// conformance lookup, a scan of every conformance in the binary, which a
/// one-shot process pays in full.
public struct IntentStream: Sequence, IteratorProtocol {
    private let produce: () -> Intent?

    public init(_ produce: @escaping () -> Intent?) {
        self.produce = produce
    }

    public init(_ intents: [Intent]) {
        var position = 0
        self.produce = {
            guard position < intents.count else { return nil }
            defer { position += 1 }
            return intents[position]
        }
    }

    public mutating func next() -> Intent? { produce() }
}

/// An `IntentSource` over records held in memory: the reference for stores, and a test
/// that records alone answer as the skills do.
public struct StoredIntentSet: IntentSource {
    public let records: [StoredIntent]
    public let userLanguage: String

    public init(records: [StoredIntent], userLanguage: String) {
        self.records = records
        self.userLanguage = userLanguage
    }

    public func fuzzyPool() -> [Intent] {
        records.map { (record: $0, key: (score: $0.rankScore(userLanguage: userLanguage), path: $0.skillPath, ordinal: $0.ordinal)) }
            .sorted { StoredIntent.precedes($0.key, $1.key) }
            .compactMap { $0.record.restore() }
    }

    public func candidates(text: String, words: Set<String>) -> [Intent] {
        records.filter { $0.keys.admits(text: text, words: words) }
            .map { (record: $0, key: (score: $0.rankScore(userLanguage: userLanguage), path: $0.skillPath, ordinal: $0.ordinal)) }
            .sorted { StoredIntent.precedes($0.key, $1.key) }
            .compactMap { $0.record.restore() }
    }
}
