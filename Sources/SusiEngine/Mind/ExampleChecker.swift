/// Checks a skill's `!example:`/`!expect:` pairs against what the skill really answers,
/// for `susi skills test`. Random alternatives are all considered, so a verdict never
/// depends on luck.
public struct ExampleCheck: Sendable, Equatable {
    public enum Verdict: String, Sendable, Equatable {
        /// The expect is one of the possible answers, or matches one with `*`
        /// standing for any text (for answers that change, such as the time).
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
        /// The answer only says that a service could not tell (the weather service
        /// unreachable, or no place and no location setting): the example cannot be
        /// checked here and now, which is not the skill's fault.
        case unavailable

        public var passed: Bool { self == .exact || self == .noExpect || self == .unavailable }
    }

    public var example: SkillExample
    public var answers: [String]
    public var verdict: Verdict
}

extension Mind {
    /// Every example of `skill` asked of this mind (usually a mind of that skill alone).
    /// Examples are asked as typed and normalised, never fuzzily: an example a pattern
    /// does not answer is the author's mistake to see, not one for the fuzzy stage to hide.
    public func checkExamples(of skill: Skill, options: AskOptions = AskOptions()) -> [ExampleCheck] {
        var options = options
        options.fuzzy = false
        return skill.examples.map { example in
            guard explain(example.query, options: options) != nil else {
                return ExampleCheck(example: example, answers: [], verdict: example.expect == nil ? .noExpect : .noAnswer)
            }
            let answers = possibleAnswers(example.query, options: options)
            guard let expect = example.expect else { return ExampleCheck(example: example, answers: answers, verdict: .noExpect) }
            let verdict: ExampleCheck.Verdict
            if answers.contains(expect) || answers.contains(where: { Glob.matches(expect, $0) }) {
                verdict = .exact
            } else if !answers.isEmpty, answers.allSatisfy(WeatherConsole.cannotTell) {
                verdict = .unavailable
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

/// `*` matches any text (including none); everything else literally.
public enum Glob {
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        guard pattern.contains("*") else { return false }
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0
        var star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] != "*", p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
