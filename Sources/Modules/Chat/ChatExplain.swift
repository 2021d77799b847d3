import SusiBasics
import SusiCLI
import SusiCore
import SusiReply

/// `susi chat --explain` (and `-v`): which skill file and line answered and
/// why, and which candidates lost, as a block on stderr, apart from the answer.
enum ChatExplain {
    static let option = OptionKey.flag(
        "explain", "Also print which skill file and line answered and why (pattern, rank, priority), and which candidates lost and why, on stderr; with --json under the reply's explain key (with the raw rank scores).")

    /// The block for `explanation`, every skill-supplied text escaped. Each
    /// candidate shows its rank (the order it was tried) and, for a loser,
    /// why it lost in words; the raw rank score is only in --json.
    static func render(_ explanation: AnswerExplanation, style: Style) -> String {
        var lines: [String] = []
        let total = explanation.candidates ?? (explanation.lost.count + (explanation.answered == nil ? 0 : 1))
        func describe(_ c: AnswerExplanation.Candidate, rank: String?) -> String {
            let parts = ["pattern '\(UntrustedText.line(c.pattern))'"] + (rank.map { [$0] } ?? []) + (c.origin.map { [UntrustedText.line($0)] } ?? [])
            return "\(UntrustedText.line(c.skill)):\(c.line) (\(parts.joined(separator: ", ")))"
        }
        if let answered = explanation.answered {
            lines.append(style.bold("Answered by") + " " + describe(answered, rank: answered.rank.map { "rank \($0) of \(total)" }))
        } else {
            lines.append(style.bold("No intent answered") + "; the fallback did.")
        }
        if let stage = explanation.stageSummary { lines.append(UntrustedText.line(stage)) }
        if explanation.lost.isEmpty {
            lines.append("No other intent matched.")
        } else {
            lines.append(style.bold("Candidates that lost") + ", in rank order:")
            for c in explanation.lost {
                let number = c.rank.map { "\($0). " } ?? ""
                lines.append("  " + number + describe(c, rank: nil) + ": " + UntrustedText.line(reason(c, against: explanation.answered)))
            }
        }
        lines.append(style.dim(explanation.rule))
        return lines.map { "explain: " + $0 }.joined(separator: "\n") + "\n"
    }

    /// Why `loser` did not answer, in words: what failed, or what ranked the answer above it.
    static func reason(_ loser: AnswerExplanation.Candidate, against winner: AnswerExplanation.Candidate?) -> String {
        guard loser.outcome == "outranked" else {
            if let winner, let mine = loser.rank, let theirs = winner.rank, mine < theirs {
                return "tried first, but " + loser.outcome
            }
            return loser.outcome
        }
        guard let winner else { return "outranked" }
        if let mine = loser.origin, let theirs = winner.origin, mine != theirs {
            return "outranked: its priority (\(mine)) comes after the answer's (\(theirs))"
        }
        if loser.score < winner.score {
            return "outranked: a longer, more specific pattern in your language ranks first"
        }
        return "outranked: it comes later in the skill files"
    }

    /// Prints the explanation of `reply` on stderr, or says the backend gave none.
    static func report(_ reply: Reply, backendName: String, context: Context) {
        guard let explanation = reply.explanation else {
            context.stderr.line(context.errorStyle.dim("explain: \(UntrustedText.line(backendName)) does not say why it answered (only the embedded SUSI and --skill files do)."))
            return
        }
        context.stderr.write(render(explanation, style: context.errorStyle))
    }
}
