import SusiBasics
import SusiCLI
import SusiCore
import SusiReply

/// `susi chat --explain` (and `-v`): which skill file and line answered and
/// why, and which candidates lost, as a block on stderr, apart from the answer.
enum ChatExplain {
    static let option = OptionKey.flag(
        "explain", "Also print which skill file and line answered and why (pattern, score, priority), and which candidates lost, on stderr; with --json under the reply's explain key.")

    /// The block for `explanation`, every skill-supplied text escaped.
    static func render(_ explanation: AnswerExplanation, style: Style) -> String {
        var lines: [String] = []
        func describe(_ c: AnswerExplanation.Candidate) -> String {
            let origin = c.origin.map { ", \(UntrustedText.line($0))" } ?? ""
            return "\(UntrustedText.line(c.skill)):\(c.line) (pattern '\(UntrustedText.line(c.pattern))', score \(c.score)\(origin))"
        }
        if let answered = explanation.answered {
            lines.append(style.bold("Answered by") + " " + describe(answered))
        } else {
            lines.append(style.bold("No intent answered") + "; the fallback did.")
        }
        if let stage = explanation.stageSummary { lines.append(UntrustedText.line(stage)) }
        if explanation.lost.isEmpty {
            lines.append("No other intent matched.")
        } else {
            lines.append(style.bold("Candidates that lost") + ", in rank order:")
            for c in explanation.lost {
                lines.append("  " + describe(c) + ": " + UntrustedText.line(c.outcome))
            }
        }
        lines.append(style.dim(explanation.rule))
        return lines.map { "explain: " + $0 }.joined(separator: "\n") + "\n"
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
