import Foundation
import SusiBasics
import SusiNet
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
import DeviceModule
@testable import SusiHost

/// The suite must never reach a real network. These tests check the
/// harness keeps the guard on, so a future test cannot leak by accident.
@Suite("Network safety of the test harness")
struct NetworkSafetyTests {
    func speakerHost(_ environment: [String: String]) throws -> String {
        let speaker = try #require(environment["SUSI_SPEAKER"])
        return try #require(URLParts(speaker.contains("://") ? speaker : "http://" + speaker)).host
    }

    @Test func theHarnessTurnsTheGuardOnAndUsesALoopbackSpeaker() throws {
        let home = try TemporaryHome()
        for harness in [InProcess(home: home.path), InProcess(home: home.path, extra: ["PATH": "/bin"]),
                        try home.harness()] {
            #expect(harness.environment[NetworkGuard.variable] == "1")
            #expect(NetworkGuard.isActive(harness.environment))
            #expect(NetworkGuard.isLoopback(try speakerHost(harness.environment)))
        }
    }

    @Test func extraVariablesCannotTurnTheGuardOff() throws {
        let home = try TemporaryHome()
        for value in ["0", ""] {
            let harness = InProcess(home: home.path, extra: [NetworkGuard.variable: value])
            #expect(NetworkGuard.isActive(harness.environment), "\(NetworkGuard.variable)=\(value)")
        }
    }

    @Test func theGuardRefusesRealAddressesUnderTheHarness() throws {
        let home = try TemporaryHome()
        let environment = InProcess(home: home.path).environment
        for host in ["10.0.0.1", "api.susi.ai"] {
            #expect(throws: CommandError.self) {
                try NetworkGuard.check(host: host, purpose: "a test", environment: environment)
            }
        }
        try NetworkGuard.check(host: "127.0.0.1", purpose: "a test", environment: environment)
    }

    @Test func theEffectiveSpeakerStaysLoopbackEvenWhenConfigured() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["config", "set", "speaker", "10.0.0.1"]).status == 0)
        let speaker = harness.run(["config", "get", "speaker"]).stdout
        #expect(speaker == "127.0.0.1:9\n")
        #expect(ConfigKey.speaker.defaultValue == "10.0.0.1", "the production default the harness must hide")
    }
}
