import Foundation
import SusiReply

/// A set of loaded skills, ranked and indexed once, answering queries. Immutable and
/// thread-safe: per-conversation state lives in the caller's `ConversationMemory`.
public final class Mind: Sendable {
    public let skills: [Skill]
    /// The user language intents are ranked for.
    public let language: String
    let intents: [Intent]
    /// intents[i] is tried before intents[j] when rank[i] < rank[j].
    let rank: [Int32]
    let index: MindIndex
    let fallbackAnswers: [String]
    /// Set for a mind over a store: candidates come from it instead of `index`.
    let source: (any IntentSource)?
    /// The fuzzy stage's index, built the first time a query needs it.
    private let fuzzyCache: FuzzyCache

    public init(skills: [Skill], language: String = "en", fallbackAnswers: [String] = FallbackAnswers.english) {
        self.skills = skills
        self.language = language
        self.fallbackAnswers = fallbackAnswers
        let intents = skills.flatMap(\.intents)
        self.intents = intents
        let scores = intents.map { IntentScore.score($0, userLanguage: language) }
        // Higher score first; equal scores keep declaration order (the reference leaves it to hash order).
        let order = intents.indices.sorted { a, b in scores[a] != scores[b] ? scores[a] > scores[b] : a < b }
        var rank = [Int32](repeating: 0, count: intents.count)
        for (position, id) in order.enumerated() { rank[id] = Int32(position) }
        self.rank = rank
        index = MindIndex(intents: intents)
        source = nil
        fuzzyCache = FuzzyCache()
    }

    /// A mind that asks `source` for each query's candidates (outer queries and
    /// backtick reflections alike) instead of holding every intent: a one-shot chat over
    /// a large stored corpus then rebuilds only a few intents. `skills` is empty, and
    /// `explain(..., exhaustive: true)` tries the source's candidates too.
    /// `fuzzyCache`, when given, keeps the fuzzy stage's index for later minds
    /// over the same source (a store makes a mind per chat; issue 37).
    public init(source: any IntentSource, language: String = "en", fallbackAnswers: [String] = FallbackAnswers.english,
                fuzzyCache: FuzzyCache? = nil) {
        self.skills = []
        self.language = language
        self.fallbackAnswers = fallbackAnswers
        self.intents = []
        self.rank = []
        self.index = MindIndex(intents: [])
        self.source = source
        self.fuzzyCache = fuzzyCache ?? FuzzyCache()
    }

    public var diagnostics: [Diagnostic] { skills.flatMap(\.diagnostics) }

    /// Every intent in the order they are tried, as the fuzzy stage scores them;
    /// built once, only when a query matched no pattern.
    var fuzzyIndex: FuzzyIndex {
        fuzzyCache.get {
            if let source { return FuzzyIndex(intents: source.fuzzyPool()) }
            let order = intents.indices.sorted { rank[$0] < rank[$1] }
            return FuzzyIndex(intents: order.map { intents[$0] })
        }
    }
    public var intentCount: Int { intents.count }

    /// Answers `query`, reading and updating `memory`.
    public func ask(_ query: String, memory: inout ConversationMemory, options: AskOptions = AskOptions()) -> Reply {
        var random = SystemRandomNumberGenerator()
        return ask(query, memory: &memory, options: options, random: &random)
    }

    /// As `ask`, with the generator that picks among `|` alternatives and local random consoles.
    public func ask<R: RandomNumberGenerator>(_ query: String, memory: inout ConversationMemory,
                                              options: AskOptions = AskOptions(), random: inout R) -> Reply {
        let started = Date()
        let queryDate = options.now ?? started
        var session = AskSession(mind: self, options: options, memory: memory, random: AnyRandom(base: random))
        let trimmed = Normalizer.javaTrim(query)
        var answers: [Reply.Answer]
        if let found = session.answer(trimmed, depth: 0) {
            answers = [found.answer]
            session.memory.record(query: trimmed, answer: found.answer.text, skill: found.answer.skills.first)
        } else if let failure = session.consoleFailures.first {
            // A skill would have answered with what it fetched: say which and from where.
            answers = [Reply.Answer(data: [JSONObject([("0", .string(Normalizer.normalize(trimmed)))])],
                                    actions: [.answer(failure.note)], skills: [])]
            session.memory.record(query: trimmed, answer: failure.note, skill: nil)
        } else {
            let phrase = fallbackAnswers.isEmpty ? "" : fallbackAnswers[Int.random(in: 0..<fallbackAnswers.count, using: &session.random)]
            answers = [Reply.Answer(data: [JSONObject([("0", .string(Normalizer.normalize(trimmed)))])],
                                    actions: [.answer(phrase, mood: "sabta")], skills: [])]
            session.memory.record(query: trimmed, answer: phrase, skill: nil)
        }
        memory = session.memory
        if let r = session.random.base as? R { random = r }
        let elapsed = Date().timeIntervalSince(started)
        var reply = Reply(query: trimmed, answers: answers, queryDate: queryDate, queryLanguage: language,
                          answerDate: queryDate.addingTimeInterval(elapsed))
        if options.explain {
            reply.explanation = session.stage.explained(AnswerExplanation.ranking(
                session.explained,
                rule: source == nil
                    ? "Matching intents are tried by the SUSI server's rank score (higher first), then file order; the first that renders a non-empty answer wins."
                    : "Matching intents are tried by priority (high imports, then bundled skills, then normal and low imports), then the SUSI server's rank score (higher first), then file order; the first that renders a non-empty answer wins."))
        }
        return reply
    }

    /// Which intent (skill path and line) would answer, without rendering side effects on
    /// the caller's memory: for `skills test` and debugging.
    public func explain(_ query: String, memory: ConversationMemory = ConversationMemory(),
                        options: AskOptions = AskOptions()) -> (skill: String, line: Int)? {
        explain(query, memory: memory, options: options, exhaustive: false)
    }

    /// With `exhaustive`, every intent is tried in rank order instead of the
    /// index's candidates: the benchmark's baseline and the index's proof.
    public func explain(_ query: String, memory: ConversationMemory = ConversationMemory(),
                        options: AskOptions = AskOptions(), exhaustive: Bool) -> (skill: String, line: Int)? {
        var session = AskSession(mind: self, options: options, memory: memory, random: AnyRandom(base: SeededRandom(seed: 0)))
        session.exhaustive = exhaustive
        guard let found = session.answer(Normalizer.javaTrim(query), depth: 0) else { return nil }
        return (found.intent.skillPath, found.intent.line)
    }

    /// The distinct replies seen over `tries` seeded runs: lets tests check a random
    /// answer against every alternative without depending on the generator's sequence.
    public func possibleAnswers(_ query: String, memory: ConversationMemory = ConversationMemory(),
                                options: AskOptions = AskOptions(), tries: Int = 200) -> [String] {
        var results: [String] = []
        for seed in 0..<tries {
            var rng = SeededRandom(seed: UInt64(seed))
            var m = memory
            let text = ask(query, memory: &m, options: options, random: &rng).text
            if !results.contains(text) { results.append(text) }
        }
        return results
    }
}

/// A value computed once on first use, shared by the threads that ask one mind,
/// or by the minds a store makes one per chat: then `version` says which
/// state of the store it was built for (nil: unknown, never kept), and a
/// different version builds it again.
public final class FuzzyCache: @unchecked Sendable {
    private let lock = NSLock()
    private var index: FuzzyIndex?
    private var builtFor: Int?
    private let version: @Sendable () -> Int?
    /// How many times the index was built (the tests count them).
    public private(set) var builds = 0

    public init(version: @escaping @Sendable () -> Int? = { 0 }) {
        self.version = version
    }

    func get(_ make: () -> FuzzyIndex) -> FuzzyIndex {
        lock.lock()
        defer { lock.unlock() }
        let now = version()
        if let index, let now, now == builtFor { return index }
        let made = make()
        builds += 1
        index = made
        builtFor = now
        return made
    }
}
