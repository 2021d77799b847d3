import Foundation
import Testing
import SusiCLI
import SusiBasics
@testable import SusiCore

@Suite("ConfigFile")
struct ConfigFileTests {
    @Test func aMissingFileIsAnEmptyConfiguration() throws {
        let dir = try TemporaryDirectory()
        let file = try ConfigFile.load(path: dir.file("config.json"))
        #expect(file.path == dir.file("config.json"))
        #expect(ConfigKey.all.allSatisfy { file.value(for: $0) == nil })
        #expect(file.unknownKeys.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.file("config.json")))
    }

    @Test func aBlankFileIsAnEmptyConfiguration() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", " \n\t\r\n")
        #expect(try ConfigFile.load(path: path).value(for: .server) == nil)
    }

    @Test func valuesAreRead() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", """
            {"server": "http://127.0.0.1:4000", "speech.rate": 1.5, "speech.pitch": "0.75", "room": "Kitchen"}
            """)
        let file = try ConfigFile.load(path: path)
        #expect(file.value(for: .server) == "http://127.0.0.1:4000")
        #expect(file.value(for: .speechRate) == "1.5")
        #expect(file.value(for: .speechPitch) == "0.75")
        #expect(file.value(for: .room) == "Kitchen")
        #expect(file.value(for: .voice) == nil)
    }

    /// The message of the ConfigError `body` throws, or nil.
    func configErrorMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ConfigError {
            #expect(error.exitCode == .config)
            return error.message
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func invalidJSONIsAConfigErrorNamingTheFile() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", "{\"server\": ")
        let message = configErrorMessage { _ = try ConfigFile.load(path: path) }
        #expect(message?.hasPrefix("The config file \(path) is not valid JSON") == true)
        do {
            _ = try ConfigFile.load(path: path)
        } catch let error as ConfigError {
            #expect(error.hint == ConfigFile.repairHint)
        }
    }

    @Test(arguments: ["[]", "[1, 2]", "[{\"server\": \"local\"}]"])
    func aJSONArrayIsAnError(_ text: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", text)
        #expect(configErrorMessage { _ = try ConfigFile.load(path: path) }
                == "The config file \(path) must hold a JSON object of settings.")
    }

    @Test(arguments: ["\"server\"", "42", "null", "true"])
    func aJSONScalarIsAnErrorNamingTheFile(_ text: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", text)
        let message = configErrorMessage { _ = try ConfigFile.load(path: path) }
        #expect(message?.hasPrefix("The config file \(path) ") == true)
    }

    @Test(arguments: [
        ("{\"speech.rate\": true}", "speech.rate", "a number from 0.5 to 2"),
        ("{\"speech.rate\": [1.5]}", "speech.rate", "a number from 0.5 to 2"),
        ("{\"server\": {\"url\": \"x\"}}", "server", "'local' or an http(s) URL"),
        ("{\"color\": null}", "color", "one of auto, always, never"),
    ])
    func aValueOfTheWrongTypeIsAnError(_ text: String, _ key: String, _ expected: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", text)
        #expect(configErrorMessage { _ = try ConfigFile.load(path: path) }
                == "The config file \(path) has a value of the wrong type for '\(key)': expected \(expected).")
    }

    @Test(arguments: [
        ("{\"speech.rate\": 1000}", "1000", "speech.rate", "expected a number from 0.5 to 2"),
        ("{\"speech.rate\": \"fast\"}", "fast", "speech.rate", "expected a number from 0.5 to 2"),
        ("{\"color\": \"sometimes\"}", "sometimes", "color", "expected one of auto, always, never"),
        ("{\"server\": \"ftp://x\"}", "ftp://x", "server", "expected 'local' or an http(s) URL such as https://api.susi.ai"),
    ])
    func anInvalidValueForAKnownKeyIsAnError(_ text: String, _ value: String, _ key: String, _ problem: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", text)
        #expect(configErrorMessage { _ = try ConfigFile.load(path: path) }
                == "The config file \(path) has an invalid value '\(value)' for '\(key)': \(problem).")
    }

    @Test func aDirectoryInPlaceOfTheFileIsAConfigError() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("config.json"), withIntermediateDirectories: false)
        #expect(configErrorMessage { _ = try ConfigFile.load(path: dir.file("config.json")) }
                == "Cannot read the config file \(dir.file("config.json")): not a regular file (a folder).")
    }

    @Test func unknownKeysArePreservedAcrossASave() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", """
            {"future.thing": {"nested": [1, 2.5, "x"], "flag": true}, "zeta": "z", "speech.rate": 1.5}
            """)
        var file = try ConfigFile.load(path: path)
        #expect(file.unknownKeys == ["future.thing", "zeta"])
        try file.set(.voice, to: "de")
        try file.save()

        let object = try jsonObject(try dir.read("config.json"))
        let future = try #require(object["future.thing"] as? [String: Any])
        #expect((future["nested"] as? [Any])?.count == 3)
        #expect(future["flag"] as? Bool == true)
        #expect(object["zeta"] as? String == "z")
        #expect(object["voice"] as? String == "de")
        let reloaded = try ConfigFile.load(path: path)
        #expect(reloaded.unknownKeys == ["future.thing", "zeta"])
        #expect(reloaded.value(for: .speechRate) == "1.5")
        #expect(reloaded.value(for: .voice) == "de")
    }

    @Test func numbersAreStoredAsJSONNumbersAndTextAsStrings() throws {
        let dir = try TemporaryDirectory()
        var file = try ConfigFile.load(path: dir.file("config.json"))
        try file.set(.speechRate, to: "2")
        try file.set(.speechPitch, to: "0.5")
        try file.set(.room, to: "Living \"room\"")
        try file.save()
        let text = try dir.read("config.json")
        #expect(text == """
            {
              "room": "Living \\"room\\"",
              "speech.pitch": 0.5,
              "speech.rate": 2
            }

            """)
        let object = try jsonObject(text)
        #expect(object["speech.rate"] as? Int == 2)
        #expect(object["speech.rate"] is NSNumber)
        #expect(object["room"] as? String == "Living \"room\"")
    }

    @Test func anEmptyConfigurationSavesAsAnEmptyObject() throws {
        let dir = try TemporaryDirectory()
        var file = try ConfigFile.load(path: dir.file("config.json"))
        try file.set(.room, to: "Hall")
        let first = file.unset(.room)
        let second = file.unset(.room)
        #expect(first && !second)
        try file.save()
        #expect(try dir.read("config.json") == "{}\n")
        #expect(permissions(dir.file("config.json")) == 0o600)
    }

    @Test func setRejectsAnInvalidValueWithAUsageError() throws {
        var file = ConfigFile(path: "/nonexistent/config.json")
        do {
            try file.set(.speechRate, to: "1000")
            Issue.record("1000 was accepted")
        } catch let error as UsageError {
            #expect(error == UsageError("Invalid value '1000' for 'speech.rate': expected a number from 0.5 to 2."))
        }
        #expect(file.value(for: .speechRate) == nil)
    }
}
