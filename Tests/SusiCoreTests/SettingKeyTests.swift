import Testing
import SusiBasics
@testable import SusiCore
import SusiPorts

/// Settings read as what they mean: the words of each setting are decoded
/// in one place, so no command compares a setting's text.
@Suite("SettingKey")
struct SettingKeyTests {
    func settings(_ values: [(ConfigKey, String)] = [], environment: [String: String] = [:]) throws -> Settings {
        var file = ConfigFile(path: "/nonexistent/config.json")
        for (key, value) in values { try file.set(key, to: value) }
        return Settings(file: file, environment: environment)
    }

    @Test func theDefaultsMeanWhatTheTableSays() throws {
        let defaults = try settings()
        #expect(try defaults.value(SettingKey.server) == .embedded)
        #expect(try defaults.value(SettingKey.speaksAnswers) == false)
        #expect(try defaults.value(SettingKey.online) == true)
        #expect(try defaults.value(SettingKey.speechRate) == 1.0)
        #expect(try defaults.value(SettingKey.room) == nil)
    }

    @Test func eachValueIsDecoded() throws {
        let set = try settings([(.server, "http://127.0.0.1:4000"), (.speechOutput, "always"), (.network, "off"),
                                (.speechPitch, "0.8"), (.room, "Kitchen"), (.units, "imperial")])
        #expect(try set.value(SettingKey.server) == .url("http://127.0.0.1:4000"))
        #expect(try set.value(SettingKey.speaksAnswers))
        #expect(try set.value(SettingKey.online) == false)
        #expect(try set.value(SettingKey.speechPitch) == 0.8)
        #expect(try set.value(SettingKey.room) == "Kitchen")
        #expect(try set.value(SettingKey.units) == .imperial)
    }

    @Test func theEnvironmentStillWinsAndAnInvalidValueStillFails() throws {
        let set = try settings([(.network, "off")], environment: ["SUSI_NETWORK": "on", "SUSI_SERVER": "local"])
        #expect(try set.value(SettingKey.online))
        #expect(try set.value(SettingKey.server) == .embedded)
        let broken = try settings(environment: ["SUSI_SPEECH_OUTPUT": "sometimes"])
        #expect(throws: ConfigError.self) { try broken.value(SettingKey.speaksAnswers) }
    }

    @Test func theEmbeddedServersNameIsTheSettingsWord() {
        #expect(ServerChoice("local") == .embedded && ServerChoice.embedded.name == "local")
        #expect(ServerChoice("http://127.0.0.1:1").name == "http://127.0.0.1:1")
        #expect(!ServerChoice("http://127.0.0.1:1").isEmbedded)
        #expect(Identity.anonymous().name == Identity.unnamedUser, "the rater's stored name is its own constant")
    }
}
