import Foundation
import SusiCommands
import SusiLocal
import SusiPorts
import SusiStore
import SusiTestKit
import Testing

let me = ReminderOwner(server: "local", identity: "anonymous")

func reminder(_ text: String, due: Date, rule: RepeatRule? = nil, clock: WallClock? = nil, zone: String = "Europe/Berlin") -> NewReminder {
    NewReminder(kind: rule == nil ? .reminder : .alarm, text: text, due: due, repeatRule: rule, clock: clock, zone: zone, origin: "command")
}

@Suite("The reminder store")
struct ReminderStoreTests {
    @Test func remindersSurviveReopeningTheDatabase() throws {
        let home = try TemporaryHome()
        let path = home.path + "/data/susi.db"
        let stored = try LocalReminders(path: path).add(reminder("call Ada", due: tenOClock.addingTimeInterval(3600)), owner: me,
                                                         limit: 1000, now: tenOClock)
        let again = try LocalReminders(path: path).pending(owner: me)
        #expect(again.reminders == [stored])
        #expect(again.damaged.isEmpty)
        #expect(try LocalReminders(path: path).pending(owner: ReminderOwner(server: "local", identity: "ada@example.org")).reminders.isEmpty)
    }

    @Test func theLimitIsNamedAndNothingMoreIsStored() throws {
        let home = try TemporaryHome()
        let store = try LocalReminders(path: home.path + "/data/susi.db")
        for k in 0..<3 { _ = try store.add(reminder("r\(k)", due: tenOClock.addingTimeInterval(60)), owner: me, limit: 3, now: tenOClock) }
        #expect(throws: ServiceError.self) { try store.add(reminder("one more", due: tenOClock.addingTimeInterval(60)), owner: me, limit: 3, now: tenOClock) }
        do {
            _ = try store.add(reminder("one more", due: tenOClock), owner: me, limit: 3, now: tenOClock)
        } catch let error as ServiceError {
            #expect(error.message == "You already have 3 pending reminders, the limit; nothing was stored.")
        }
        #expect(try store.pending(owner: me).reminders.count == 3)
        // Another account has its own limit.
        _ = try store.add(reminder("theirs", due: tenOClock), owner: ReminderOwner(server: "local", identity: "b"), limit: 3, now: tenOClock)
    }

    @Test func aDamagedRowIsReportedAndSkippedAndTheRestStillFire() throws {
        let home = try TemporaryHome()
        let path = home.path + "/data/susi.db"
        let store = try LocalReminders(path: path)
        _ = try store.add(reminder("first", due: tenOClock), owner: me, limit: 1000, now: tenOClock)
        let raw = try Database(path: path)
        try raw.run("INSERT INTO reminders (server, identity, kind, text, due, zone, origin, created) VALUES ('local', 'anonymous', 'reminder', 'bad', 'soon', 'Europe/Berlin', 'command', 0)")
        try raw.run("INSERT INTO reminders (server, identity, kind, text, due, zone, origin, created) VALUES ('local', 'anonymous', 'reminder', 'x' || char(27) || '[2J', 1, 'Europe/Berlin', 'command', 0)")
        _ = try store.add(reminder("second", due: tenOClock), owner: me, limit: 1000, now: tenOClock)
        let listed = try store.pending(owner: me)
        #expect(listed.reminders.map(\.text) == ["first", "second"])
        #expect(listed.damaged.count == 2)
        let fired = try store.claimDue(now: tenOClock.addingTimeInterval(1)) { _ in nil }
        #expect(fired.claimed.map(\.reminder.text) == ["first", "second"])
        #expect(fired.damaged.map(\.reason).sorted() == ["its due time is not a time", "its text is empty or holds control characters"])
        // Reported once: marked damaged, not claimed again.
        let again = try store.claimDue(now: tenOClock.addingTimeInterval(2)) { _ in nil }
        #expect(again.claimed.isEmpty && again.damaged.isEmpty)
    }

    @Test func twoWatchersFireEachReminderExactlyOnce() throws {
        let home = try TemporaryHome()
        let path = home.path + "/data/susi.db"
        let setup = try LocalReminders(path: path)
        for k in 0..<200 { _ = try setup.add(reminder("r\(k)", due: tenOClock.addingTimeInterval(Double(k % 20))), owner: me, limit: 1000, now: tenOClock) }
        let fired = Fired()
        // Two watchers, each with its own connection, racing over the same due times.
        let threads = (0..<2).map { _ in
            Thread {
                guard let store = try? LocalReminders(path: path) else { return }
                for step in 0..<25 {
                    if let claimed = try? store.claimDue(now: tenOClock.addingTimeInterval(Double(step)), next: { _ in nil }) {
                        fired.add(claimed.claimed.map(\.reminder.id))
                    }
                }
                fired.done()
            }
        }
        threads.forEach { $0.start() }
        fired.waitForAll(2)
        #expect(fired.ids.count == 200)
        #expect(Set(fired.ids).count == 200)
    }

    @Test func aRepeatingAlarmMovesOnInTheSameClaim() throws {
        let home = try TemporaryHome()
        let store = try LocalReminders(path: home.path + "/data/susi.db")
        let seven = WallClock(hour: 7, minute: 0)!
        let first = berlinDate(2026, 12, 7, 7, 0)
        _ = try store.add(reminder("wake", due: first, rule: .daily, clock: seven), owner: me, limit: 1000, now: tenOClock)
        let claimed = try ReminderFiring.claim(store, now: first, zone: berlin)
        #expect(claimed.claimed.map(\.due) == [first])
        #expect(try store.pending(owner: me).reminders.map(\.due) == [berlinDate(2026, 12, 8, 7, 0)])
        // The same due time is not fired twice.
        #expect(try ReminderFiring.claim(store, now: first, zone: berlin).claimed.isEmpty)
    }

    @Test func theMissedNoticeIsTakenOnce() throws {
        let home = try TemporaryHome()
        let store = try LocalReminders(path: home.path + "/data/susi.db")
        _ = try store.add(reminder("a", due: tenOClock), owner: me, limit: 1000, now: tenOClock)
        _ = try store.add(reminder("b", due: tenOClock.addingTimeInterval(10)), owner: me, limit: 1000, now: tenOClock)
        _ = try store.add(reminder("later", due: tenOClock.addingTimeInterval(3600)), owner: me, limit: 1000, now: tenOClock)
        #expect(try store.takeMissedNotice(before: tenOClock.addingTimeInterval(60)) == 2)
        #expect(try store.takeMissedNotice(before: tenOClock.addingTimeInterval(60)) == 0)
    }

    @Test func aChangeWakesAWaitingWatcherAtOnce() throws {
        let home = try TemporaryHome()
        let path = home.path + "/data/susi.db"
        let watcher = try LocalReminders(path: path)
        nonisolated(unsafe) let writer = try LocalReminders(path: path)
        let start = Date()
        let thread = Thread {
            // Written while the watcher waits (or before: the event is queued either way).
            _ = try? writer.add(reminder("new", due: Date().addingTimeInterval(3600)), owner: me, limit: 1000, now: Date())
        }
        // Armed before the write: the first wait only sets up the watch and times out at once.
        #expect(try watcher.waitForChange(until: Date(), interrupt: nil) == false)
        thread.start()
        #expect(try watcher.waitForChange(until: Date().addingTimeInterval(120), interrupt: nil) == true)
        #expect(Date().timeIntervalSince(start) < 120)
    }

    @Test func withNothingChangingTheWaitLastsUntilTheDeadline() throws {
        let home = try TemporaryHome()
        let store = try LocalReminders(path: home.path + "/data/susi.db")
        let deadline = Date().addingTimeInterval(0.3)
        #expect(try store.waitForChange(until: deadline, interrupt: nil) == false)
        #expect(Date() >= deadline)
    }
}

final class Fired: @unchecked Sendable {
    private let lock = NSCondition()
    private(set) var ids: [Int64] = []
    private var finished = 0

    func add(_ more: [Int64]) { lock.lock(); ids += more; lock.unlock() }
    func done() { lock.lock(); finished += 1; lock.broadcast(); lock.unlock() }
    func waitForAll(_ count: Int) {
        lock.lock()
        while finished < count { lock.wait() }
        lock.unlock()
    }
}
