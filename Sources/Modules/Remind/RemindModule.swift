import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi remind`: reminders that survive a restart and fire at the due
/// second, kept in the local database per server and account; `list`,
/// `cancel`, `snooze` and `watch` (the loop that fires them).
public enum RemindModule: CommandModule {
    static let text = ArgumentKey.optional("text", "What to be reminded of.")
    static let inOption = OptionKey.string("in", "duration", "When, from now: '1h', '5m', '90s', 'in five minutes', '1 hour 30 minutes'.")
    static let atOption = OptionKey.string("at", "time", "When: '18:30', '7 pm', 'tomorrow 9:00', 'tomorrow at noon', '2026-12-24T18:00'.")
    static let zoneOption = OptionKey.string("zone", "zone", "The time zone the time is in, such as Europe/Berlin (default: TZ, else this machine's).")

    public static var command: Command {
        Command(
            name: "remind",
            abstract: "Set, list and fire reminders, timers and alarms.",
            discussion: """
            Stores a reminder in the local database (per server and account), where it survives a \
            restart; 'susi remind watch' fires it at the due second: a desktop notification \
            (notify-send), a line and a bell on its terminal, and speech when answers are spoken. \
            'susi shell' and an interactive 'susi chat' fire them too while they run, and a \
            skill's planned answer (a timer, "remind me in an hour to call Ada") is stored the same way. \
            A reminder is fired once, however many of these run; one due while nothing watched is \
            fired late, marked missed. Times without am or pm are the 24-hour clock ("at 7" is 07:00); \
            a time of day that has passed today is refused, never moved to tomorrow.
            """,
            examples: [
                Example("susi remind \"call Ada\" --in 1h", "In an hour."),
                Example("susi remind \"call Ada\" --at 18:30", "Today at 18:30."),
                Example("susi remind \"pack\" --at \"tomorrow 9:00\"", "Tomorrow morning."),
                Example("susi remind list", "What is pending, soonest first."),
                Example("susi remind watch", "Fire them as they come due (Ctrl-C stops)."),
            ],
            arguments: [text.spec],
            options: [inOption.spec, atOption.spec, zoneOption.spec],
            subcommands: [ListReminders.command, CancelReminder.command, SnoozeReminder.command, WatchReminders.command],
            run: { invocation, context in try remind(invocation, context) })
    }

    public static func files(_ paths: Paths) -> [ReferenceEntry] {
        [ReferenceEntry((paths.databaseFile as NSString).deletingLastPathComponent + "/reminders.changed",
                        "Rewritten on every change to the reminders, so that 'susi remind watch' wakes up (inotify).")]
    }

    /// Says once, on a person's terminal, how many reminders came due while
    /// nothing watched (the host calls it for every command line). Cheap when
    /// no reminder was ever stored: no database is opened without the stamp.
    public static func offerMissedNotice(_ context: Context) {
        guard context.io.stderr.isTTY, !context.globals.json, !context.globals.quiet else { return }
        let path = context.invocation.path.dropFirst()
        guard let first = path.first, first != "remind", !first.hasPrefix("__") else { return }
        let stamp = (context.paths.databaseFile as NSString).deletingLastPathComponent + "/reminders.changed"
        guard FileManager.default.fileExists(atPath: stamp),
              let count = try? context.reminderStore().takeMissedNotice(before: context.now().addingTimeInterval(-ReminderFiring.missedAfter)),
              count > 0 else { return }
        context.stderr.line(context.errorStyle.dim("\(count == 1 ? "1 reminder was" : "\(count) reminders were") due while nothing was watching: susi remind list"))
    }

    static func remind(_ invocation: Invocation, _ context: Context) throws {
        let inText = invocation.values[inOption]
        let atText = invocation.values[atOption]
        guard let what = invocation.values[text] else {
            throw UsageError("Say what to be reminded of, as in: susi remind \"call Ada\" --in 1h.")
        }
        let parser = try Scheduling.parser(invocation.values[zoneOption], context)
        let due: Date
        switch (inText, atText) {
        case let (some?, nil): due = parser.now.addingTimeInterval(try parser.duration(some))
        case let (nil, some?): due = try parser.moment(some)
        case (nil, nil): throw UsageError("Say when: --in DURATION (such as 1h) or --at TIME (such as 18:30).")
        case (_?, _?): throw UsageError("Give --in or --at, not both.")
        }
        let label = try Scheduling.checkedText(what)
        try Scheduling.store(NewReminder(kind: .reminder, text: label, due: due, zone: parser.zone.identifier, origin: "command"),
                             parser: parser, context)
    }
}

/// `susi timer DURATION [LABEL]`.
public enum TimerModule: CommandModule {
    static let duration = ArgumentKey.required("duration", "How long: '5m', '90s', '1h30m', 'five minutes'.")
    static let label = ArgumentKey.optional("label", "What the timer is for (shown when it rings).")

    public static var command: Command {
        Command(
            name: "timer",
            abstract: "Set a timer that rings when the time is up.",
            discussion: "A reminder of kind timer: see 'susi remind' for how it is kept and fired, 'susi remind list' and 'susi remind cancel'.",
            examples: [
                Example("susi timer 5m", "Five minutes."),
                Example("susi timer 20m tea", "Twenty minutes, labelled tea."),
            ],
            arguments: [duration.spec, label.spec],
            run: { invocation, context in
                let parser = try Scheduling.parser(nil, context)
                let seconds = try parser.duration(invocation.values[duration])
                let text = try invocation.values[label].map { try Scheduling.checkedText($0) }
                    ?? "Timer (\(TimeParser.ago(seconds))) is done."
                try Scheduling.store(NewReminder(kind: .timer, text: text, due: parser.now.addingTimeInterval(seconds),
                                                 zone: parser.zone.identifier, origin: "command"),
                                     parser: parser, context)
            })
    }
}

/// `susi alarm TIME [LABEL] [--repeat RULE]`.
public enum AlarmModule: CommandModule {
    static let time = ArgumentKey.required("time", "The time of day: '7:00', '7 am', '18:30', 'noon'.")
    static let label = ArgumentKey.optional("label", "What the alarm is for.")
    static let repeatOption = OptionKey.string("repeat", "days", "Ring again: 'daily', 'weekdays', or days such as 'mon,wed'.")

    public static var command: Command {
        Command(
            name: "alarm",
            abstract: "Set an alarm for a time of day, once or repeating.",
            discussion: """
            Rings at the next time the clock shows TIME (today or tomorrow). With --repeat it rings \
            again on those days at the same wall-clock time, also across summer-time changes and when \
            the time zone changes (it follows TZ where the watcher runs).
            """,
            examples: [
                Example("susi alarm 7:00", "Tomorrow at 7 (or today, if it is not 7 yet)."),
                Example("susi alarm 6:30 --repeat weekdays", "Monday to Friday at 6:30."),
                Example("susi alarm \"7 pm\" yoga --repeat mon,wed", "Mondays and Wednesdays at 19:00."),
            ],
            arguments: [time.spec, label.spec],
            options: [repeatOption.spec, RemindModule.zoneOption.spec],
            run: { invocation, context in
                let parser = try Scheduling.parser(invocation.values[RemindModule.zoneOption], context)
                let clock = try parser.clock(invocation.values[time])
                var rule: RepeatRule?
                if let text = invocation.values[repeatOption] {
                    guard let parsed = RepeatRule(text) else {
                        throw UsageError("'\(UntrustedText.line(text))' is not a repeat rule: say daily, weekdays, or days such as mon,wed.")
                    }
                    rule = parsed
                }
                guard let due = (rule ?? .daily).next(after: parser.now, at: clock, in: parser.zone) else {
                    throw UsageError("No time \(clock) was found in the coming days in \(parser.zone.identifier).")
                }
                let text = try invocation.values[label].map { try Scheduling.checkedText($0) } ?? "Alarm \(clock)"
                try Scheduling.store(NewReminder(kind: .alarm, text: text, due: due, repeatRule: rule, clock: rule == nil ? nil : clock,
                                                 zone: parser.zone.identifier, origin: "command"),
                                     parser: parser, context)
            })
    }
}

/// What the three commands share: the parser on the context's clock, the
/// text check, storing and saying what was stored.
enum Scheduling {
    static func parser(_ zoneName: String?, _ context: Context) throws -> TimeParser {
        TimeParser(now: context.now(), zone: try TimeParser.zone(named: zoneName, environment: context.environment))
    }

    static func checkedText(_ text: String) throws -> String {
        do {
            return try ReminderRules.checkText(text)
        } catch let error as ServiceError {
            throw UsageError(error.message)
        }
    }

    static func store(_ new: NewReminder, parser: TimeParser, _ context: Context) throws {
        let store = try context.reminderStore()
        let reminder = try store.add(new, owner: try ReminderFiring.owner(context), limit: ReminderRules.pendingLimit, now: parser.now)
        if context.globals.json {
            try context.printJSON(ReminderJSON(reminder, zone: parser.zone))
            return
        }
        let when = ReminderFiring.clock(reminder.due, now: parser.now, zone: parser.zone)
        let wait = PlannedAnswers.wait(from: parser.now, to: reminder.due)
        let kind = reminder.kind.rawValue.prefix(1).uppercased() + reminder.kind.rawValue.dropFirst()
        let repeats = reminder.repeatRule.map { ", then \($0)" } ?? ""
        context.stdout.line("\(kind) #\(reminder.id) set for \(when) (\(wait)\(repeats)): \(UntrustedText.line(reminder.text))")
    }
}
