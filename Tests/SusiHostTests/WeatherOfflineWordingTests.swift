import Foundation
@testable import SusiHost
import SusiTestKit
import SusiTestSupport
import Testing

/// Issue 38: one wording when a skill may not go online, for the bundled
/// weather skill and for any other skill, naming the actual cause: the
/// --offline flag, SUSI_NETWORK, or the network setting. A host that does
/// not answer is told as such. Every server is the loopback weather double.
@Suite("Offline: one wording naming the cause")
struct WeatherOfflineWordingTests {
    static let causes: [([String], [String: String], Bool, String)] = [
        (["--offline"], [:], false, "--offline was given"),
        ([], ["SUSI_NETWORK": "off"], false, "SUSI_NETWORK is off"),
        ([], [:], true, "the network setting is off (susi config set network on)"),
    ]

    @Test(arguments: 0..<3)
    func theWeatherSkillNamesTheCause(_ index: Int) throws {
        let (flags, environment, setting, cause) = Self.causes[index]
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        let home = try TemporaryHome()
        let susi = try home.harness(fixture.environment.merging(environment) { _, new in new })
        if setting { #expect(susi.run(["config", "set", "network", "off"]).status == 0) }
        let host = "127.0.0.1:" + String(URL(string: fixture.geocodingURL)!.port!)
        let result = susi.run(flags + ["chat", "weather in Berlin"])
        #expect(result.status == 0)
        #expect(result.stdout == "I did not go online: the skill 'weather' needs \(host), and \(cause).\n", "\(result.stdout)")
        #expect(fixture.requests.isEmpty)
    }

    @Test(arguments: 0..<3)
    func anyOtherSkillNamesTheSameCause(_ index: Int) throws {
        let (flags, environment, setting, cause) = Self.causes[index]
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        let home = try TemporaryHome()
        let skill = home.path + "/forecast_raw.txt"
        try "raw forecast\n!console:It is $current$.\n{\"url\": \"\(fixture.forecastURL)\", \"path\": \"$\"}\neol\n"
            .write(toFile: skill, atomically: true, encoding: .utf8)
        let susi = try home.harness(environment)
        if setting { #expect(susi.run(["config", "set", "network", "off"]).status == 0) }
        let host = "127.0.0.1:" + String(URL(string: fixture.forecastURL)!.port!)
        let result = susi.run(flags + ["chat", "--skill", skill, "raw forecast"])
        #expect(result.stdout == "I did not go online: the skill 'forecast_raw' needs \(host), and \(cause).\n", "\(result.stdout)")
        #expect(fixture.requests.isEmpty)
    }

    @Test func anUnreachableWeatherServiceIsToldAsSuch() throws {
        let fixture = try WeatherFixture()
        let environment = fixture.environment
        fixture.stop()
        let home = try TemporaryHome()
        let result = try home.harness(environment).run(["chat", "weather in Berlin"])
        #expect(result.stdout == "I can't reach the weather service right now.\n")
        #expect(!result.stdout.contains("network setting"))
    }
}
