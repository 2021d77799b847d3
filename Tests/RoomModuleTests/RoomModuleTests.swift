import Foundation
import SusiCLI
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore
import SusiCommands

@Suite("susi room list, pick")
struct RoomModuleTests {
    @Test func withoutALoginTheFourteenRoomsAreListed() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["room", "list"])
        #expect(result.status == 0)
        let rows = result.stdout.lines.filter { !$0.isEmpty }
        #expect(rows.count == 14)
        #expect(rows.first == "Bedroom\t0")
        #expect(rows.last == "Driveway\t0")
        #expect(result.stderr.contains("Log in ('susi login') to see the rooms your devices are in."))
    }

    @Test func roomsInUseAreCounted() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([speaker, radio, Device(macAddress: "00:00:00:00:00:09", name: "Clock", room: "kitchen")])
        let rows = susi.run(["room", "list"]).stdout.lines.filter { !$0.isEmpty }
        #expect(rows.count == 15)
        #expect(rows[1] == "Kitchen\t2")
        #expect(rows[14] == "Attic\t1")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(susi.run(["room", "list", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(json[14]["name"] as? String == "Attic")
        #expect(json[14]["devices"] as? Int == 1)
        #expect(json[14]["common"] as? Bool == false)
    }

    @Test func pickNeedsATerminal() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["room", "pick"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: Picking a room needs a terminal."))
        #expect(result.stderr.contains("--room"))
        #expect(result.stdout.isEmpty)
    }

    @Test func pickPrintsTheChosenRoomEvenWhenStdoutIsAPipe() throws {
        let home = try TemporaryHome()
        var susi = try home.harness()
        susi.stdinTTY = true
        susi.stderrTTY = true
        let result = susi.run(["room", "pick"], stdin: "gar\n1\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Garage\n")
        #expect(result.stderr.contains("Rooms matching 'gar':"))
    }

    @Test func roomsCompleteFromTheSameList() throws {
        let home = try TemporaryHome()
        let susi = try home.withDevices([radio])
        let context = Context(io: .captured(), environment: susi.environment, services: SusiApp.makeScope(susi.makers))
        let provider = Completions.rooms
        let rooms = try provider.candidates(CompletionRequest(path: ["susi", "device", "rename"], positionals: [], prefix: ""), context).map(\.value)
        #expect(rooms.count == 15)
        #expect(rooms.first == "Bedroom")
        #expect(rooms.last == "Attic")
    }
}
