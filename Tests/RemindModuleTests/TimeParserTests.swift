import Foundation
import SusiCLI
import SusiTestKit
import Testing
@testable import RemindModule

/// Saturday 5 December 2026, 10:00:00 in Berlin (09:00 UTC).
let berlin = TimeZone(identifier: "Europe/Berlin")!
let tenOClock = Date(timeIntervalSince1970: 1_796_461_200)

func berlinDate(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, zone: TimeZone = berlin) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
}

@Suite("The time parser")
struct TimeParserTests {
    let parser = TimeParser(now: tenOClock, zone: berlin)

    @Test func theClockIsWhatTheTestsSayItIs() {
        #expect(berlinDate(2026, 12, 5, 10, 0) == tenOClock)
    }

    @Test(arguments: [
        ("in five minutes", 300.0), ("in 1 minute", 60), ("1h", 3600), ("5m", 300), ("90s", 90), ("1h30m", 5400),
        ("a minute", 60), ("one minute", 60), ("an hour", 3600), ("in twenty-five minutes", 1500),
        ("in twenty five minutes", 1500), ("1 hour and 30 minutes", 5400), ("2 seconds", 2), ("1.5h", 5400),
        ("2 days", 172_800), ("1 week", 604_800),
    ])
    func durations(_ text: String, _ seconds: Double) throws {
        #expect(try parser.duration(text) == seconds)
    }

    @Test(arguments: [
        ("at 7 pm", (2026, 12, 5, 19, 0)), ("18:30", (2026, 12, 5, 18, 30)), ("at 11", (2026, 12, 5, 11, 0)),
        ("tomorrow 9:00", (2026, 12, 6, 9, 0)), ("tomorrow at noon", (2026, 12, 6, 12, 0)),
        ("2026-12-24T18:00", (2026, 12, 24, 18, 0)), ("2026-12-24 18:00", (2026, 12, 24, 18, 0)),
        ("at 7:30pm", (2026, 12, 5, 19, 30)), ("midnight", (2026, 12, 6, 0, 0)), ("tomorrow at 7", (2026, 12, 6, 7, 0)),
        ("today at seven pm", (2026, 12, 5, 19, 0)),
    ])
    func moments(_ text: String, _ expected: (Int, Int, Int, Int, Int)) throws {
        #expect(try parser.moment(text) == berlinDate(expected.0, expected.1, expected.2, expected.3, expected.4), "\(text)")
    }

    @Test func relativeMomentsCountFromTheInjectedClock() throws {
        #expect(try parser.moment("in five minutes") == tenOClock.addingTimeInterval(300))
        #expect(try parser.moment("2 seconds") == tenOClock.addingTimeInterval(2))
    }

    @Test func anISOTimeWithAnOffsetIsThatMoment() throws {
        #expect(try parser.moment("2026-12-24T18:00Z") == berlinDate(2026, 12, 24, 18, 0, zone: TimeZone(identifier: "UTC")!))
    }

    @Test func aPastTimeIsRefusedWithHowLongAgo() {
        let atThree = TimeParser(now: tenOClock.addingTimeInterval(3 * 60), zone: berlin)
        #expect(throws: UsageError.self) { try atThree.moment("10:00") }
        #expect(message { try atThree.moment("10:00") } == "10:00 today is in the past: that was 3 minutes ago. Say 'tomorrow 10:00' for tomorrow.")
        #expect(message { try parser.moment("at 7") }?.contains("that was 3 hours ago") == true)
        #expect(message { try parser.moment("2026-12-05T09:57") } == "'2026-12-05T09:57' is in the past: that was 3 minutes ago.")
    }

    @Test(arguments: [
        ("0m", "too short"), ("0 seconds", "too short"), ("-5m", "cannot be negative"), ("11 years", "longer than 10 years"),
        ("in five fortnights", "'fortnights' is not a unit of time"), ("soon", "'soon' was not understood"),
        ("5", "'5' needs a unit"), ("in", "nothing after 'in'"),
    ])
    func badDurationsAreRefusedNamingWhatWasNotUnderstood(_ text: String, _ expected: String) {
        let said = message { try parser.duration(text) }
        #expect(said?.contains(expected) == true, "\(text): \(said ?? "accepted")")
    }

    @Test(arguments: [
        ("at seven-ish", "'seven-ish' was not understood"), ("25:00", "hours go 0 to 23"), ("13 pm", "the hour is 1 to 12"),
        ("tomorrow", "says no time of day"), ("2026-13-01T10:00", "not an ISO 8601"), ("2040-01-01T10:00", "more than 10 years away"),
        ("next blursday", "was not understood"), ("2026-12-24", "a day without a time"),
    ])
    func badMomentsAreRefusedNamingWhatWasNotUnderstood(_ text: String, _ expected: String) {
        let said = message { try parser.moment(text) }
        #expect(said?.contains(expected) == true, "\(text): \(said ?? "accepted")")
    }

    @Test func anUnknownZoneIsRefused() {
        #expect(throws: UsageError.self) { try TimeParser.zone(named: "Mars/Olympus", environment: [:]) }
        #expect((try? TimeParser.zone(named: nil, environment: ["TZ": ":Europe/Berlin"]))?.identifier == "Europe/Berlin")
    }

    @Test func controlCharactersInAMessageAreEscaped() {
        #expect(message { try parser.moment("at \u{1b}[31m") }?.contains("\u{1b}") == false)
    }
}

func message(_ body: () throws -> Any) -> String? {
    do {
        _ = try body()
        return nil
    } catch let error as UsageError {
        return error.message
    } catch {
        return "\(error)"
    }
}
