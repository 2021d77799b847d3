import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

/// `config set` and `config unset` repair a file with invalid values.
@Suite("config set/unset repair the file")
struct ConfigRepairTests {
    func text(_ home: TemporaryHome) -> String {
        String(decoding: home.configBytes() ?? Data(), as: UTF8.self)
    }

    @Test func setReplacesTheInvalidValueOfThatKey() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"speech.rate\": 5, \"room\": \"Kitchen\"}")
        let susi = try home.harness()
        #expect(susi.run(["config", "list"]).status == 78)
        let set = susi.run(["config", "set", "speech.rate", "1.25"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("warning: \(home.configFile) had an invalid value '5' (expected a number from 0.5 to 2) for 'speech.rate'; replacing it."))
        #expect(set.stderr.contains("Set speech.rate to 1.25."))
        #expect(text(home).contains("\"speech.rate\": 1.25"))
        #expect(text(home).contains("\"room\": \"Kitchen\""))
        #expect(susi.run(["config", "list"]).status == 0)
    }

    @Test func unsetRemovesAnInvalidValueOfTheWrongType() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"color\": [1, 2], \"room\": \"Kitchen\"}")
        let susi = try home.harness()
        let unset = susi.run(["config", "unset", "color"])
        #expect(unset.status == 0, "\(unset.stderr)")
        #expect(unset.stderr.contains("had a value of the wrong type"))
        #expect(unset.stderr.contains("Unset color (default: auto)."))
        #expect(!text(home).contains("color"))
        #expect(text(home).contains("\"room\": \"Kitchen\""))
        #expect(susi.run(["config", "get", "color"]).stdout == "auto\n")
    }

    @Test func anotherInvalidValueIsKeptWithAWarning() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"speech.rate\": 5}")
        let susi = try home.harness()
        let set = susi.run(["config", "set", "room", "Kitchen"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("has an invalid value '5' (expected a number from 0.5 to 2) for 'speech.rate'; kept as it is. Repair it with 'susi config set speech.rate VALUE' or 'susi config unset speech.rate'."))
        #expect(text(home).contains("\"speech.rate\": 5"))
        #expect(text(home).contains("\"room\": \"Kitchen\""))
        // Everything else still says what is wrong and how to repair it.
        let list = susi.run(["config", "list"])
        #expect(list.status == 78)
        #expect(list.stderr.contains("Repair it with 'susi config set speech.rate VALUE' or 'susi config unset speech.rate'"))
        #expect(susi.run(["config", "unset", "speech.rate"]).status == 0)
        #expect(susi.run(["config", "list"]).status == 0)
    }

    @Test func aNewInvalidValueIsStillRefusedAndNothingChanges() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"speech.rate\": 5}")
        let before = home.configBytes()
        let set = try home.harness().run(["config", "set", "speech.rate", "9"])
        #expect(set.status == 64)
        #expect(set.stderr.contains("Invalid value '9' for 'speech.rate'"))
        #expect(home.configBytes() == before)
    }
}
