import Foundation
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// The speaker's client, its finder and the Wi-Fi reader are ports: a test
/// puts its own in through the harness's makers, with no speaker double, no
/// address and no network.
@Suite("susi device setup through the speaker ports")
struct SetupDevicePortsTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ call: String) { lock.withLock { list.append(call) } }
        var all: [String] { lock.withLock { list } }
    }

    struct FakeSpeaker: SpeakerClient {
        let address: URL
        let era: SpeakerEra
        let calls: Calls
        func setRoom(_ room: String) throws(SpeakerError) -> String { calls.add("room \(room)"); return room }
        func setWiFi(ssid: String, passphrase: String) throws(SpeakerError) { calls.add("wifi \(ssid)") }
        func setAccount(_ account: SpeakerAccount) throws(SpeakerError) {
            calls.add(account == .anonymous ? "account anonymous" : "account user")
        }
        func configure(_ configuration: SpeakerConfiguration) throws(SpeakerError) -> ConfigurationOutcome {
            calls.add("configure")
            return .accepted
        }
        func macAddress() throws(SpeakerError) -> String? { "AA:BB:CC:DD:EE:FF" }
    }

    struct FakeFinder: SpeakerFinding {
        let calls: Calls
        func find(_ target: SpeakerTarget) throws(SpeakerError) -> FoundSpeaker {
            calls.add("find \(target.host)")
            return FoundSpeaker(address: URL(string: "http://127.0.0.1:7070")!, era: .controlServer, hotspotRunning: true)
        }
    }

    struct WiFi: WiFiNetworkReader {
        let ssid: String?
        func currentSSID() -> String? { ssid }
    }

    func harness(_ home: TemporaryHome, calls: Calls, ssid: String?) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = { makers in
            makers.speakerFinder = { _ in FakeFinder(calls: calls) }
            makers.speakerClient = { _, address, era in FakeSpeaker(address: address, era: era, calls: calls) }
            makers.wifiNetwork = { _ in WiFi(ssid: ssid) }
        }
        return susi
    }

    @Test func aSetupRunsAgainstTheSpeakerTheHarnessMade() throws {
        let home = try TemporaryHome()
        let calls = Calls()
        let susi = try harness(home, calls: calls, ssid: SpeakerHotspot.ssid)
        let result = susi.setup(["--anonymous"], account: nil)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(calls.all.first?.hasPrefix("find ") == true)
        #expect(Array(calls.all.dropFirst()) == ["room Kitchen", "wifi HomeNet", "account anonymous", "configure"])
    }

    /// With the default address, the hotspot check asks the Wi-Fi port; off
    /// the hotspot nothing else is asked.
    @Test func theHotspotCheckAsksTheWiFiPort() throws {
        let home = try TemporaryHome()
        let calls = Calls()
        var susi = try harness(home, calls: calls, ssid: "HomeNet")
        susi.environment["SUSI_SPEAKER"] = nil
        let result = susi.setup(["--anonymous"], account: nil)
        #expect(result.status == 69)
        #expect(result.stderr.contains("This machine is on the Wi-Fi network 'HomeNet', not on the speaker's hotspot."))
        #expect(calls.all.isEmpty)
    }
}
