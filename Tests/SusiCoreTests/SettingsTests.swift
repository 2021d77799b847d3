import Testing
import SusiCLI
import SusiBasics
@testable import SusiCore
import SusiPorts

@Suite("Settings")
struct SettingsTests {
    func file(_ values: [(ConfigKey, String)] = []) throws -> ConfigFile {
        var file = ConfigFile(path: "/nonexistent/config.json")
        for (key, value) in values { try file.set(key, to: value) }
        return file
    }

    @Test func theDefaultAppliesWhenNothingElseDoes() throws {
        let settings = Settings(file: try file(), environment: [:])
        #expect(try settings.resolve(.server) == ("local", .defaultValue))
        #expect(try settings.resolve(.speechRate) == ("1.0", .defaultValue))
        #expect(try settings.resolve(.room) == (nil, .unset))
        #expect(try settings.value(.room) == nil)
    }

    @Test func theFileBeatsTheDefault() throws {
        let settings = Settings(file: try file([(.server, "http://127.0.0.1:1")]), environment: [:])
        #expect(try settings.resolve(.server) == ("http://127.0.0.1:1", .configFile))
    }

    @Test func theEnvironmentBeatsTheFile() throws {
        let settings = Settings(file: try file([(.server, "http://127.0.0.1:1")]),
                                environment: ["SUSI_SERVER": "http://127.0.0.1:2"])
        #expect(try settings.resolve(.server) == ("http://127.0.0.1:2", .environment("SUSI_SERVER")))
    }

    @Test func anEmptyEnvironmentVariableIsIgnored() throws {
        let settings = Settings(file: try file([(.server, "http://127.0.0.1:1")]), environment: ["SUSI_SERVER": ""])
        #expect(try settings.resolve(.server) == ("http://127.0.0.1:1", .configFile))
    }

    @Test func theFlagBeatsEverything() throws {
        let settings = Settings(file: try file([(.server, "http://127.0.0.1:1")]),
                                environment: ["SUSI_SERVER": "http://127.0.0.1:2"],
                                overrides: ["server": ("http://127.0.0.1:3", "--server")])
        #expect(try settings.resolve(.server) == ("http://127.0.0.1:3", .commandLine("--server")))
    }

    @Test func anInvalidEnvironmentValueIsAConfigError() throws {
        let settings = Settings(file: try file(), environment: ["SUSI_SPEECH_RATE": "1000"])
        #expect(throws: ConfigError("SUSI_SPEECH_RATE has an invalid value '1000' for 'speech.rate': expected a number from 0.5 to 2.")) {
            try settings.resolve(.speechRate)
        }
        #expect(ConfigError("x").exitCode == .config)
        // Other settings still resolve.
        #expect(try settings.value(.speechPitch) == "1.0")
    }

    /// The old units (words per minute, espeak-ng pitch) in the environment
    /// keep their meaning on the apps' scale.
    @Test func oldUnitsInTheEnvironmentAreConverted() throws {
        let settings = Settings(file: try file(), environment: ["SUSI_SPEECH_RATE": "350", "SUSI_SPEECH_PITCH": "1.5"])
        #expect(try settings.resolve(.speechRate) == ("2.0", .environment("SUSI_SPEECH_RATE")))
        #expect(try settings.resolve(.speechPitch) == ("1.5", .environment("SUSI_SPEECH_PITCH")))
    }

    @Test func aFlagHidesAnInvalidEnvironmentValue() throws {
        let settings = Settings(file: try file(), environment: ["SUSI_COLOR": "rainbow"],
                                overrides: ["color": ("never", "--color")])
        #expect(try settings.resolve(.color) == ("never", .commandLine("--color")))
    }

    @Test func sourceLabels() {
        #expect(SettingSource.commandLine("--server").label == "--server")
        #expect(SettingSource.environment("SUSI_SERVER").label == "SUSI_SERVER")
        #expect(SettingSource.configFile.label == "config")
        #expect(SettingSource.defaultValue.label == "default")
        #expect(SettingSource.unset.label == "unset")
    }
}

/// language and units follow the locale when nothing sets them.
@Suite("Settings from the locale")
struct SettingsLocaleTests {
    @Test func theLocaleComesAfterTheFileAndBeforeTheDefault() throws {
        let none = Settings(file: ConfigFile(path: "/nonexistent/config.json"), environment: [:])
        #expect(try none.resolve(.language) == ("en", .defaultValue))
        #expect(try none.resolve(.units) == ("metric", .defaultValue))

        let german = Settings(file: ConfigFile(path: "/nonexistent/config.json"), environment: ["LANG": "de_DE.UTF-8"])
        #expect(try german.resolve(.language) == ("de", .locale("LANG")))
        #expect(try german.resolve(.units) == ("metric", .locale("LANG")))
        #expect(SettingSource.locale("LC_ALL").label == "LC_ALL")

        let american = Settings(file: ConfigFile(path: "/nonexistent/config.json"),
                                environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "en_US.UTF-8"])
        #expect(try american.resolve(.language) == ("en", .locale("LC_ALL")))
        #expect(try american.resolve(.units) == ("imperial", .locale("LC_ALL")))

        var file = ConfigFile(path: "/nonexistent/config.json")
        try file.set(.language, to: "fr")
        #expect(try Settings(file: file, environment: ["LANG": "de_DE.UTF-8"]).resolve(.language) == ("fr", .configFile))
        #expect(try Settings(file: file, environment: ["LANG": "de_DE.UTF-8", "SUSI_LANGUAGE": "it"]).resolve(.language)
                == ("it", .environment("SUSI_LANGUAGE")))
    }

    @Test func anUnknownLocaleLanguageFallsToTheDefault() throws {
        let settings = Settings(file: ConfigFile(path: "/nonexistent/config.json"), environment: ["LANG": "xx_YY.UTF-8"])
        #expect(try settings.resolve(.language) == ("en", .defaultValue))
    }
}
