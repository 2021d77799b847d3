import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi remind cancel ID|LABEL`.
enum CancelReminder {
    static let which = ArgumentKey.required("reminder", "The reminder's ID (from 'susi remind list') or its whole text.")

    static var command: Command {
        Command(
            name: "cancel",
            abstract: "Cancel a pending reminder, timer or alarm by its ID or its text.",
            discussion: "A text must match one pending reminder's whole text (case aside); when several match, none is cancelled and their IDs are listed.",
            arguments: [which.spec],
            run: { invocation, context in
                let store = try context.reminderStore()
                let owner = try ReminderFiring.owner(context)
                let reminder = try find(invocation.values[which], store: store, owner: owner)
                guard let gone = try store.cancel(id: reminder.id, owner: owner) else {
                    throw CommandError(.noInput, "Reminder #\(reminder.id) is no longer pending.")
                }
                context.stdout.line("Cancelled \(gone.kind.rawValue) #\(gone.id): \(UntrustedText.line(gone.text))")
            })
    }

    /// The one pending reminder an ID ("3", "#3") or a whole text names.
    static func find(_ text: String, store: ReminderStore, owner: ReminderOwner) throws -> Reminder {
        let pending = try store.pending(owner: owner).reminders
        let word = text.trimmingCharacters(in: .whitespaces)
        let digits = word.hasPrefix("#") ? String(word.dropFirst()) : word
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let id = Int64(digits), let found = pending.first(where: { $0.id == id }) else {
                throw CommandError(.noInput, "No pending reminder has ID \(UntrustedText.line(digits)).",
                                   hint: "'susi remind list' shows them.")
            }
            return found
        }
        let matches = pending.filter { $0.text.caseInsensitiveCompare(word) == .orderedSame }
        switch matches.count {
        case 1: return matches[0]
        case 0:
            throw CommandError(.noInput, "No pending reminder is called '\(UntrustedText.line(word))'.", hint: "'susi remind list' shows them.")
        default:
            throw CommandError(.usage, "\(matches.count) pending reminders are called '\(UntrustedText.line(word))' "
                + "(IDs \(matches.map { String($0.id) }.joined(separator: ", "))); nothing was cancelled.",
                hint: "Cancel one by its ID.")
        }
    }
}
