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
        var frequency: [String: Int] = [:]
        for intent in intents {
            for u in intent.utterances {
                if case .regex(let r) = u { for w in Set(r.literals.wholeWords) { frequency[w, default: 0] += 1 } }
            }
        }
        for (id, intent) in intents.enumerated() {
            let id = Int32(id)
            var alwaysTested = false
            for u in intent.utterances {
                switch u {
                case .literal(let text):
                    literal[text, default: []].append(id)
                case .regex(let r):
                    let best = r.literals.wholeWords.min { a, b in
                        let fa = frequency[a] ?? 0, fb = frequency[b] ?? 0
                        return fa != fb ? fa < fb : a.count > b.count
                    }
                    if let best { words[best, default: []].append(id) } else { alwaysTested = true }
                case .invalid:
                    break
                }
            }
            if alwaysTested { always.append(id) }
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
