import Foundation
import SusiPorts
import Testing
import SusiCore
import SusiStore
@testable import SusiLocal

@Suite struct SettingsTests {
    @Test func valuesRoundTripAsStringsAndOverwrite() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let ada = try service.newAccount("ada@example.org")
        let bob = try service.newAccount("bob@example.org")
        #expect(try service.settings(token: ada) == [:])
        let values = ["theme": "dark", "speechRate": "0.75", "enterAsSend": "true", "userName": "Ada Lovelace",
                      "timeZone": "Europe/London", "customThemeValue": "#ffffff,ünïcødé ✓", "phoneNo": ""]
        try service.changeSettings(values, token: ada)
        #expect(try service.settings(token: ada) == values)
        #expect(try fixture.service().settings(token: ada) == values) // another connection sees the same
        #expect(try service.settings(token: bob) == [:])

        try service.changeSettings(["theme": "light", "micInput": "false"], token: ada)
        var expected = values
        expected["theme"] = "light"
        expected["micInput"] = "false"
        #expect(try service.settings(token: ada) == expected)
        #expect(try fixture.count("settings", "key = 'theme'") == 1)
    }

    @Test func everyServerSettingNameIsAccepted() throws {
        let service = try Fixture().service()
        let token = try service.newAccount("ada@example.org")
        var all: [String: String] = [:]
        for name in EmbeddedService.settingNames { all[name] = name == "userName" ? "someone" : "v-\(name)" }
        try service.changeSettings(all, token: token)
        #expect(try service.settings(token: token) == all)
        #expect(all.count == 21)
    }

    @Test func unknownNameRefusesTheWholeChange() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try service.changeSettings(["theme": "dark"], token: token)
        for bad in [["theme": "light", "speechRate": "1", "colour": "red"], ["Theme": "light"], ["": "x"]] {
            let name = bad.keys.first { !EmbeddedService.settingNames.contains($0) }!
            try refusedUnchanged(fixture, .invalidInput, ["unknown account setting", "'\(name)'"]) {
                try service.changeSettings(bad, token: token)
            }
        }
        #expect(try service.settings(token: token) == ["theme": "dark"])
    }

    @Test func emptyChangeIsRefused() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try refusedUnchanged(fixture, .invalidInput, ["no settings"]) { try service.changeSettings([:], token: token) }
    }

    @Test func userNameHas5To51Characters() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        for name in ["", "abcd", String(repeating: "n", count: 52)] {
            try refusedUnchanged(fixture, .invalidInput, ["user name", "5 to 51"]) {
                try service.changeSettings(["theme": "dark", "userName": name], token: token)
            }
        }
        #expect(try service.settings(token: token) == [:])
        for name in ["abcde", "Zoë 🙂x", String(repeating: "n", count: 51)] {
            try service.changeSettings(["userName": name], token: token)
            #expect(try service.settings(token: token)["userName"] == name)
        }
    }

    @Test func overlongValueIsRefused() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try refusedUnchanged(fixture, .invalidInput, ["too long", "backgroundImage"]) {
            try service.changeSettings(["theme": "dark", "backgroundImage": String(repeating: "x", count: 4097)], token: token)
        }
        try service.changeSettings(["backgroundImage": String(repeating: "x", count: 4096)], token: token)
    }
}

@Suite struct DeviceTests {
    static let valid = ["12:34:56:78:9A:BC", "12:34:56:78:9a:bc", "12-34-56-78-9A-BC", "aB-cD-eF-01-23-45", "00:00:00:00:00:00"]
    static let invalid = ["", "12:34:56:78:9A", "12:34:56:78:9A:BC:DE", "12:34-56:78:9A:BC", "12-34:56-78:9A-BC",
                          "12:34:56:78:9A:BG", "12:34:56:78:9A:B", "123:4:56:78:9A:BC", "123456789ABC",
                          "12.34.56.78.9A.BC", " 12:34:56:78:9A:BC", "12:34:56:78:9A:BC ", "12:34:56:78:9A:BC:",
                          "１２:34:56:78:9A:BC", "12:34:56:78:9A:ｂｃ", "zz:zz:zz:zz:zz:zz"]

    @Test(arguments: valid) func acceptsMAC(_ mac: String) throws {
        let service = try Fixture().service()
        let token = try service.newAccount("ada@example.org")
        try service.addDevice(Device(macAddress: mac, name: "Speaker", room: "Kitchen"), token: token)
        let stored = try service.devices(token: token)
        #expect(stored.map(\.macAddress) == [mac.uppercased().replacingOccurrences(of: "-", with: ":")])
    }

    @Test(arguments: invalid) func refusesMAC(_ mac: String) throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        #expect(!Device.isValidMAC(mac))
        try refusedUnchanged(fixture, .invalidInput, ["not a mac address"]) {
            try service.addDevice(Device(macAddress: mac, name: "Speaker", room: "Kitchen"), token: token)
        }
        try refusedUnchanged(fixture, .invalidInput, ["not a mac address"]) { try service.removeDevice(mac, token: token) }
        #expect(try service.devices(token: token).isEmpty)
    }

    @Test func needsNameAndRoom() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        for (name, room) in [("", "Kitchen"), ("Speaker", ""), ("   ", "Kitchen"), ("Speaker", "\t"), ("\n", "Kitchen"),
                             ("Speaker", " \r\n ")] {
            try refusedUnchanged(fixture, .invalidInput, ["name and a room"]) {
                try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: name, room: room), token: token)
            }
        }
        // Surrounding blanks are trimmed.
        try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: "  Speaker ", room: " Kitchen"), token: token)
        let device = try #require(try service.devices(token: token).first)
        #expect((device.name, device.room) == ("Speaker", "Kitchen"))
    }

    @Test func coordinatesMustBeInRange() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        func add(_ latitude: Double?, _ longitude: Double?) throws {
            try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: "Speaker", room: "Kitchen",
                                         latitude: latitude, longitude: longitude), token: token)
        }
        for latitude in [90.0001, -90.5, 1000, .nan, .infinity, -.infinity] {
            try refusedUnchanged(fixture, .invalidInput, ["latitude", "-90", "90"]) { try add(latitude, 0) }
        }
        for longitude in [180.0001, -181, .nan, .infinity] {
            try refusedUnchanged(fixture, .invalidInput, ["longitude", "-180", "180"]) { try add(0, longitude) }
        }
        #expect(try service.devices(token: token).isEmpty)
        for (latitude, longitude) in [(90.0, 180.0), (-90, -180), (52.52, 13.405)] as [(Double, Double)] {
            try add(latitude, longitude)
            let device = try #require(try service.devices(token: token).first)
            #expect(device.latitude == latitude && device.longitude == longitude)
        }
        try add(nil, nil)
        let device = try #require(try service.devices(token: token).first)
        #expect(device.latitude == nil && device.longitude == nil)
    }

    @Test func reAddingTheSameMACInAnyFormOverwrites() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try service.addDevice(Device(macAddress: "ab:cd:ef:01:23:45", name: "Speaker", room: "Kitchen",
                                     latitude: 1, longitude: 2), token: token)
        let added = fixture.clock.now()
        fixture.clock.advance(100)
        for (index, form) in ["AB:CD:EF:01:23:45", "ab-cd-ef-01-23-45", "Ab-Cd-eF-01-23-45"].enumerated() {
            try service.addDevice(Device(macAddress: form, name: "Speaker \(index)", room: "Room \(index)"), token: token)
        }
        let devices = try service.devices(token: token)
        #expect(devices.count == 1)
        #expect(devices.first == Device(macAddress: "AB:CD:EF:01:23:45", name: "Speaker 2", room: "Room 2", added: added))
    }

    @Test func listIsOrderedByRoomThenNameAndRemovesWork() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let ada = try service.newAccount("ada@example.org")
        let bob = try service.newAccount("bob@example.org")
        let devices = [("00:00:00:00:00:03", "Radio", "Kitchen"), ("00:00:00:00:00:01", "Speaker", "Office"),
                       ("00:00:00:00:00:02", "Alarm", "Bedroom"), ("00:00:00:00:00:04", "Clock", "Kitchen")]
        for (mac, name, room) in devices {
            try service.addDevice(Device(macAddress: mac, name: name, room: room), token: ada)
        }
        try service.addDevice(Device(macAddress: "00:00:00:00:00:01", name: "Bob's", room: "Hall"), token: bob)
        #expect(try service.devices(token: ada).map(\.name) == ["Alarm", "Clock", "Radio", "Speaker"])
        #expect(try service.devices(token: ada).allSatisfy { $0.added == fixture.clock.now() })

        try service.removeDevice("00-00-00-00-00-04", token: ada)
        #expect(try service.devices(token: ada).map(\.name) == ["Alarm", "Radio", "Speaker"])

        try refusedUnchanged(fixture, .notFound, ["00:00:00:00:00:04"]) { try service.removeDevice("00:00:00:00:00:04", token: ada) }
        try refusedUnchanged(fixture, .notFound, ["AA:BB:CC:DD:EE:FF"]) { try service.removeDevice("aa:bb:cc:dd:ee:ff", token: ada) }

        try service.removeDevice(nil, token: ada)
        #expect(try service.devices(token: ada).isEmpty)
        // Bob's device with the same MAC is his own and stays.
        #expect(try service.devices(token: bob).map(\.name) == ["Bob's"])
        // Removing all when there are none is fine.
        try service.removeDevice(nil, token: ada)
    }
}
