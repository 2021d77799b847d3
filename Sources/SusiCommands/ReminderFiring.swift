import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts
import SusiReply

/// What every place that fires or stores reminders shares (`remind watch`,
/// the shell, chat, listen): whose they are, the zone, the next time of a
/// repeating alarm, the claim, the line shown, and a reply's planned answers
/// stored as reminders.
public enum ReminderFiring {
    /// Due longer ago than this when claimed: fired as missed.
    public static let missedAfter: TimeInterval = 5

    /// The reminders' owner: the server and identity the chat history uses.
    public static func owner(_ context: Context) throws -> ReminderOwner {
        let owner = try ChatTurn.historyOwner(context)
        return ReminderOwner(server: owner.server, identity: owner.identity)
    }

    /// The environment's TZ when it names a zone, else this machine's.
    public static func zone(_ environment: [String: String]) -> TimeZone {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if tz.hasPrefix("/usr/share/zoneinfo/") { tz.removeFirst("/usr/share/zoneinfo/".count) }
            if let zone = TimeZone(identifier: tz) { return zone }
        }
        return TimeZone.current
    }

    /// A repeating alarm's next time after it rang at `due` (or after `now`
    /// when it was missed), on the wall clock of `zone`: the zone in force
    /// now, so an alarm follows the user across zones and DST changes.
    public static func next(_ reminder: Reminder, now: Date, zone: TimeZone) -> Date? {
        guard let rule = reminder.repeatRule, let clock = reminder.clock else { return nil }
        return rule.next(after: max(now, reminder.due), at: clock, in: zone)
    }

    /// Claims what is due by `now` in the store, once across every watcher.
    public static func claim(_ store: ReminderStore, now: Date, zone: TimeZone) throws
        -> (claimed: [ClaimedReminder], damaged: [DamagedReminder]) {
        try store.claimDue(now: now) { next($0, now: now, zone: zone) }
    }

    /// Repeating alarms set in another zone move to their wall-clock time in
    /// `zone` (an alarm at 7:00 rings at 7:00 where the user is now).
    public static func followZone(_ store: ReminderStore, owner: ReminderOwner?, now: Date, zone: TimeZone) throws {
        for reminder in try store.pending(owner: owner).reminders where reminder.repeatRule != nil && reminder.zone != zone.identifier {
            guard let clock = reminder.clock, let due = reminder.repeatRule?.next(after: now, at: clock, in: zone) else { continue }
            _ = try store.reschedule(id: reminder.id, owner: reminder.owner, due: due, zone: zone.identifier)
        }
    }

    /// "18:30" today, "Sat 24 Dec 18:30" another day (in `zone`).
    public static func clock(_ date: Date, now: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm" : "EEE d MMM yyyy HH:mm"
        if calendar.component(.second, from: date) != 0, calendar.isDate(date, inSameDayAs: now) { formatter.dateFormat = "HH:mm:ss" }
        return formatter.string(from: date)
    }

    /// ISO 8601 with the zone's offset: "2026-12-24T18:00:00+01:00".
    public static func iso(_ date: Date, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
        return formatter.string(from: date)
    }

    /// The text shown when it fires: "call Ada", or "call Ada (due 07:00, missed)".
    public static func text(_ claimed: ClaimedReminder, now: Date, zone: TimeZone) -> String {
        let text = UntrustedText.line(claimed.reminder.text)
        guard now.timeIntervalSince(claimed.due) > missedAfter else { return text }
        return text + " (due " + clock(claimed.due, now: now, zone: zone) + ", missed)"
    }

    /// Fires what is due on this terminal: a line (and a bell on a terminal)
    /// for each, warnings for damaged rows. Used by the shell, chat and
    /// listen while they run; errors reading the store are said once by the caller.
    @discardableResult
    public static func fireOnTerminal(_ context: Context, store: ReminderStore, out: OutputSink) throws -> [ClaimedReminder] {
        let now = context.now()
        let zone = zone(context.environment)
        let (claimed, damaged) = try claim(store, now: now, zone: zone)
        for problem in damaged {
            context.warn("Reminder #\(problem.id) could not be read (\(problem.reason)); it was skipped.")
        }
        for reminder in claimed {
            if out.isTTY { out.write(bytes: [0x07]) }
            out.line("⏰ " + text(reminder, now: now, zone: zone))
        }
        out.flush()
        return claimed
    }

    /// Stores a reply's planned answers as reminders (a skill's timer, "remind
    /// me", "wake me up"), due counted from `received`. The reminders stored,
    /// in the reply's order; throws when one could not be stored.
    public static func storePlanned(_ reply: Reply, received: Date, context: Context) throws -> [Reminder] {
        let planned = reply.plannedActions
        guard !planned.isEmpty else { return [] }
        let store = try context.reminderStore()
        let owner = try owner(context)
        let zone = zone(context.environment)
        let skill = reply.answers.first?.skills.first.map { "skill " + $0 } ?? "skill"
        var stored: [Reminder] = []
        for action in planned {
            guard let delay = action.planDelay(received: received) else { continue }
            let text = try ReminderRules.checkText(action.expression ?? "", what: "The planned answer")
            let kind: ReminderKind = text.lowercased().contains("timer") ? .timer : .reminder
            stored.append(try store.add(NewReminder(kind: kind, text: text, due: received.addingTimeInterval(max(delay, 1)),
                                                    zone: zone.identifier, origin: skill),
                                        owner: owner, limit: ReminderRules.pendingLimit, now: received))
        }
        return stored
    }
}

extension ReminderFiring {
    /// Stores a reply's planned answers (as `storePlanned`); when that fails,
    /// says so and returns none, so nothing claims a reminder that was not stored.
    public static func storePlannedOrSay(_ reply: Reply, context: Context, fallback: String) -> [Reminder] {
        guard !reply.plannedActions.isEmpty else { return [] }
        do {
            return try storePlanned(reply, received: context.now(), context: context)
        } catch {
            context.warn("The planned answer was not stored as a reminder (\(ServiceError.plainReason(error))); " + fallback)
            return []
        }
    }

    /// The reply as shown once its planned answers are stored: without them
    /// (the lines of `announce` say when each is due).
    public static func withoutPlanned(_ reply: Reply) -> Reply {
        var shown = reply
        if !shown.answers.isEmpty { shown.answers[0].actions.removeAll(where: \.isPlanned) }
        return shown
    }

    /// "Reminder #3 set for 10:00:02 (in 2 seconds): text", one line each.
    public static func announce(_ stored: [Reminder], context: Context) {
        let zone = zone(context.environment)
        let now = context.now()
        for reminder in stored {
            context.stdout.line(context.style.dim("Reminder #\(reminder.id) set for \(clock(reminder.due, now: now, zone: zone)) "
                + "(\(PlannedAnswers.wait(from: now, to: reminder.due))):") + " " + UntrustedText.line(reminder.text))
        }
    }
}

/// Reminders fired on a terminal while an interactive command runs (the
/// shell, an interactive chat): a line and a bell each, claimed like the
/// watcher's, so each fires once wherever it fires. Opens the store only
/// once a reminder was ever stored; a store that cannot be read is said once.
public final class TerminalReminders {
    let context: Context
    private var store: ReminderStore?
    private var failed = false

    public init(context: Context) {
        self.context = context
    }

    /// Whether any reminder was ever stored here (the store's stamp file exists).
    public static func everStored(_ context: Context) -> Bool {
        let folder = (context.paths.databaseFile as NSString).deletingLastPathComponent
        return FileManager.default.fileExists(atPath: folder + "/reminders.changed")
    }

    /// When the next reminder is due, on the real clock; nil when none is.
    public func nextWake() -> Date? {
        guard let store = open(), let due = try? store.nextDue() else { return nil }
        return Date().addingTimeInterval(due.timeIntervalSince(context.now()))
    }

    /// Fires what is due on `out`; what it fired.
    @discardableResult
    public func fireDue(out: OutputSink) -> [ClaimedReminder] {
        guard let store = open() else { return [] }
        do {
            return try ReminderFiring.fireOnTerminal(context, store: store, out: out)
        } catch {
            if !failed { context.warn("Reminders could not be read: \(ServiceError.plainReason(error))") }
            failed = true
            return []
        }
    }

    private func open() -> ReminderStore? {
        if let store { return store }
        guard !failed, Self.everStored(context) else { return nil }
        do {
            store = try context.reminderStore()
        } catch {
            failed = true
        }
        return store
    }
}
