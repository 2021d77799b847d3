import Foundation
import SusiTestKit
import Testing
import SusiNet
import SusiTestSupport

/// The speaker's setup requests carry the Wi-Fi and account passwords in
/// the query: they never go through a proxy, whatever the environment says.
/// Run as a real process, since libcurl would read the process's own
/// environment.
@Suite("susi device setup never uses a proxy")
struct SetupDeviceProxyTests {
    @Test func theSpeakerIsReachedDirectlyWithProxyVariablesSet() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let proxy = try LoopbackHTTPServer { _ in .json("{\"status\": \"true\"}") }
        defer { proxy.stop() }
        let result = try EndToEnd.run(
            ["-v", "device", "setup", "--speaker", "http://\(double.address)", "--anonymous", "--no-register",
             "--room", "Kitchen", "--wifi-ssid", "HomeNet", "--wifi-password-stdin"],
            extra: ["http_proxy": proxy.baseURL, "ALL_PROXY": proxy.baseURL, "all_proxy": proxy.baseURL,
                    "HTTP_PROXY": proxy.baseURL, "https_proxy": proxy.baseURL],
            stdin: "wifi-pass-42\n")
        #expect(proxy.requests.isEmpty, "the proxy saw \(proxy.requests.map(\.path))")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(double.state.passphrase == "wifi-pass-42")
        #expect(result.stderr.contains("http: GET http://\(double.address)/wifi_credentials direct (the speaker is never reached through a proxy)"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("wifi-pass-42"))
    }
}
