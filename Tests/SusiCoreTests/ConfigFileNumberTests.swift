import Foundation
import Testing
import SusiBasics
@testable import SusiCore

/// Regression: `config set speech.rate +200` used to write `"speech.rate": +200`,
/// which is not JSON, so every later command failed with exit 78.
@Suite("ConfigFile numbers")
struct ConfigFileNumberTests {
    @Test(arguments: [("+1.5", 1.5), ("01.5", 1.5), ("1.50", 1.5), ("+2", 2), (".5", 0.5), ("0002", 2)])
    func numbersAreSavedInCanonicalForm(_ raw: String, _ value: Double) throws {
        // Double() and Int() accept a sign and leading zeros, JSON does not:
        // the saved file must still parse.
        let dir = try TemporaryDirectory()
        var file = try ConfigFile.load(path: dir.file("config.json"))
        try file.set(.speechRate, to: raw)
        try file.save()
        let reloaded = try ConfigFile.load(path: dir.file("config.json"))
        #expect(Double(try #require(reloaded.value(for: .speechRate))) == value)
        #expect((try jsonObject(try dir.read("config.json"))["speech.rate"] as? NSNumber)?.doubleValue == value)
    }

    /// speech.rate and speech.pitch used espeak-ng's units (words per
    /// minute, 0-99); a file from then is read on the apps' scale and
    /// written back in it.
    @Test func oldUnitsInTheFileAreMigrated() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", "{\"speech.rate\": \"0350\", \"speech.pitch\": 25}")
        let file = try ConfigFile.load(path: path)
        #expect(file.value(for: .speechRate) == "2.0")
        #expect(file.value(for: .speechPitch) == "0.5")
        try file.save()
        let object = try jsonObject(try dir.read("config.json"))
        #expect(object["speech.rate"] as? Double == 2.0)
        #expect(object["speech.pitch"] as? Double == 0.5)
        // The new scale is read as it is, and out-of-range old values clamp.
        let current = try dir.write("config.json", "{\"speech.rate\": 1.5, \"speech.pitch\": 2, \"voice\": \"en-US\"}")
        #expect(try ConfigFile.load(path: current).value(for: .speechRate) == "1.5")
        #expect(try ConfigFile.load(path: current).value(for: .speechPitch) == "2")
        let old = try dir.write("config.json", "{\"speech.rate\": 450, \"speech.pitch\": 99}")
        #expect(try ConfigFile.load(path: old).value(for: .speechRate) == "2.0")
        #expect(try ConfigFile.load(path: old).value(for: .speechPitch) == "1.98")
    }

    @Test func valuesNeitherOldNorNewAreStillRefused() throws {
        let dir = try TemporaryDirectory()
        for text in ["{\"speech.rate\": 5}", "{\"speech.rate\": 500}", "{\"speech.pitch\": 100}", "{\"speech.pitch\": -1}"] {
            let path = try dir.write("config.json", text)
            #expect(throws: ConfigError.self) { try ConfigFile.load(path: path) }
        }
    }

    @Test func theScaleMapsToEspeakUnits() throws {
        #expect(SpeechScale.wordsPerMinute(1.0) == 175)
        #expect(SpeechScale.wordsPerMinute(0.5) == 88)
        #expect(SpeechScale.wordsPerMinute(2.0) == 350)
        #expect(SpeechScale.espeakPitch(1.0) == 50)
        #expect(SpeechScale.espeakPitch(0.5) == 25)
        #expect(SpeechScale.espeakPitch(2.0) == 99)
        #expect(try SpeechScale.parse(" 1.25 ", "rate") == 1.25)
        for bad in ["0.49", "2.01", "abc", "", "nan", "inf"] {
            #expect(throws: (any Error).self) { try SpeechScale.parse(bad, "rate") }
        }
        #expect(SpeechScale.format(1) == "1.0")
        #expect(SpeechScale.format(1.333) == "1.33")
    }
}
