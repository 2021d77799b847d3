import Foundation
import SusiPorts
import SusiTestKit
import Testing

private let kitchenOne = Device(macAddress: "AA:BB:CC:00:00:01", name: "Kitchen Speaker 1", room: "Kitchen")
private let kitchenTwo = Device(macAddress: "AA:BB:CC:00:00:02", name: "Kitchen Speaker 2", room: "Kitchen")

/// Devices named by name, unique prefix or MAC (issue 38), and the one
/// confirmation rule of every destructive command (decision 0441).
@Suite("Devices by name, and the confirmation of destructive commands")
struct DeviceNamesTests {
    @Test func aNameOrAUniquePrefixNamesADevice() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([kitchenOne, kitchenTwo, radio])
        let moved = susi.run(["device", "move", "Kitchen Speaker 2", "--room", "Living Room"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stderr.contains("Moved 'Kitchen Speaker 2' (AA:BB:CC:00:00:02) from Kitchen to Living Room."))
        let shown = susi.run(["device", "show", "radio"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("MAC:      00:11:22:33:44:55\nName:     Radio\n"))
        let prefix = susi.run(["device", "rename", "Rad", "Attic radio"])
        #expect(prefix.status == 0, "\(prefix.stderr)")
        #expect(prefix.stderr.contains("Renamed 00:11:22:33:44:55 from 'Radio' to 'Attic radio'."))
        let byMAC = susi.run(["device", "show", "aa-bb-cc-00-00-01", "--json"])
        #expect(byMAC.stdout.contains("\"name\" : \"Kitchen Speaker 1\""))
        #expect(try home.devices(susi).map { "\($0.name)|\($0.room)" }.sorted()
            == ["Attic radio|Attic", "Kitchen Speaker 1|Kitchen", "Kitchen Speaker 2|Living Room"])
    }

    @Test func anAmbiguousPrefixListsTheDevicesAndChangesNothing() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([kitchenOne, kitchenTwo, radio])
        for arguments in [["device", "rename", "kitchen", "X"], ["device", "move", "Kitchen Speaker", "--room", "Garage"],
                          ["device", "remove", "Kit", "--yes"], ["device", "show", "kitchen speaker"]] {
            let result = susi.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("matches 2 devices"), "\(result.stderr)")
            #expect(result.stderr.contains("AA:BB:CC:00:00:01  Kitchen Speaker 1 (Kitchen)"), "\(result.stderr)")
            #expect(result.stderr.contains("AA:BB:CC:00:00:02  Kitchen Speaker 2 (Kitchen)"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try home.devices(susi).count == 3)
        #expect(try home.devices(susi).allSatisfy { $0.room != "Garage" && $0.name != "X" })
    }

    @Test func anUnknownNameGetsDidYouMeanAndChangesNothing() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([kitchenOne, radio])
        let typo = susi.run(["device", "move", "Raido", "--room", "Garage"])
        #expect(typo.status == 64, "\(typo.stderr)")
        #expect(typo.stderr.contains("error: No device named 'Raido' is registered to ada@example.com."))
        #expect(typo.stderr.contains("Did you mean 'Radio' (00:11:22:33:44:55, Attic)?"))
        let nothing = susi.run(["device", "remove", "Toaster", "--yes"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("See 'susi device list'."))
        #expect(try home.devices(susi).map { "\($0.name)|\($0.room)" }.sorted() == ["Kitchen Speaker 1|Kitchen", "Radio|Attic"])
    }

    @Test func removingOneDeviceAsksOnATerminalAndNeedsYesInAScript() throws {
        let home = try TemporaryHome()
        var susi = try home.withDevices([speaker, radio])
        let refused = susi.run(["device", "remove", "Radio"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("error: Removing 'Radio' (00:11:22:33:44:55) from the account needs a confirmation, and there is no terminal to ask on."))
        #expect(refused.stderr.contains("Pass --yes to confirm it in advance; nothing was changed."))
        #expect(try home.devices(susi).count == 2)

        susi.stdinTTY = true
        susi.stdoutTTY = true
        let declined = susi.run(["device", "remove", "Radio"], stdin: "n\n")
        #expect(declined.status == 0)
        #expect(declined.stderr.contains("Remove 'Radio' (00:11:22:33:44:55, Attic) from the account?"))
        #expect(declined.stderr.contains("Nothing was removed."))
        #expect(try home.devices(susi).count == 2)
        let accepted = susi.run(["device", "remove", "Radio"], stdin: "y\n")
        #expect(accepted.status == 0)
        #expect(accepted.stderr.contains("Removed 'Radio' (00:11:22:33:44:55) from the account."))
        #expect(try home.devices(susi).map(\.name) == ["Speaker"])
    }

    @Test func noInputRefusesWithItsReasonEvenOnATerminal() throws {
        let home = try TemporaryHome()
        var susi = try home.withDevices([speaker])
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let refused = susi.run(["--no-input", "device", "remove", "--all"], stdin: "y\n")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("error: Removing all 1 devices from the account needs a confirmation, and prompting is disabled by --no-input."))
        #expect(try home.devices(susi).count == 1)
    }

    /// The three destructive commands refuse the same way in a script.
    @Test func everyDestructiveCommandRefusesTheSameWayWithoutATerminal() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker])
        _ = susi.run(["chat", "hello"])
        for (arguments, what) in [(["device", "remove", "Speaker"], "Removing 'Speaker' (41:24:AA:9C:C5:78) from the account"),
                                  (["chat", "history", "--clear"], "Deleting 1 exchange with local"),
                                  (["skills", "remove", "--all-imported"], "Removing every imported skill from the embedded SUSI")] {
            let result = susi.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("error: \(what) needs a confirmation, and there is no terminal to ask on."), "\(result.stderr)")
            #expect(result.stderr.contains("Pass --yes to confirm it in advance; nothing was changed."), "\(result.stderr)")
        }
        #expect(try home.devices(susi).count == 1)
        #expect(susi.run(["chat", "history"]).stdout.contains("hello"))
    }
}
