import Foundation
import SusiPorts
import Testing
@testable import SusiCore

/// The C library's offset of the local time zone is Foundation's.
@Suite struct ChatModelsTests {
    @Test func theLocalOffsetIsTimeZoneCurrents() {
        // Summer and winter, where the zone has daylight saving time.
        for date in [Date(timeIntervalSince1970: 1_782_000_000), Date(timeIntervalSince1970: 1_798_000_000), Date()] {
            #expect(ChatRequest.localTimezoneOffset(at: date) == ChatRequest.timezoneOffset(.current, at: date))
        }
        #expect(ChatRequest.timezoneOffset(TimeZone(secondsFromGMT: 3600)!, at: Date()) == -60)
    }
}
