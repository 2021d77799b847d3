import Foundation
import SusiBasics

/// Whose reminders: the server and the identity on it, as the chat history
/// keys its exchanges (an account where one is logged in, else "anonymous").
public struct ReminderOwner: Equatable, Hashable, Sendable {
    public var server: String
    public var identity: String

    public init(server: String, identity: String) {
        self.server = server
        self.identity = identity
    }
}

/// What a reminder is, as `remind list` names it.
public enum ReminderKind: String, Sendable, Equatable, CaseIterable {
    case reminder, timer, alarm
}

/// A reminder to store: what to say, when, and what made it.
public struct NewReminder: Equatable, Sendable {
    public var kind: ReminderKind
    public var text: String
    public var due: Date
    /// Repeating alarms: the rule and the wall-clock time they ring at.
    public var repeatRule: RepeatRule?
    public var clock: WallClock?
    /// The time zone the due time was given in (an identifier).
    public var zone: String
    /// "command", or "skill" for a skill's planned answer (`origin` then
    /// names the skill where the reply said which).
    public var origin: String

    public init(kind: ReminderKind, text: String, due: Date, repeatRule: RepeatRule? = nil, clock: WallClock? = nil,
                zone: String, origin: String) {
        self.kind = kind
        self.text = text
        self.due = due
        self.repeatRule = repeatRule
        self.clock = clock
        self.zone = zone
        self.origin = origin
    }
}

/// A stored reminder.
public struct Reminder: Equatable, Sendable {
    public var id: Int64
    public var owner: ReminderOwner
    public var kind: ReminderKind
    public var text: String
    public var due: Date
    public var repeatRule: RepeatRule?
    public var clock: WallClock?
    public var zone: String
    public var origin: String
    public var created: Date

    public init(id: Int64, owner: ReminderOwner, kind: ReminderKind, text: String, due: Date, repeatRule: RepeatRule?,
                clock: WallClock?, zone: String, origin: String, created: Date) {
        self.id = id
        self.owner = owner
        self.kind = kind
        self.text = text
        self.due = due
        self.repeatRule = repeatRule
        self.clock = clock
        self.zone = zone
        self.origin = origin
        self.created = created
    }
}

/// A row that could not be read as a reminder: reported and skipped.
public struct DamagedReminder: Error, Equatable, Sendable {
    public var id: Int64
    public var reason: String

    public init(id: Int64, reason: String) {
        self.id = id
        self.reason = reason
    }
}

/// A reminder a watcher claimed to fire: `due` is when it was due (a
/// repeating one has already moved on to its next time in the store).
public struct ClaimedReminder: Equatable, Sendable {
    public var reminder: Reminder
    public var due: Date

    public init(reminder: Reminder, due: Date) {
        self.reminder = reminder
        self.due = due
    }
}

/// Hours and minutes on the wall clock (an alarm's "7:00").
public struct WallClock: Equatable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// "07:00".
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(hour: h, minute: m)
    }
}

/// When an alarm repeats: every day, Monday to Friday, or on named days.
public enum RepeatRule: Equatable, Sendable, CustomStringConvertible {
    case daily
    case weekdays
    /// Calendar weekdays, 1 = Sunday ... 7 = Saturday, sorted.
    case days([Int])

    public static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// "daily", "weekdays", "mon,wed".
    public var description: String {
        switch self {
        case .daily: return "daily"
        case .weekdays: return "weekdays"
        case let .days(days): return days.map { Self.dayNames[$0 - 1] }.joined(separator: ",")
        }
    }

    /// Reads what `description` writes, and the longer day names; nil for anything else.
    public init?(_ text: String) {
        let word = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch word {
        case "daily", "every day", "everyday": self = .daily
        case "weekdays", "weekday": self = .weekdays
        default:
            var days: Set<Int> = []
            for part in word.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard name.count >= 3, let k = Self.dayNames.firstIndex(where: { name.hasPrefix($0) }),
                      Self.fullDayNames[k].hasPrefix(name) || name == Self.dayNames[k] + "s" || Self.fullDayNames[k] + "s" == name
                else { return nil }
                days.insert(k + 1)
            }
            guard !days.isEmpty else { return nil }
            self = days.count == 7 ? .daily : .days(days.sorted())
        }
    }

    static let fullDayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    func includes(weekday: Int) -> Bool {
        switch self {
        case .daily: return true
        case .weekdays: return (2...6).contains(weekday)
        case let .days(days): return days.contains(weekday)
        }
    }

    /// The first moment strictly after `after` when `clock` shows on the wall
    /// in `zone` on a day of this rule. A time that a change to summer time
    /// skips rings at the first moment after the gap; one that the change
    /// back repeats rings once, the first time.
    public func next(after: Date, at clock: WallClock, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let wanted = DateComponents(hour: clock.hour, minute: clock.minute, second: 0)
        var from = after
        for _ in 0..<16 {
            guard let candidate = calendar.nextDate(after: from, matching: wanted, matchingPolicy: .nextTime,
                                                    repeatedTimePolicy: .first, direction: .forward)
            else { return nil }
            // In a gap, .nextTime gives the first moment after it, whose weekday is the gap's day.
            if includes(weekday: calendar.component(.weekday, from: candidate)) { return candidate }
            from = candidate
        }
        return nil
    }
}

/// Where reminders are kept: the embedded database's `reminders` table. Every
/// change is seen by `waitForChange` in every process on this machine.
public protocol ReminderStore: AnyObject {
    /// Stores it; refused (nothing stored) when the owner already has `limit` pending.
    func add(_ reminder: NewReminder, owner: ReminderOwner, limit: Int, now: Date) throws -> Reminder
    /// The owner's pending reminders, soonest first (all owners' when nil),
    /// and the rows that could not be read.
    func pending(owner: ReminderOwner?) throws -> (reminders: [Reminder], damaged: [DamagedReminder])
    /// Cancels one pending reminder of the owner; nil when there is none with that id.
    func cancel(id: Int64, owner: ReminderOwner) throws -> Reminder?
    /// Moves a pending reminder of the owner to `due`; nil when there is none with that id.
    func reschedule(id: Int64, owner: ReminderOwner, due: Date, zone: String) throws -> Reminder?
    /// Claims every reminder due by `now` (every owner's), once: a claimed
    /// reminder is never claimed again by any watcher in any process. A
    /// repeating one moves to `next(reminder)` in the same transaction
    /// (done when nil). Rows that cannot be read are marked damaged and returned once.
    func claimDue(now: Date, next: (Reminder) -> Date?) throws -> (claimed: [ClaimedReminder], damaged: [DamagedReminder])
    /// The soonest due time of any pending reminder.
    func nextDue() throws -> Date?
    /// Pending reminders (any owner) due before `now` that no one has said
    /// were missed yet: counted and marked said, in one transaction.
    func takeMissedNotice(before now: Date) throws -> Int
    /// Sleeps until `deadline` (nil: no deadline), a change to any reminder,
    /// or `interrupt` becoming readable; true when a change woke it.
    func waitForChange(until deadline: Date?, interrupt: Int32?) throws -> Bool
}

/// Desktop notifications (the freedesktop notification service).
public protocol ReminderNotifier {
    /// Shows one notification; throws when none could be shown. Both texts
    /// are plain text free of control characters.
    func notify(summary: String, body: String) throws
}

/// The checks every entry point applies to a reminder's text before it is stored.
public enum ReminderRules {
    /// At most this many pending reminders per owner.
    public static let pendingLimit = 1000
    /// The longest reminder text, in characters.
    public static let textLimit = 500
    /// The longest a reminder may wait.
    public static let longest: TimeInterval = 10 * 365.25 * 24 * 3600

    /// The text as stored: trimmed, non-empty, within the limit, one line
    /// with no control or invisible characters (refused, never stripped).
    public static func checkText(_ text: String, what: String = "The reminder's text") throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ServiceError(.invalidInput, "\(what) is empty; say what to be reminded of.") }
        for (offset, character) in trimmed.enumerated() {
            guard let scalar = character.unicodeScalars.first(where: { UntrustedText.needsEscape($0) || UntrustedText.isInvisible($0) })
            else { continue }
            throw ServiceError(.invalidInput, "\(what) cannot contain control characters, line breaks or invisible characters "
                + "(\(UntrustedText.visible(scalar)) at character \(offset + 1)).")
        }
        guard trimmed.count <= textLimit else {
            throw ServiceError(.invalidInput, "\(what) is \(trimmed.count) characters long; the limit is \(textLimit).")
        }
        return trimmed
    }

    public static func limitReached(_ limit: Int) -> ServiceError {
        ServiceError(.conflict, "You already have \(limit) pending reminders, the limit; nothing was stored.",
                     hint: "Cancel some with 'susi remind cancel ID' ('susi remind list' shows them).")
    }
}
