import Foundation
import SusiCore
import SusiLocal
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// A skill's planned answer from a one-shot chat goes into the reminder
/// store; nothing in the answer claims a reminder that was not stored.
@Suite("Planned answers become reminders")
struct PlannedAnswerTests {
    @Test(arguments: [
        ("set a timer for 2 seconds", "Timer for 2 seconds.", 2.0),
        ("set a timer for 1 minute", "Timer for 1 minute.", 60),
        ("set a timer for one minute", "Timer for 1 minute.", 60),
        ("set a timer for a minute", "Timer for 1 minute.", 60),
        ("set a timer for one second", "Timer for 1 second.", 1),
    ])
    func theBundledTimerIsStored(_ query: String, _ answer: String, _ seconds: Double) throws {
        let home = try TemporaryHome()
        let susi = try berlinHarness(home)
        let result = susi.run(["chat", query])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(answer + "\nReminder #1 set for "), "\(result.stdout)")
        let reminders = try stored(home)
        #expect(reminders.map(\.due) == [tenOClock.addingTimeInterval(seconds)])
        #expect(reminders.first?.origin.hasPrefix("skill") == true)
        #expect(reminders.first?.kind == .timer)
    }

    @Test func aPlanThatCannotBeStoredIsNotClaimedAsStored() throws {
        let home = try TemporaryHome()
        var susi = try berlinHarness(home)
        susi.makers = { $0.reminders = { _ in throw ServiceError(.unavailable, "The disk is full.") } }
        let result = susi.run(["chat", "set a timer for 2 seconds"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("Reminder #"))
        #expect(result.stdout.contains("Planned for "))
        #expect(result.stderr.contains("was not stored as a reminder (The disk is full.)"), "\(result.stderr)")
    }

    @Test func withWaitTheChatGivesItItselfAndStoresNothing() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", "--wait", "set a timer for one second"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Time is up! Your 1 second timer is done.\n"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/reminders.changed"))
    }
}
