import Foundation
import SusiBasics
import SusiCore
import SusiLocal
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// The harness at 10:00 on Saturday 5 December 2026 in Berlin.
func berlinHarness(_ home: TemporaryHome, at now: Date = tenOClock, zone: String = "Europe/Berlin") throws -> InProcess {
    var susi = try home.harness(["TZ": zone])
    susi.now = { now }
    return susi
}

func stored(_ home: TemporaryHome) throws -> [Reminder] {
    try LocalReminders(path: home.path + "/data/susi.db").pending(owner: nil).reminders
}

@Suite("susi remind, timer and alarm")
struct RemindCommandTests {
    @Test func aReminderIsStoredAndListed() throws {
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        let set = susi.run(["remind", "call Ada", "--in", "1h"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "Reminder #1 set for 11:00 (in 1 hour): call Ada\n")
        #expect(susi.run(["remind", "pack", "--at", "tomorrow 9:00"]).status == 0)
        #expect(susi.run(["timer", "5m", "tea"]).stdout == "Timer #3 set for 10:05 (in 5 minutes): tea\n")
        let list = susi.run(["remind", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.components(separatedBy: "\n").map { $0.split(separator: "\t").map(String.init) } .prefix(3).map { $0.first ?? "" } == ["3", "1", "2"], "\(list.stdout)")
        let json = susi.run(["--json", "remind", "list"])
        let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(items?.map { $0["due"] as? String } == ["2026-12-05T10:05:00+01:00", "2026-12-05T11:00:00+01:00", "2026-12-06T09:00:00+01:00"])
        #expect(items?.first?["origin"] as? String == "command")
        #expect(items?.first?["kind"] as? String == "timer")
    }

    @Test func anAlarmRingsAtTheNextTimeTheClockShows() throws {
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        #expect(susi.run(["alarm", "7:00"]).stdout == "Alarm #1 set for Sun 6 Dec 2026 07:00 (in 21 hours): Alarm 07:00\n")
        let weekdays = susi.run(["alarm", "6:30", "--repeat", "weekdays"])
        #expect(weekdays.stdout == "Alarm #2 set for Mon 7 Dec 2026 06:30 (in 44 hours 30 minutes, then weekdays): Alarm 06:30\n", "\(weekdays.stderr)")
        #expect(susi.run(["alarm", "7 pm", "yoga", "--repeat", "mon,wed"]).stdout.hasPrefix("Alarm #3 set for Mon 7 Dec 2026 19:00"))
    }

    @Test(arguments: [
        (["remind", "x", "--at", "9:57"], "09:57 today is in the past: that was 3 minutes ago."),
        (["remind", "x", "--in", "0m"], "too short"),
        (["remind", "x", "--in", "-5m"], "cannot be negative"),
        (["remind", "x", "--in", "11 years"], "longer than 10 years"),
        (["remind", "x", "--at", "18:00", "--zone", "Mars/Olympus"], "'Mars/Olympus' is not a time zone name"),
        (["remind", "x\u{1b}[2Jy", "--in", "5m"], "cannot contain control characters"),
        (["remind", "line\nbreak", "--in", "5m"], "cannot contain control characters"),
        (["remind", "x", "--in", "five fortnights"], "'fortnights' is not a unit of time"),
        (["remind", "x"], "Say when"),
        (["remind", "x", "--in", "5m", "--at", "18:00"], "not both"),
        (["timer", "0s"], "too short"),
        (["timer", "soon"], "'soon' was not understood"),
        (["alarm", "25:00"], "hours go 0 to 23"),
        (["alarm", "7:00", "--repeat", "fortnightly"], "'fortnightly' is not a repeat rule"),
    ])
    func badInputIsRefusedWith64AndNothingIsStored(_ arguments: [String], _ expected: String) throws {
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        #expect(susi.run(["timer", "1h", "keep"]).status == 0)
        let refused = susi.run(arguments)
        #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
        #expect(refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        #expect(!refused.stderr.contains("\u{1b}[2J"))
        #expect(refused.stdout.isEmpty)
        #expect(try stored(home).map(\.text) == ["keep"])
    }

    @Test func theThousandAndFirstIsRefusedNamingTheLimit() throws {
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        let store = try LocalReminders(path: home.path + "/data/susi.db")
        let owner = ReminderOwner(server: "local", identity: "anonymous")
        for k in 0..<1000 {
            _ = try store.add(NewReminder(kind: .reminder, text: "r\(k)", due: tenOClock.addingTimeInterval(60), zone: "UTC", origin: "command"),
                              owner: owner, limit: 1000, now: tenOClock)
        }
        let refused = susi.run(["timer", "5m"])
        #expect(refused.status == 65) // a clash with what is stored (decision 0470)
        #expect(refused.stderr.contains("You already have 1000 pending reminders, the limit; nothing was stored."), "\(refused.stderr)")
        #expect(try stored(home).count == 1000)
    }

    @Test func cancelAndSnoozeByIDOrText() throws {
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        _ = susi.run(["remind", "call Ada", "--in", "1h"])
        _ = susi.run(["timer", "5m", "tea"])
        _ = susi.run(["timer", "6m", "tea"])
        #expect(susi.run(["remind", "cancel", "#1"]).stdout == "Cancelled reminder #1: call Ada\n")
        let ambiguous = susi.run(["remind", "cancel", "TEA"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("2 pending reminders are called 'TEA' (IDs 2, 3); nothing was cancelled."))
        #expect(try stored(home).count == 2)
        let missing = susi.run(["remind", "cancel", "42"])
        #expect(missing.status == 66 && missing.stderr.contains("No pending reminder has ID 42."))
        let snoozed = susi.run(["remind", "snooze", "2"])
        #expect(snoozed.stdout == "Snoozed #2 to 10:10 (in 10 minutes): tea\n", "\(snoozed.stderr)")
        #expect(susi.run(["remind", "snooze", "3", "1h"]).stdout == "Snoozed #3 to 11:00 (in 1 hour): tea\n")
        #expect(susi.run(["remind", "snooze", "3", "0m"]).status == 64)
        #expect(try stored(home).map(\.due) == [tenOClock.addingTimeInterval(600), tenOClock.addingTimeInterval(3600)])
    }

    @Test func eachAccountSeesOnlyItsOwn() throws {
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        _ = susi.run(["timer", "5m", "mine"])
        let store = try LocalReminders(path: home.path + "/data/susi.db")
        _ = try store.add(NewReminder(kind: .timer, text: "theirs", due: tenOClock.addingTimeInterval(60), zone: "UTC", origin: "command"),
                          owner: ReminderOwner(server: "local", identity: "ada@example.org"), limit: 1000, now: tenOClock)
        let list = susi.run(["remind", "list"]).stdout
        #expect(list.contains("mine") && !list.contains("theirs"))
        #expect(susi.run(["remind", "cancel", "2"]).status == 66)
    }
}
