import SusiCLI
import SusiCore

/// The one confirmation rule of every destructive command (decision 0441):
/// `--yes` goes ahead; on a terminal the user is asked, with "no" as the
/// default; without a terminal (or with --no-input, or TERM=dumb) and
/// without `--yes` the command refuses with a usage error (64) saying why,
/// and nothing is changed.
public enum Confirmation {
    /// True to go ahead; false when the user declined, after `declined`
    /// ("Nothing was removed.") was said. `action` names what would be
    /// done, as the refusal's subject: "Removing every imported skill".
    public static func destructive(_ question: String, action: String, yes: Bool, declined: String,
                                   context: Context) throws -> Bool {
        if yes { return true }
        guard context.canPrompt else {
            throw UsageError("\(action) needs a confirmation, and \(context.noPromptReason).",
                             hint: "Pass --yes to confirm it in advance; nothing was changed.")
        }
        let prompter = try context.prompter(orPass: "--yes", for: action)
        if try prompter.confirm(question, default: false) { return true }
        context.note(declined)
        return false
    }
}
