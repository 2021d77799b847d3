import Testing
import SusiCLI
import SusiCore
@testable import DeviceModule
import SusiBasics
import SusiPorts

/// MAC addresses as `susi device` reads them (moved here with MACAddress,
/// which only the device module uses).
@Suite("MACAddress")
struct MACAddressTests {
    @Test func macAddressesAreNormalised() throws {
        #expect(try MACAddress.normalized("41:24:aa:9c:c5:78") == "41:24:AA:9C:C5:78")
        #expect(try MACAddress.normalized("41-24-AA-9c-C5-78") == "41:24:AA:9C:C5:78")
        for bad in ["41:24:aa:9c:c5", "41:24-aa:9c:c5:78", "41:24:aa:9c:c5:7g", "412:4aa:9c:c5:78:00", ""] {
            let error = #expect(throws: UsageError.self) { try MACAddress.normalized(bad) }
            #expect(error?.message.contains("is not a MAC address") == true)
        }
    }

    @Test func anUnknownAddressGetsTheClosestAsDidYouMean() throws {
        let devices = [Device(macAddress: "41:24:aa:9c:c5:78", name: "Speaker", room: "Kitchen"),
                       Device(macAddress: "00:11:22:33:44:55", name: "Radio", room: "Garage")]
        #expect(try MACAddress.find("41:24:AA:9C:C5:78", in: devices, account: "ada@example.com").name == "Speaker")
        let error = #expect(throws: CommandError.self) { try MACAddress.find("41:24:AA:9C:C5:79", in: devices, account: "ada@example.com") }
        #expect(error?.message == "No device 41:24:AA:9C:C5:79 is registered to ada@example.com.")
        #expect(error?.hint == "Did you mean 41:24:AA:9C:C5:78 (Speaker, Kitchen)?")
        #expect(error?.exitCode == .noInput)
        let far = #expect(throws: CommandError.self) { try MACAddress.find("FF:FF:FF:FF:FF:FF", in: devices, account: nil) }
        #expect(far?.hint == "See 'susi device list'.")
    }
}
