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

    public static let limit = 5

    public init(answered: Candidate?, lost: [Candidate], rule: String) {
        self.answered = answered
        self.lost = lost
        self.rule = rule
    }
}
