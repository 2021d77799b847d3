import SusiBasics
import Testing
import SusiCLI
@testable import SusiNet

@Suite("NetworkGuard")
struct NetworkGuardTests {
    @Test(arguments: [
        ("127.0.0.1", true), ("127.0.0.5", true), ("127.255.255.254", true), ("::1", true), ("[::1]", true),
        ("localhost", true), ("LOCALHOST", true), ("speaker.localhost", true),
        ("10.0.0.1", false), ("192.168.1.1", false), ("0.0.0.0", false), ("api.susi.ai", false),
        ("127.0.0.1.evil.com", false), ("127.evil.com", false), ("localhost.evil.com", false),
        ("127.0.0.256", false), ("127.0.0", false), ("127..0.1", false), ("::2", false), ("", false),
        ("[127.0.0.1", false),
    ])
    func isLoopback(_ host: String, _ expected: Bool) {
        #expect(NetworkGuard.isLoopback(host) == expected)
    }

    @Test(arguments: [
        ([:], false), ([NetworkGuard.variable: ""], false), ([NetworkGuard.variable: "0"], false),
        ([NetworkGuard.variable: "1"], true), ([NetworkGuard.variable: "yes"], true),
    ] as [([String: String], Bool)])
    func isActive(_ environment: [String: String], _ expected: Bool) {
        #expect(NetworkGuard.isActive(environment) == expected)
    }

    @Test func checkThrowsOnlyWhenActiveAndNotLoopback() throws {
        let active = [NetworkGuard.variable: "1"]
        try NetworkGuard.check(host: "127.0.0.1", purpose: "a test", environment: active)
        try NetworkGuard.check(host: "[::1]", purpose: "a test", environment: active)
        try NetworkGuard.check(host: "localhost", purpose: "a test", environment: active)
        try NetworkGuard.check(host: "api.susi.ai", purpose: "a test", environment: [:])
        try NetworkGuard.check(host: "10.0.0.1", purpose: "a test", environment: [NetworkGuard.variable: "0"])
        for host in ["10.0.0.1", "api.susi.ai", "127.0.0.1.evil.com"] {
            do {
                try NetworkGuard.check(host: host, purpose: "speaker setup", environment: active)
                Issue.record("\(host) was allowed")
            } catch let error as CommandError {
                #expect(error.exitCode == .software)
                #expect(error.message.hasPrefix("NETWORK GUARD: refusing to contact \(host) for speaker setup"))
                #expect(error.hint != nil)
            }
        }
    }
}
