import Foundation
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore
import SusiLocal

@Suite("susi device list, show, rename, move, remove")
struct DeviceCommandsTests {
    @Test func everyDeviceCommandNeedsALogin() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        for (arguments, what) in [(["device", "list"], "Listing devices"), (["device", "show", "41:24:aa:9c:c5:78"], "Showing a device"),
                                  (["device", "rename", "41:24:aa:9c:c5:78", "X"], "Renaming a device"),
                                  (["device", "move", "41:24:aa:9c:c5:78", "--room", "Garage"], "Moving a device"),
                                  (["device", "remove", "41:24:aa:9c:c5:78"], "Removing a device"),
                                  (["device", "remove", "--all", "--yes"], "Removing devices")] {
            let result = susi.run(arguments)
            #expect(result.status == 77, "\(arguments)")
            #expect(result.stderr.contains("error: \(what) needs an account."))
            #expect(result.stderr.contains("Log in with 'susi login'"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func listShowsTheDevicesAsATableAndAsJSON() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker, radio])
        let piped = susi.run(["device", "list"])
        #expect(piped.status == 0)
        let rows = piped.stdout.lines.filter { !$0.isEmpty }.map { $0.split(separator: "\t").prefix(3).joined(separator: "|") }
        #expect(rows == ["00:11:22:33:44:55|Radio|Attic", "41:24:AA:9C:C5:78|Speaker|Kitchen"])
        let json = susi.run(["device", "list", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["mac"] as? String } == ["00:11:22:33:44:55", "41:24:AA:9C:C5:78"])
        #expect(objects.first?["room"] as? String == "Attic")
        #expect(objects.first?["added"] is String)
    }

    @Test func anEmptyListSaysHowToSetUpADevice() throws {
        let home = try TemporaryHome()
        let result = try home.withDevices([]).run(["device", "list"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No devices are registered to this account. 'susi device setup'"))
        let json = try home.harness().run(["device", "list", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.isEmpty == true)
    }

    @Test func showTakesEitherCaseAndSeparator() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker])
        let result = susi.run(["device", "show", "41-24-aa-9c-c5-78"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("MAC:      41:24:AA:9C:C5:78\nName:     Speaker\nRoom:     Kitchen\n"))
        let json = susi.run(["device", "show", "41:24:aa:9c:c5:78", "--json"])
        #expect(json.stdout.contains("\"name\" : \"Speaker\""))
    }

    @Test func anUnknownOrInvalidAddressChangesNothing() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker, radio])
        let unknown = susi.run(["device", "remove", "41:24:aa:9c:c5:79"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("error: No device 41:24:AA:9C:C5:79 is registered to ada@example.com."))
        #expect(unknown.stderr.contains("Did you mean 41:24:AA:9C:C5:78 (Speaker, Kitchen)?"))
        let invalid = susi.run(["device", "rename", "41:24:aa:9c:c5", "New"])
        #expect(invalid.status == 64)
        #expect(invalid.stderr.contains("'41:24:aa:9c:c5' is not a MAC address: expected six pairs of hex digits"))
        #expect(try home.devices(susi).map(\.name) == ["Radio", "Speaker"])
    }

    @Test func renameKeepsTheRoomAndMoveKeepsTheName() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker])
        let renamed = susi.run(["device", "rename", "41:24:aa:9c:c5:78", "Kitchen speaker"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stderr.contains("Renamed 41:24:AA:9C:C5:78 from 'Speaker' to 'Kitchen speaker'."))
        let moved = susi.run(["device", "move", "41-24-AA-9C-C5-78", "--room", "Living Room"])
        #expect(moved.status == 0)
        #expect(moved.stderr.contains("Moved 'Kitchen speaker' (41:24:AA:9C:C5:78) from Kitchen to Living Room."))
        let device = try #require(try home.devices(susi).first)
        #expect((device.name, device.room) == ("Kitchen speaker", "Living Room"))
    }

    @Test func badNamesAndRoomsAreRefusedAndNothingChanges() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker])
        let cases: [([String], String)] = [
            (["device", "rename", "41:24:aa:9c:c5:78", "  "], "name"),
            (["device", "rename", "41:24:aa:9c:c5:78", String(repeating: "n", count: 101)], "100"),
            (["device", "move", "41:24:aa:9c:c5:78", "--room", String(repeating: "r", count: 65)], "1 to 64 characters"),
            (["device", "move", "41:24:aa:9c:c5:78", "--room", "Hall\tway"], "1 to 64 characters"),
            (["device", "move", "41:24:aa:9c:c5:78"], "--room"),
        ]
        for (arguments, reason) in cases {
            let result = susi.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr) should name \(reason)")
        }
        #expect(try home.devices(susi).map { [$0.name, $0.room] } == [["Speaker", "Kitchen"]])
    }

    @Test func removeOneOrAll() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker, radio])
        let one = susi.run(["device", "rm", "00-11-22-33-44-55", "--yes"])
        #expect(one.status == 0)
        #expect(one.stderr.contains("Removed 'Radio' (00:11:22:33:44:55) from the account."))
        #expect(try home.devices(susi).map(\.name) == ["Speaker"])
        let unconfirmed = susi.run(["device", "remove", "--all"])
        #expect(unconfirmed.status == 64)
        #expect(unconfirmed.stderr.contains("Pass --yes to confirm it in advance"))
        let both = susi.run(["device", "remove", "--all", "41:24:aa:9c:c5:78"])
        #expect(both.status == 64)
        let neither = susi.run(["device", "remove"])
        #expect(neither.status == 64)
        #expect(try home.devices(susi).map(\.name) == ["Speaker"])
        let all = susi.run(["device", "remove", "--all", "--yes"])
        #expect(all.status == 0)
        #expect(all.stderr.contains("Removed the only device from the account."))
        #expect(try home.devices(susi).isEmpty)
    }
}
