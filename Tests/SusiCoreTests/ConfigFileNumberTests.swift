import Foundation
import Testing
@testable import SusiCore

/// Regression: `config set speech.rate +200` used to write `"speech.rate": +200`,
/// which is not JSON, so every later command failed with exit 78.
@Suite("ConfigFile numbers")
struct ConfigFileNumberTests {
    @Test(arguments: ["+200", "0200", "00080", "+80"])
    func numbersAreSavedInCanonicalForm(_ raw: String) throws {
        // Int() accepts a sign and leading zeros, JSON does not: the saved
        // file must still parse.
        let dir = try TemporaryDirectory()
        var file = try ConfigFile.load(path: dir.file("config.json"))
        try file.set(.speechRate, to: raw)
        try file.save()
        let reloaded = try ConfigFile.load(path: dir.file("config.json"))
        #expect(reloaded.value(for: .speechRate) == String(Int(raw)!))
        #expect(try jsonObject(try dir.read("config.json"))["speech.rate"] as? Int == Int(raw)!)
    }

    @Test func numericStringsInTheFileAreSavedCanonically() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", "{\"speech.rate\": \"0200\", \"speech.pitch\": \"+7\"}")
        let file = try ConfigFile.load(path: path)
        #expect(file.value(for: .speechRate) == "200")
        try file.save()
        let object = try jsonObject(try dir.read("config.json"))
        #expect(object["speech.rate"] as? Int == 200)
        #expect(object["speech.pitch"] as? Int == 7)
    }
}
