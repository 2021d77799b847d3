import Foundation
import SusiCommands
import SusiCore
import SusiLocal
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

let utc = TimeZone(identifier: "UTC")!

func utcDate(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> Date { berlinDate(y, mo, d, h, mi, zone: utc) }

@Suite("Repeating alarms across DST and zone changes")
struct RepeatRuleTests {
    let seven = WallClock(hour: 7, minute: 0)!

    @Test func aDailyAlarmKeepsItsWallClockTimeAcrossBothBerlinChanges() {
        // Saturday 28 March 2026 07:00 CET is 06:00 UTC; Sunday's 07:00 CEST is 05:00 UTC.
        let saturday = utcDate(2026, 3, 28, 6, 0)
        #expect(RepeatRule.daily.next(after: saturday, at: seven, in: berlin) == utcDate(2026, 3, 29, 5, 0))
        // Saturday 24 October 07:00 CEST is 05:00 UTC; Sunday's 07:00 CET is 06:00 UTC.
        #expect(RepeatRule.daily.next(after: utcDate(2026, 10, 24, 5, 0), at: seven, in: berlin) == utcDate(2026, 10, 25, 6, 0))
    }

    @Test func aTimeTheSpringChangeSkipsRingsRightAfterTheGapAndOneItRepeatsRingsOnce() {
        let halfPastTwo = WallClock(hour: 2, minute: 30)!
        // 29 March 2026: 02:00 CET jumps to 03:00 CEST (01:00 UTC).
        let gap = RepeatRule.daily.next(after: utcDate(2026, 3, 28, 12, 0), at: halfPastTwo, in: berlin)
        #expect(gap == utcDate(2026, 3, 29, 1, 0), "\(String(describing: gap))")
        #expect(RepeatRule.daily.next(after: gap!, at: halfPastTwo, in: berlin) == utcDate(2026, 3, 30, 0, 30))
        // 25 October 2026: 02:30 happens at 00:30 UTC (CEST) and again at 01:30 UTC (CET); it rings at the first only.
        let first = RepeatRule.daily.next(after: utcDate(2026, 10, 24, 12, 0), at: halfPastTwo, in: berlin)
        #expect(first == utcDate(2026, 10, 25, 0, 30))
        #expect(RepeatRule.daily.next(after: first!, at: halfPastTwo, in: berlin) == utcDate(2026, 10, 26, 1, 30))
    }

    @Test func weekdaysAndNamedDays() {
        // Friday 4 December 2026 07:00 Berlin: the next weekday is Monday the 7th.
        #expect(RepeatRule.weekdays.next(after: berlinDate(2026, 12, 4, 7, 0), at: seven, in: berlin) == berlinDate(2026, 12, 7, 7, 0))
        let monWed = RepeatRule("mon,wed")!
        #expect(monWed == .days([2, 4]))
        #expect(monWed.next(after: berlinDate(2026, 12, 7, 7, 0), at: seven, in: berlin) == berlinDate(2026, 12, 9, 7, 0))
        #expect(RepeatRule("Monday, Wednesday") == monWed)
        #expect(RepeatRule("fortnightly") == nil)
        #expect(RepeatRule("mon,,wed") == nil)
    }

    @Test func anAlarmFollowsTheUserToAnotherZone() throws {
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        #expect(susi.run(["alarm", "7:00", "--repeat", "daily"]).status == 0)
        #expect(try stored(home).map(\.due) == [berlinDate(2026, 12, 6, 7, 0)])
        // Listed in New York, it rings at 7:00 there.
        let newYork = TimeZone(identifier: "America/New_York")!
        let there = try berlinHarness(home, zone: "America/New_York")
        #expect(there.run(["remind", "list"]).status == 0)
        #expect(try stored(home).map(\.due) == [berlinDate(2026, 12, 5, 7, 0, zone: newYork)])
        #expect(try stored(home).map(\.zone) == ["America/New_York"])
    }
}

final class NotificationLog: ReminderNotifier, @unchecked Sendable {
    private let lock = NSLock()
    private var shown: [[String]] = []
    var all: [[String]] { lock.withLock { shown } }
    func notify(summary: String, body: String) throws { lock.withLock { shown.append([summary, body]) } }
}

@Suite("susi remind watch")
struct WatchTests {
    func watching(_ home: TemporaryHome, at now: Date, log: NotificationLog) throws -> InProcess {
        var susi = try berlinHarness(home, at: now)
        susi.makers = { $0.notifier = { _ in log } }
        return susi
    }

    @Test func dueRemindersFireOnceThroughTheNotifierAndALine() throws {
        let home = try TemporaryHome()
        let log = NotificationLog()
        _ = try berlinHarness(home).run(["timer", "2s", "tea"])
        let early = try watching(home, at: tenOClock.addingTimeInterval(1), log: log).run(["remind", "watch", "--once"])
        #expect(early.status == 0 && early.stdout.isEmpty && log.all.isEmpty)
        let due = try watching(home, at: tenOClock.addingTimeInterval(2), log: log).run(["remind", "watch", "--once"])
        #expect(due.status == 0, "\(due.stderr)")
        #expect(due.stdout == "10:00:02 ⏰ tea\n")
        #expect(log.all == [["susi timer", "tea"]])
        // Fired: not again, and no longer pending.
        _ = try watching(home, at: tenOClock.addingTimeInterval(3), log: log).run(["remind", "watch", "--once"])
        #expect(log.all.count == 1)
        #expect(try stored(home).isEmpty)
    }

    @Test func aMissedReminderIsFiredLateAndSaysSo() throws {
        let home = try TemporaryHome()
        let log = NotificationLog()
        _ = try berlinHarness(home, at: berlinDate(2026, 12, 5, 6, 0)).run(["remind", "get up", "--at", "7:00"])
        let late = try watching(home, at: tenOClock, log: log).run(["remind", "watch", "--once"])
        #expect(late.stdout == "10:00 ⏰ get up (due 07:00, missed)\n")
        #expect(log.all == [["susi reminder", "get up (due 07:00, missed)"]])
    }

    @Test func anyCommandSaysOnceHowManyCameDueUnwatched() throws {
        let home = try TemporaryHome()
        let setup = try berlinHarness(home, at: berlinDate(2026, 12, 5, 6, 0))
        _ = setup.run(["remind", "a", "--at", "7:00"])
        _ = setup.run(["remind", "b", "--at", "8:00"])
        _ = setup.run(["remind", "c", "--at", "11:00"])
        var susi = try berlinHarness(home)
        susi.stderrTTY = true
        let first = susi.run(["config", "list"])
        #expect(first.stderr.contains("2 reminders were due while nothing was watching: susi remind list"), "\(first.stderr)")
        #expect(!susi.run(["config", "list"]).stderr.contains("nothing was watching"))
        // Still pending, for the watcher or the list.
        #expect(try stored(home).count == 3)
    }

    @Test func aNotifierThatFailsIsSaidOnceAndTheLineStillShows() throws {
        struct Broken: ReminderNotifier {
            func notify(summary: String, body: String) throws { throw ServiceError(.unavailable, "notify-send was not found on PATH.") }
        }
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        _ = susi.run(["timer", "1s", "one"])
        _ = susi.run(["timer", "1s", "two"])
        var watch = try berlinHarness(home, at: tenOClock.addingTimeInterval(1))
        watch.makers = { $0.notifier = { _ in Broken() } }
        let result = watch.run(["remind", "watch", "--once"])
        #expect(result.stdout == "10:00:01 ⏰ one\n10:00:01 ⏰ two\n")
        #expect(result.stderr.components(separatedBy: "notify-send was not found").count == 2, "\(result.stderr)")
    }
}

@Suite("Reminders ring in a running shell")
struct ShellReminderTests {
    @Test func aDueReminderRingsBeforeTheShellsNextPromptAndOnlyThere() throws {
        let home = try TemporaryHome()
        _ = try berlinHarness(home).run(["timer", "1s", "tea"])
        var shell = try berlinHarness(home, at: tenOClock.addingTimeInterval(1))
        shell.stdinTTY = true
        shell.stdoutTTY = true
        let result = shell.run(["shell"], stdin: "config list\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\u{07}⏰ tea\n"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "⏰").count == 2)
        // Claimed: a watcher does not fire it again.
        #expect(try berlinHarness(home, at: tenOClock.addingTimeInterval(2)).run(["remind", "watch", "--once"]).stdout.isEmpty)
    }
}
