import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi remind watch`: sleeps until the next due time or a change to the
/// reminders (inotify, docs/decisions/0410-remind-watch-wakes-on-inotify.md),
/// never on a fixed period, and fires what is due: a desktop notification,
/// a line and a bell here, speech when answers are spoken.
enum WatchReminders {
    static let once = OptionKey.flag("once", "Fire what is due now (missed ones included) and exit, without waiting.")
    static let installService = OptionKey.flag("install-service", "Install and start the systemd user service that runs 'susi remind watch' at login.")

    static var command: Command {
        Command(
            name: "watch",
            abstract: "Fire reminders at their due second until stopped (Ctrl-C).",
            discussion: """
            Sleeps until the next reminder is due or the reminders change, so it costs nothing while \
            idle. Each reminder is fired once, even with several watchers, shells and chats running: \
            a desktop notification through notify-send (where a session bus has a notification \
            service), a line and a bell on this terminal, and speech when answers are spoken \
            (the speech.answers setting). Reminders that came due while nothing watched are fired \
            at once, marked missed. --install-service installs the systemd user unit \
            susi-remind-watch.service and starts it, where a user manager runs.
            """,
            options: [once.spec, installService.spec],
            run: { invocation, context in
                if invocation.values[installService] {
                    try ServiceInstall.install(context)
                } else {
                    try watch(context, once: invocation.values[once])
                }
            })
    }

    static func watch(_ context: Context, once: Bool) throws {
        let store = try context.reminderStore()
        let zone = ReminderFiring.zone(context.environment)
        var watcher = Watcher(context: context, store: store, zone: zone)
        if once {
            try ReminderFiring.followZone(store, owner: nil, now: context.now(), zone: zone)
            try watcher.fireDue()
            return
        }
        Interrupts.install()
        defer { Interrupts.uninstall() }
        // Watch for changes before the first read: a reminder stored between
        // the read and the watch would otherwise wait for the next change.
        _ = try store.waitForChange(until: .distantPast, interrupt: nil)
        try ReminderFiring.followZone(store, owner: nil, now: context.now(), zone: zone)
        let pending = try store.pending(owner: nil).reminders.count
        context.note(context.errorStyle.dim("Watching \(TextLayout.counted(pending, "pending reminder")). Ctrl-C stops."))
        while true {
            try watcher.fireDue()
            if Interrupts.take() { return }
            let next = try store.nextDue()
            // The store's clock may be the context's (tests); the wait is on the real one.
            let deadline = next.map { Date().addingTimeInterval($0.timeIntervalSince(context.now())) }
            _ = try store.waitForChange(until: deadline, interrupt: Interrupts.descriptor)
            if Interrupts.take() { return }
        }
    }
}

/// One watcher's firing: claims what is due and fires each through every
/// way it has, saying a failure of one way once.
struct Watcher {
    let context: Context
    let store: ReminderStore
    let zone: TimeZone
    var notifier: ReminderNotifier?
    var notifierFailed = false
    var speech: SpeechOutput?
    var speechFailed = false

    init(context: Context, store: ReminderStore, zone: TimeZone) {
        self.context = context
        self.store = store
        self.zone = zone
        notifier = try? context.reminderNotifier()
        if (try? context.setting(.speaksAnswers)) == true { speech = try? context.speechOutput() }
    }

    /// Fires what is due by the context's clock; the reminders fired.
    @discardableResult
    mutating func fireDue() throws -> [ClaimedReminder] {
        let now = context.now()
        let (claimed, damaged) = try ReminderFiring.claim(store, now: now, zone: zone)
        for problem in damaged {
            context.warn("Reminder #\(problem.id) could not be read (\(problem.reason)); it was skipped.")
        }
        for reminder in claimed { fire(reminder, now: now) }
        return claimed
    }

    mutating func fire(_ claimed: ClaimedReminder, now: Date) {
        let text = ReminderFiring.text(claimed, now: now, zone: zone)
        if context.io.stdout.isTTY { context.stdout.write(bytes: [0x07]) }
        context.stdout.line(ReminderFiring.clock(now, now: now, zone: zone) + " ⏰ " + text)
        context.stdout.flush()
        if let notifier {
            let kind = claimed.reminder.kind.rawValue
            do {
                try notifier.notify(summary: "susi " + kind, body: text)
            } catch {
                if !notifierFailed { context.warn(ServiceError.plainReason(error)) }
                notifierFailed = true
            }
        }
        if let speech {
            do {
                try speech.speak(claimed.reminder.text, language: (try? context.userLanguage()) ?? "en")
            } catch {
                if !speechFailed { context.warn("The reminder could not be spoken: \(ServiceError.plainReason(error))") }
                speechFailed = true
            }
        }
    }
}
