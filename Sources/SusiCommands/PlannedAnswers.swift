import Foundation
import SusiCLI
import SusiCore
import SusiReply

/// The planned answers of one conversation (`!plan`, `plan_delay` /
/// `plan_date`, server-api.md §5) that are not yet due: what `susi chat`
/// gives when due, lists with /plans and cancels with /cancel. Each gets a
/// number for the whole conversation, so /cancel 2 always means the same one.
public final class PlannedAnswers {
    public struct Pending: Equatable {
        public let number: Int
        /// When it is due on the context's clock (what is shown).
        public let due: Date
        /// When it is due on the real clock (what is waited for).
        public let wake: Date
        public let action: ReplyAction
    }

    public private(set) var pending: [Pending] = []
    private var lastNumber = 0

    public init() {}

    /// Keeps the reply's planned answers, due counted from `received` (the
    /// delay, as the SUSI speaker does, so a server's clock does not matter).
    @discardableResult
    public func add(_ reply: Reply, received: Date) -> [Pending] {
        var added: [Pending] = []
        for action in reply.plannedActions {
            guard let delay = action.planDelay(received: received) else { continue }
            lastNumber += 1
            added.append(Pending(number: lastNumber, due: received.addingTimeInterval(delay),
                                 wake: Date().addingTimeInterval(delay), action: action))
        }
        pending += added
        pending.sort { $0.wake != $1.wake ? $0.wake < $1.wake : $0.number < $1.number }
        return added
    }

    /// When the next one is due on the real clock; nil when none is pending.
    public var nextWake: Date? { pending.first?.wake }

    /// Removes and returns those due by the real clock's `now`, in order.
    public func takeDue(at now: Date = Date()) -> [Pending] {
        let due = pending.prefix { $0.wake <= now }
        pending.removeFirst(due.count)
        return Array(due)
    }

    /// Removes one by its number; nil when there is no such pending answer.
    public func cancel(_ number: Int) -> Pending? {
        guard let k = pending.firstIndex(where: { $0.number == number }) else { return nil }
        return pending.remove(at: k)
    }

    /// Removes all, returning how many there were.
    @discardableResult
    public func cancelAll() -> Int {
        defer { pending = [] }
        return pending.count
    }

    /// "in 5 minutes", "in 1 minute 30 seconds", "in 2 seconds", "now".
    public static func wait(from now: Date, to due: Date) -> String {
        let seconds = Int(max(0, due.timeIntervalSince(now)).rounded(.up))
        if seconds == 0 { return "now" }
        let hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append(TextLayout.counted(hours, "hour")) }
        if minutes > 0 { parts.append(TextLayout.counted(minutes, "minute")) }
        if rest > 0 && hours == 0 { parts.append(TextLayout.counted(rest, "second")) }
        return "in " + parts.joined(separator: " ")
    }

    /// The clock time of `date` in the local time zone, with seconds (and
    /// the day when it is not today).
    public static func clock(_ date: Date, now: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone.current
        f.dateFormat = Calendar.current.isDate(date, inSameDayAs: now) ? "HH:mm:ss" : "yyyy-MM-dd HH:mm:ss"
        return f.string(from: date)
    }
}
