import Foundation
import SusiCore
import SusiPorts
import Testing

@Suite struct SettingsContract {
    @Test(arguments: BackendKind.allCases)
    func settingsRoundTrip(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            #expect(try service.settings(token: ada) == [:])
            try service.changeSettings(["userName": "Ada L.", "theme": "dark", "speechRate": "1.5"], token: ada)
            #expect(try service.settings(token: ada) == ["userName": "Ada L.", "theme": "dark", "speechRate": "1.5"])
            // A change overwrites only the names it gives.
            try service.changeSettings(["theme": "light", "prefLanguage": "de"], token: ada)
            #expect(try service.settings(token: ada)
                == ["userName": "Ada L.", "theme": "light", "speechRate": "1.5", "prefLanguage": "de"])
            // Settings belong to one account.
            #expect(try service.settings(token: bob) == [:])
            refused(.notLoggedIn, backend) { _ = try service.settings(token: nil) }
            refused(.notLoggedIn, backend) { try service.changeSettings(["theme": "dark"], token: nil) }
        }
    }

    @Test(arguments: BackendKind.allCases)
    func unknownNamesAndBadUserNamesAreRefusedWhole(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            try service.changeSettings(["theme": "dark"], token: ada)
            refused(.invalidInput, backend) { try service.changeSettings(["noSuchSetting": "1"], token: ada) }
            // All or nothing: a known name beside an unknown one is not stored either.
            refused(.invalidInput, backend) { try service.changeSettings(["theme": "light", "noSuchSetting": "1"], token: ada) }
            refused(.invalidInput, backend) { try service.changeSettings([:], token: ada) }

            refused(.invalidInput, backend) { try service.changeSettings(["userName": "Ada"], token: ada) }
            refused(.invalidInput, backend) { try service.changeSettings(["userName": String(repeating: "a", count: 52)], token: ada) }
            refused(.invalidInput, backend) { try service.changeSettings(["userName": "Ada", "theme": "light"], token: ada) }
            #expect(try service.settings(token: ada) == ["theme": "dark"])

            try service.changeSettings(["userName": "Ada L"], token: ada)
            try service.changeSettings(["userName": String(repeating: "a", count: 51)], token: ada)
            #expect(try service.settings(token: ada) == ["theme": "dark", "userName": String(repeating: "a", count: 51)])
        }
    }
}

@Suite struct DeviceContract {
    @Test(arguments: BackendKind.allCases)
    func addListOverwriteAndRemove(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            #expect(try service.devices(token: ada).isEmpty)
            let added = backend.clock.now()
            try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: "Speaker", room: "Kitchen",
                                         latitude: 52.5, longitude: 13.4), token: ada)
            try service.addDevice(Device(macAddress: "12-34-56-78-9a-bd", name: "Radio", room: "Bedroom"), token: ada)
            try service.addDevice(Device(macAddress: "AA:BB:CC:DD:EE:FF", name: "Bob's", room: "Hall"), token: bob)
            // Ordered by room, MACs in one spelling, coordinates only where given.
            #expect(try service.devices(token: ada) == [
                Device(macAddress: "12:34:56:78:9A:BD", name: "Radio", room: "Bedroom", added: added),
                Device(macAddress: "12:34:56:78:9A:BC", name: "Speaker", room: "Kitchen", added: added,
                       latitude: 52.5, longitude: 13.4),
            ])

            // The same MAC (in any spelling) overwrites the device and keeps when it was added.
            backend.clock.advance(60)
            try service.addDevice(Device(macAddress: "12-34-56-78-9A-BC", name: "Big speaker", room: "Living room"), token: ada)
            #expect(try service.devices(token: ada) == [
                Device(macAddress: "12:34:56:78:9A:BD", name: "Radio", room: "Bedroom", added: added),
                Device(macAddress: "12:34:56:78:9A:BC", name: "Big speaker", room: "Living room", added: added),
            ])

            try service.removeDevice("12:34:56:78:9a:bc", token: ada)
            #expect(try service.devices(token: ada).map(\.name) == ["Radio"])
            refused(.notFound, backend) { try service.removeDevice("12:34:56:78:9A:BC", token: ada) }
            // Another account's device is unknown here.
            refused(.notFound, backend) { try service.removeDevice("AA:BB:CC:DD:EE:FF", token: ada) }
            try service.addDevice(Device(macAddress: "01:02:03:04:05:06", name: "Clock", room: "Bedroom"), token: ada)
            try service.removeDevice(nil, token: ada)
            #expect(try service.devices(token: ada).isEmpty)
            // Removing everything when there is nothing is fine.
            try service.removeDevice(nil, token: ada)
            #expect(try service.devices(token: bob).map(\.name) == ["Bob's"])
        }
    }

    @Test(arguments: BackendKind.allCases)
    func badDevicesAreRefused(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            for mac in ["", "12:34:56:78:9A", "12:34:56:78:9A:BC:DE", "12:34:56-78:9A:BC", "12:34:56:78:9A:BG", "123456789ABC",
                        "１2:34:56:78:9A:BC"] {
                refused(.invalidInput, backend) {
                    try service.addDevice(Device(macAddress: mac, name: "Speaker", room: "Kitchen"), token: ada)
                }
                if !mac.isEmpty {
                    refused(.invalidInput, backend) { try service.removeDevice(mac, token: ada) }
                }
            }
            refused(.invalidInput, backend) {
                try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: " ", room: "Kitchen"), token: ada)
            }
            refused(.invalidInput, backend) {
                try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: "Speaker", room: ""), token: ada)
            }
            refused(.notLoggedIn, backend) {
                try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: "Speaker", room: "Kitchen"), token: nil)
            }
            refused(.notLoggedIn, backend) { _ = try service.devices(token: nil) }
            refused(.notLoggedIn, backend) { try service.removeDevice(nil, token: nil) }
            #expect(try service.devices(token: ada).isEmpty)
        }
    }
}
