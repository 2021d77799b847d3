/// Checks a skill's `!example:`/`!expect:` pairs against what the skill really answers,
/// for `susi skills test`. Random alternatives are all considered, so a verdict never
/// depends on luck.
public struct ExampleCheck: Sendable, Equatable {
    public enum Verdict: String, Sendable, Equatable {
        /// The expect is one of the possible answers.
        case exact
        /// Equal up to case, spaces or final punctuation.
        case loose
        /// The expect is part of a possible answer.
        case substring
        /// The skill answers something else.
        case different
        /// The skill does not answer the example at all.
        case noAnswer = "no_answer"
        /// The example has no `!expect:` to compare with.
        case noExpect = "no_expect"

        public var passed: Bool { self == .exact || self == .noExpect }
    }

    public var example: SkillExample
    public var answers: [String]
    public var verdict: Verdict
}

extension Mind {
    /// Every example of `skill` asked of this mind (usually a mind of that skill alone).
    public func checkExamples(of skill: Skill, options: AskOptions = AskOptions()) -> [ExampleCheck] {
        skill.examples.map { example in
            guard explain(example.query, options: options) != nil else {
                return ExampleCheck(example: example, answers: [], verdict: example.expect == nil ? .noExpect : .noAnswer)
            }
            let answers = possibleAnswers(example.query, options: options)
            guard let expect = example.expect else { return ExampleCheck(example: example, answers: answers, verdict: .noExpect) }
            let verdict: ExampleCheck.Verdict
            if answers.contains(expect) {
                verdict = .exact
            } else if answers.contains(where: { Mind.loosely($0) == Mind.loosely(expect) }) {
                verdict = .loose
            } else if !expect.isEmpty, answers.contains(where: { $0.contains(expect) }) {
                verdict = .substring
            } else {
                verdict = .different
            }
            return ExampleCheck(example: example, answers: answers, verdict: verdict)
        }
    }

    private static func loosely(_ s: String) -> String {
        let words = s.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return Normalizer.stripTrailingPunctuation(words)
    }
}
