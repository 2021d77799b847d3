import Foundation

/// The fuzzy second stage (issue 31), asked only when no pattern matched the query
/// (or only a catch-all): every pattern alternative and example of the intents, as
/// words compared by `FuzzyWords.canonical`, lined up with the query's words.
///
/// A pattern word that lines up with a query word counts its weight (rarer words
/// weigh more); a pattern word the query lacks, or a query word left over, counts
/// against it; a `*` takes one or more query words as its capture, and a `*` that
/// cannot take any rules the alternative out. The score is matched weight over
/// matched plus missing plus left-over weight; function words weigh nothing.
struct FuzzyIndex: Sendable {
    /// The score a match needs: calibrated with bench/understanding.sh so that none
    /// of its unrelated questions is grabbed (see docs/decisions/0310-understanding.md).
    static let threshold = 0.65
    /// Longer queries are not scored (a paragraph is not a command).
    static let maxQueryWords = 24

    enum Token: Sendable, Equatable {
        case word(String, content: Bool)
        case star
    }

    struct Alternative: Sendable {
        var intent: Int32
        var tokens: [Token]
        var written: String
    }

    struct Hit {
        var intent: Intent
        var score: Double
        var captures: [String]
        var matchedWords: [String]
        var pattern: String
    }

    let intents: [Intent]
    private let alternatives: [Alternative]
    private let byWord: [String: [Int32]]
    private let frequency: [String: Int]

    /// `intents` in the order they are tried (rank order); ties keep it.
    init(intents: [Intent]) {
        self.intents = intents
        var alternatives: [Alternative] = []
        var byWord: [String: [Int32]] = [:]
        var frequency: [String: Int] = [:]
        // Words repeat across tens of thousands of alternatives: each is made canonical once.
        var canonical: [Substring: Token] = [:]
        for (id, intent) in intents.enumerated() {
            var texts = intent.patterns + intent.expansionTexts
            if !texts.contains(where: { $0.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "_") } }) {
                texts += intent.exampleQueries
            }
            var words = Set<String>()
            for text in texts {
                guard let tokens = FuzzyIndex.tokens(ofPattern: text, canonical: &canonical) else { continue }
                let alt = Int32(alternatives.count)
                alternatives.append(Alternative(intent: Int32(id), tokens: tokens, written: text))
                for case .word(let w, true) in tokens {
                    words.insert(w)
                    if byWord[w]?.last != alt { byWord[w, default: []].append(alt) }
                }
            }
            for w in words { frequency[w, default: 0] += 1 }
        }
        self.alternatives = alternatives
        self.byWord = byWord
        self.frequency = frequency
    }

    /// A pattern alternative as words and stars; nil for raw regex or regex syntax.
    static func tokens(ofPattern written: String) -> [Token]? {
        var canonical: [Substring: Token] = [:]
        return tokens(ofPattern: written, canonical: &canonical)
    }

    /// `canonical` caches each written word's token (its canonical form and whether it
    /// is a content word): words repeat across thousands of alternatives.
    static func tokens(ofPattern written: String, canonical: inout [Substring: Token]) -> [Token]? {
        var normalized = Normalizer.normalize(written)
        if PatternCompiler.isRawRegex(Array(normalized.unicodeScalars)) { return nil }
        if normalized.utf8.contains(where: { $0 >= 0x80 }) { normalized = normalized.replacingOccurrences(of: "\u{2019}", with: "'") }
        var out: [Token] = []
        for raw in normalized.split(separator: " ") {
            // Contractions expanded word by word, as QueryRewriter.expandContractions does.
            let expanded = QueryRewriter.contractions[String(raw)]
            for w in expanded.map({ $0.split(separator: " ") }) ?? [raw] {
                if w == "*" || w == "_" || w == "+" {
                    if out.last != .star { out.append(.star) }
                    continue
                }
                if let known = canonical[w] {
                    out.append(known)
                    continue
                }
                if w.contains(where: { "*+_()[]{}\\|^$".contains($0) }) { return nil }
                let token = Token.word(FuzzyWords.canonical(String(w)), content: !FuzzyWords.isStopword(String(w)))
                canonical[w] = token
                out.append(token)
            }
        }
        return out.contains(where: { if case .word(_, true) = $0 { return true } else { return false } }) ? out : nil
    }

    private func weight(_ canonical: String) -> Double {
        log(1 + Double(intents.count) / Double((frequency[canonical] ?? 0) + 1))
    }

    /// A question word weighs a little, a quarter of a word no intent uses: "when was
    /// the eiffel tower built" is not "where is the eiffel tower". Other function words
    /// weigh nothing.
    private var questionWeight: Double { 0.25 * log(1 + Double(intents.count)) }

    private func weight(_ canonical: String, content: Bool) -> Double {
        if !content { return FuzzyWords.isQuestionWord(canonical) ? questionWeight : 0 }
        // A number is usually a capture's value, not the topic: it weighs as a question word.
        if canonical.allSatisfy(\.isNumber) { return questionWeight }
        return weight(canonical)
    }

    /// The intents whose best alternative scores at least the threshold, best first
    /// (equal scores in rank order), with the captures placed.
    func hits(for query: String) -> [Hit] {
        let surface = query.split(separator: " ").map(String.init)
        guard !surface.isEmpty, surface.count <= FuzzyIndex.maxQueryWords else { return [] }
        let words = surface.map { (canonical: FuzzyWords.canonical($0), content: !FuzzyWords.isStopword($0)) }
        var tried = Set<Int32>()
        var best: [Int32: Hit] = [:]
        for word in words where word.content {
            for alt in byWord[word.canonical] ?? [] where tried.insert(alt).inserted {
                let a = alternatives[Int(alt)]
                guard let (score, captures, matched) = align(a.tokens, surface, words), score >= FuzzyIndex.threshold else { continue }
                if let known = best[a.intent], known.score >= score { continue }
                best[a.intent] = Hit(intent: intents[Int(a.intent)], score: score, captures: captures,
                                     matchedWords: matched, pattern: a.written)
            }
        }
        return best.sorted { $0.value.score != $1.value.score ? $0.value.score > $1.value.score : $0.key < $1.key }
            .map(\.value)
    }

    private struct Cell {
        var value = -Double.infinity
        var matched = 0.0, missing = 0.0, extra = 0.0
        /// Words lined up, function words included: among equal scores, a star takes
        /// the fewest words ("weather in *" captures "paris", not "in paris").
        var aligned = 0
        var from = (0, 0)
        var star = false
        var lastMatched = false
        /// The step here skipped a preposition right after a lined-up word ("set timer
        /// twenty seconds" for "set timer for * seconds"): a star may start here if a
        /// number is its first word (decision 0460).
        var skippedPreposition = false
    }

    /// The best line-up of a pattern with the query: score, star captures, matched query words.
    func align(_ pattern: [Token], _ surface: [String], _ words: [(canonical: String, content: Bool)])
        -> (Double, [String], [String])? {
        let n = pattern.count, m = words.count
        var patternWords = Set<String>()
        for case .word(let w, let content) in pattern where content || FuzzyWords.isQuestionWord(w) { patternWords.insert(w) }
        var cells = [[Cell]](repeating: [Cell](repeating: Cell(), count: m + 1), count: n + 1)
        cells[0][0].value = 0
        func relax(_ i: Int, _ j: Int, _ c: Cell) {
            let v = c.matched - c.missing - c.extra
            var c = c
            c.value = v
            c.lastMatched = c.star || (c.from.0 == i - 1 && c.from.1 == j - 1)
            let old = cells[i][j]
            if v > old.value || (v == old.value && (c.matched, c.aligned) > (old.matched, old.aligned)) { cells[i][j] = c }
        }
        for i in 0...n {
            for j in 0...m {
                let here = cells[i][j]
                guard here.value > -Double.infinity else { continue }
                if j < m {
                    var next = here
                    // A word the pattern has (said twice, or a synonym of one) is not foreign.
                    next.extra += patternWords.contains(words[j].canonical) ? 0 : weight(words[j].canonical, content: words[j].content)
                    next.from = (i, j); next.star = false; next.skippedPreposition = false
                    relax(i, j + 1, next)
                }
                guard i < n else { continue }
                switch pattern[i] {
                case .word(let w, let content):
                    let cost = weight(w, content: content)
                    var skip = here
                    skip.missing += cost
                    skip.from = (i, j); skip.star = false
                    skip.skippedPreposition = (i == 0 || here.lastMatched) && FuzzyWords.prepositions.contains(w)
                    relax(i + 1, j, skip)
                    if j < m, words[j].canonical == w || (!content && j + 1 < m && words[j + 1].canonical.allSatisfy(\.isNumber)
                        && FuzzyWords.prepositions.contains(w) && FuzzyWords.prepositions.contains(words[j].canonical)) {
                        var take = here
                        take.matched += cost
                        take.aligned += 1
                        take.from = (i, j); take.star = false; take.skippedPreposition = false
                        relax(i + 1, j + 1, take)
                    }
                case .star:
                    // A star is anchored: the pattern word before it was just lined up
                    // (or it starts the pattern), and the word after it lines up right
                    // after the capture (or it ends the pattern and takes the rest), so
                    // "call me *" does not take "call my mother".
                    guard i == 0 || here.lastMatched
                        || (here.skippedPreposition && j < m && words[j].canonical.allSatisfy(\.isNumber)) else { continue }
                    if i + 1 == n {
                        if j < m {
                            var take = here
                            take.from = (i, j); take.star = true; take.skippedPreposition = false
                            relax(n, m, take)
                        }
                        continue
                    }
                    guard j < m, case .word(let after, let content) = pattern[i + 1] else { continue }
                    for k in (j + 1)..<m where words[k].canonical == after {
                        var take = here
                        take.from = (i, j); take.star = true; take.skippedPreposition = false
                        take.matched += weight(after, content: content)
                        take.aligned += 1
                        relax(i + 2, k + 1, take)
                    }
                }
            }
        }
        let end = cells[n][m]
        guard end.value > -Double.infinity, end.matched > 0 else { return nil }
        // Walk back for the captures and the matched words.
        var captures: [String] = []
        var matched: [String] = []
        var (i, j) = (n, m)
        while i > 0 || j > 0 {
            let c = cells[i][j]
            let (pi, pj) = c.from
            if c.star {
                let end = i == pi + 2 ? j - 1 : j
                if i == pi + 2, words[j - 1].content { matched.insert(surface[j - 1], at: 0) }
                captures.insert(surface[pj..<end].joined(separator: " "), at: 0)
            } else if pi == i - 1, pj == j - 1, words[pj].content {
                matched.insert(surface[pj], at: 0)
            }
            (i, j) = (pi, pj)
        }
        // Question words alone are no match: a content word must line up.
        if matched.isEmpty { return nil }
        let total = end.matched + end.missing + end.extra
        return (end.matched / total, captures, matched)
    }
}
