import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi remind snooze ID [DURATION]`.
enum SnoozeReminder {
    static let which = ArgumentKey.required("reminder", "The reminder's ID (from 'susi remind list') or its whole text.")
    static let duration = ArgumentKey.optional("duration", "How long from now (default 10 minutes): '5m', 'an hour'.")

    static var command: Command {
        Command(
            name: "snooze",
            abstract: "Move a pending reminder to later: DURATION from now (default 10 minutes).",
            arguments: [which.spec, duration.spec],
            run: { invocation, context in
                let parser = try Scheduling.parser(nil, context)
                let seconds = try parser.duration(invocation.values[duration] ?? "10m")
                let store = try context.reminderStore()
                let owner = try ReminderFiring.owner(context)
                let reminder = try CancelReminder.find(invocation.values[which], store: store, owner: owner)
                let due = parser.now.addingTimeInterval(seconds)
                guard let moved = try store.reschedule(id: reminder.id, owner: owner, due: due, zone: reminder.zone) else {
                    throw CommandError(.noInput, "Reminder #\(reminder.id) is no longer pending.")
                }
                context.stdout.line("Snoozed #\(moved.id) to \(ReminderFiring.clock(due, now: parser.now, zone: parser.zone)) "
                    + "(\(PlannedAnswers.wait(from: parser.now, to: due))): \(UntrustedText.line(moved.text))")
            })
    }
}
