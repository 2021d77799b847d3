import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore

@Suite("susi room set")
struct SetRoomTests {
    @Test func setsTheRoomSetting() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["room", "set", "Living Room"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Set room to Living Room.\n")
        #expect(susi.run(["config", "get", "room"]).stdout == "Living Room\n")
        #expect(susi.run(["room", "set", "Attic", "--quiet"]).stderr.isEmpty)
        #expect(susi.run(["config", "get", "room"]).stdout == "Attic\n")
    }

    @Test func aBadNameIsRefusedAndNothingChanges() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        #expect(susi.run(["room", "set", "Kitchen"]).status == 0)
        let before = home.contents(home.configFile)
        for bad in [" Kitchen", "", String(repeating: "x", count: 65)] {
            let result = susi.run(["room", "set", bad])
            #expect(result.status == 64, "\(bad)")
            #expect(result.stderr.hasPrefix("error: The room '\(bad)' cannot be used: expected a room name of 1 to 64 characters"), "\(result.stderr)")
            #expect(result.stderr.contains("'susi room list' shows the common rooms"))
            #expect(result.stdout.isEmpty)
            #expect(home.contents(home.configFile) == before)
        }
        #expect(susi.run(["room", "set"]).status == 64, "the room is needed")
    }

    @Test func theEnvironmentVariableIsSaidToWin() throws {
        let home = try TemporaryHome()
        let result = try home.harness(["SUSI_ROOM": "Garage"]).run(["room", "set", "Attic"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: SUSI_ROOM is set in the environment and takes precedence over this setting."), "\(result.stderr)")
    }
}
