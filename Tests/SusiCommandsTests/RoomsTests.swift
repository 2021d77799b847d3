import Foundation
import SusiBasics
import SusiPorts
import Testing
import SusiCLI
import SusiCore
@testable import SusiCommands

@Suite("Rooms")
struct RoomsTests {
    @Test func theAppsFourteenComeFirstThenRoomsInUse() {
        #expect(Rooms.common.count == 14)
        let devices = [Device(macAddress: "00:00:00:00:00:01", name: "A", room: "kitchen"),
                       Device(macAddress: "00:00:00:00:00:02", name: "B", room: "Kitchen"),
                       Device(macAddress: "00:00:00:00:00:03", name: "C", room: "Attic"),
                       Device(macAddress: "00:00:00:00:00:04", name: "D", room: "Boat house")]
        let entries = Rooms.entries(devices: devices)
        #expect(entries.count == 16)
        #expect(Array(entries.prefix(14).map(\.name)) == Rooms.common)
        #expect(entries[1] == Rooms.Entry(name: "Kitchen", devices: 2, common: true))
        #expect(entries[14] == Rooms.Entry(name: "Attic", devices: 1, common: false))
        #expect(entries[15].name == "Boat house")
    }

    @Test func roomNamesFollowTheSettingsRule() throws {
        try Rooms.check("Living Room")
        for bad in ["", " Kitchen", String(repeating: "x", count: 65), "Hall\tway"] {
            #expect(throws: UsageError.self) { try Rooms.check(bad) }
        }
    }
}

@Suite("The room picker")
struct RoomPickerTests {
    func pick(_ answers: [String], suggested: String? = nil) throws -> (String, String) {
        let io = IOStreams.captured(stdin: answers.joined(separator: "\n") + "\n", stdinTTY: true, stdoutTTY: true, stderrTTY: true)
        let picker = RoomPicker(prompter: TerminalPrompter(io: io, style: Style(enabled: false)), output: io.stderr,
                                rooms: Rooms.common, suggested: suggested)
        let room = try picker.pick()
        return (room, io.stderr.text)
    }

    @Test func aNumberPicksFromTheList() throws {
        let (room, shown) = try pick(["2"])
        #expect(room == "Kitchen")
        #expect(shown.contains(" 1) Bedroom\n"))
        #expect(shown.contains("14) Driveway\n"))
        #expect(shown.contains("15) Other (type a name)\n"))
    }

    @Test func lettersFilterAndNumbersThenCountInTheFilteredList() throws {
        let (room, shown) = try pick(["room", "3"])
        #expect(shown.contains("Rooms matching 'room':\n   1) Bedroom\n   2) Family Room\n   3) Living Room\n   4) Guest Room\n"))
        #expect(room == "Living Room")
    }

    @Test func anExactNameIsTakenInAnyCase() throws {
        #expect(try pick(["front porch"]).0 == "Front Porch")
    }

    @Test func aNameThatMatchesNothingIsOfferedAsANewRoom() throws {
        let (room, shown) = try pick(["Attic", "y"])
        #expect(room == "Attic")
        #expect(shown.contains("Use 'Attic' as a new room? [Y/n]"))
        // Declined: the whole list again.
        #expect(try pick(["Attic", "n", "1"]).0 == "Bedroom")
    }

    @Test func otherAsksForAnyNameAndChecksIt() throws {
        let (room, shown) = try pick(["15", String(repeating: "x", count: 70), "15", "Room with a view"])
        #expect(room == "Room with a view")
        #expect(shown.contains("cannot be used: expected a room name of 1 to 64 characters"))
    }

    @Test func anEmptyAnswerTakesTheSuggestion() throws {
        #expect(try pick([""], suggested: "Garage").0 == "Garage")
    }

    @Test func aNumberOutsideTheListAsksAgain() throws {
        let (room, shown) = try pick(["99", "1"])
        #expect(room == "Bedroom")
        #expect(shown.contains("There is no 99 in the list."))
    }

    @Test func theEndOfInputStops() {
        #expect(throws: CommandError.self) { try pick(["room"]) }
    }
}
