/// Where the word index files one intent: what a store keeps to find the intent again
/// without loading every other one (see `StoredIntent`).
public struct IntentIndexKeys: Sendable, Equatable {
    /// Normalised query texts equal to one of its literal alternatives.
    public var literals: [String]
    /// One word per regex alternative that the alternative cannot match without.
    public var words: [String]
    /// A regex alternative has no such word, so every query must try this intent.
    public var isCatchAll: Bool

    public init(literals: [String] = [], words: [String] = [], isCatchAll: Bool = false) {
        self.literals = literals
        self.words = words
        self.isCatchAll = isCatchAll
    }

    /// Whether a query with this normalised text and these tokens may match the intent.
    public func admits(text: String, words tokens: Set<String>) -> Bool {
        isCatchAll || literals.contains(text) || words.contains { tokens.contains($0) }
    }
}

/// Finds the intents that could possibly match a query, so that only those are tested
/// while the answer stays exactly what testing every intent would give:
/// - literal patterns are looked up by their whole text;
/// - a regex pattern is filed under one word it cannot match without (a literal word
///   bounded by spaces or the ends of the input), the rarest such word;
/// - regex patterns without such a word are always tested.
struct MindIndex: Sendable {
    private var literal: [String: [Int32]] = [:]
    private var words: [String: [Int32]] = [:]
    private var always: [Int32] = []

    init(intents: [Intent]) {
        for (id, keys) in MindIndex.keys(for: intents).enumerated() {
            let id = Int32(id)
            for text in keys.literals { literal[text, default: []].append(id) }
            for word in keys.words { words[word, default: []].append(id) }
            if keys.isCatchAll { always.append(id) }
        }
    }

    /// The keys of each intent; which word a pattern is filed under depends on how often
    /// each word occurs among `intents` (any of its words would do; the rarest is cheapest).
    static func keys(for intents: [Intent]) -> [IntentIndexKeys] {
        var frequency: [String: Int] = [:]
        for intent in intents {
            for u in intent.utterances + intent.expansions {
                if case .regex(let r) = u { for w in Set(r.literals.wholeWords) { frequency[w, default: 0] += 1 } }
            }
        }
        return intents.map { intent in
            var keys = IntentIndexKeys(literals: [], words: [], isCatchAll: false)
            // Sets beside the arrays keep the first-seen order without a linear
            // search per alternative (200,000 alternatives were quadratic).
            var seenLiterals = Set<String>(), seenWords = Set<String>()
            // Expansions are keyed too: the normalised stage finds its candidates here.
            for u in intent.utterances + intent.expansions {
                switch u {
                case .literal(let text):
                    if seenLiterals.insert(text).inserted { keys.literals.append(text) }
                case .regex(let r):
                    let best = r.literals.wholeWords.min { a, b in
                        let fa = frequency[a] ?? 0, fb = frequency[b] ?? 0
                        return fa != fb ? fa < fb : a.count > b.count
                    }
                    if let best {
                        if seenWords.insert(best).inserted { keys.words.append(best) }
                    } else {
                        keys.isCatchAll = true
                    }
                case .invalid:
                    break
                }
            }
            return keys
        }
    }

    /// Candidate intent ids, unordered and without duplicates.
    func candidates(for query: PreparedQuery) -> [Int32] {
        var found = Set<Int32>(always)
        if let hits = literal[query.text] { found.formUnion(hits) }
        for token in query.tokens {
            if let hits = words[String(token)] { found.formUnion(hits) }
        }
        return Array(found)
    }
}
