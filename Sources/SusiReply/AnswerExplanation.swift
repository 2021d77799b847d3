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
