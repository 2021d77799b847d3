/// Why a reply is what it is (`susi chat --explain`): the intent that answered
/// and the candidates that lost, best first. Filled only when asked for; in
/// JSON under the reply's `explain` key.
public struct AnswerExplanation: Sendable, Equatable, Codable {
    public struct Candidate: Sendable, Equatable, Codable {
        /// The skill file, as a `models/...` path.
        public var skill: String
        public var line: Int
        /// The pattern alternative that matched the query.
        public var pattern: String
        /// The reference server's static rank score (higher is tried first).
        public var score: Int64
        /// Where the skill comes from and its priority ("bundled", "imported, high priority");
        /// nil when all skills were loaded alike (`chat --skill`).
        public var origin: String?
        /// "answered", or why it did not: its condition does not hold, its answer
        /// renders empty, a placeholder or console could not be filled, outranked.
        public var outcome: String
        /// Its place in the order the candidates were tried, from 1 (issue 38:
        /// the text shows this instead of the raw score, which --json keeps).
        public var rank: Int?

        public init(skill: String, line: Int, pattern: String, score: Int64, origin: String?, outcome: String) {
            self.skill = skill
            self.line = line
            self.pattern = pattern
            self.score = score
            self.origin = origin
            self.outcome = outcome
        }
    }

    /// The intent that answered; nil when the fallback (or a console failure note) did.
    public var answered: Candidate?
    /// Matching intents that did not answer, in the order they were ranked (at most `limit`).
    public var lost: [Candidate]
    /// How candidates are ordered, in one sentence.
    public var rule: String
    /// Which stage found the answer (issue 31): "patterns" (the query as typed),
    /// "normalised" (contractions, filler, numbers and plurals rewritten) or "fuzzy"
    /// (content words scored when no pattern matched); nil when nothing answered.
    public var stage: String?
    /// The rewritten query the "normalised" or "fuzzy" stage matched.
    public var normalisedQuery: String?
    /// The query's words the fuzzy stage lined up with the pattern.
    public var matchedWords: [String]?
    /// The fuzzy stage's score, 0 to 1 (the threshold is `fuzzyThreshold`).
    public var fuzzyScore: Double?
    public var fuzzyThreshold: Double?

    public static let limit = 5
    /// How many distinct intents matched, the answer included.
    public var candidates: Int?

    /// The candidates in the order they were tried (an intent may be tried at
    /// more than one stage), made into the explanation: each intent once, at
    /// its first try, ranked from 1; the one that answered never among the
    /// losers, at most `limit` of which are kept.
    public static func ranking(_ tried: [Candidate], rule: String) -> AnswerExplanation {
        let winner = tried.first { $0.outcome == "answered" }
        var seen = Set<String>()
        var distinct: [Candidate] = []
        for candidate in tried {
            let key = "\(candidate.line):\(candidate.skill)"
            if let winner, candidate.skill == winner.skill, candidate.line == winner.line, candidate.outcome != "answered" {
                // The answer tried (and failing) at an earlier stage: ranked where it was first tried.
                if !seen.contains(key) { seen.insert(key); distinct.append(winner) }
                continue
            }
            guard seen.insert(key).inserted else { continue }
            distinct.append(candidate)
        }
        for index in distinct.indices { distinct[index].rank = index + 1 }
        var explanation = AnswerExplanation(
            answered: distinct.first { $0.outcome == "answered" },
            lost: Array(distinct.filter { $0.outcome != "answered" }.prefix(limit)), rule: rule)
        explanation.candidates = distinct.count
        return explanation
    }

    public init(answered: Candidate?, lost: [Candidate], rule: String) {
        self.answered = answered
        self.lost = lost
        self.rule = rule
    }

    /// The stage line `susi chat --explain` prints, nil when no stage answered.
    public var stageSummary: String? {
        guard let stage else { return nil }
        switch stage {
        case "normalised":
            return "Stage: normalised query '\(normalisedQuery ?? "")' matched a pattern (the query as typed matched none)."
        case "fuzzy":
            let words = (matchedWords ?? []).map { "'\($0)'" }.joined(separator: ", ")
            let score = fuzzyScore.map { String(Int(($0 * 100).rounded())) + "%" } ?? "?"
            let threshold = fuzzyThreshold.map { String(Int(($0 * 100).rounded())) + "%" } ?? "?"
            return "Stage: fuzzy (no pattern matched '\(normalisedQuery ?? "")'): words \(words), score \(score) (threshold \(threshold))."
        default:
            return "Stage: patterns (the query as typed matched)."
        }
    }
}
