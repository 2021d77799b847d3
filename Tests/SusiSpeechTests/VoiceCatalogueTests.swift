import Foundation
import SusiCLI
@testable import SusiPorts
import Testing
@testable import SusiSpeech

@Suite("Voice names")
struct VoiceCatalogueTests {
    static let catalogue = try! VoiceCatalogue.installed()

    @Test(arguments: ["en-US", "en-us", "en_US", "EN_us", "gmw/en-US", "English (America)"])
    func americanEnglishByAnyName(_ name: String) throws {
        #expect(Self.catalogue.find(name)?.voice.identifier == "gmw/en-US")
    }

    @Test func languagesAndFileNames() throws {
        #expect(Self.catalogue.find("english")?.voice.identifier == "gmw/en")
        #expect(Self.catalogue.find("German")?.voice.identifier == "gmw/de")
        #expect(Self.catalogue.find("de")?.voice.identifier == "gmw/de")
        #expect(Self.catalogue.find("en-GB-x-rp")?.voice.identifier == "gmw/en-GB-x-rp")
        #expect(Self.catalogue.find("pt-BR")?.voice.identifier == "roa/pt-BR")
        let variant = try #require(Self.catalogue.find("en-us+Klatt"))
        #expect(variant.espeakName == "gmw/en-US+klatt")
        #expect(Self.catalogue.storedName(variant) == "en-US+klatt")
        #expect(Self.catalogue.find("en-us+nosuchvariant") == nil)
        #expect(Self.catalogue.find("") == nil)
    }

    /// What is stored finds the same voice again, for every voice.
    @Test func everyStoredNameFindsItsVoice() throws {
        for voice in Self.catalogue.voices {
            let stored = Self.catalogue.storedName(.init(voice: voice))
            #expect(Self.catalogue.find(stored)?.voice == voice, "\(stored)")
        }
    }

    @Test func unknownNamesGetTheClosestVoices() throws {
        #expect(Self.catalogue.find("englsh") == nil)
        let error = Self.catalogue.unknown("englsh")
        #expect(error.message.hasPrefix("No voice 'englsh' is installed. Did you mean en-GB"))
        #expect(Self.catalogue.closest(to: "en-UX").contains("en-US"))
        #expect(Self.catalogue.closest(to: "zzzzzzzzzz").isEmpty)
        #expect(Self.catalogue.unknown("zzzzzzzzzz").message.contains("See 'susi voice list' for the \(Self.catalogue.voices.count) voices"))
        // A name from the terminal is shown escaped.
        #expect(Self.catalogue.unknown("x\u{1B}[31m").message.contains("\\u{1B}") || !Self.catalogue.unknown("x\u{1B}[31m").message.contains("\u{1B}"))
    }

    @Test func bcp47Spelling() {
        #expect(BCP47.code("en-us") == "en-US")
        #expect(BCP47.code("cmn-latn-pinyin") == "cmn-Latn-pinyin")
        #expect(BCP47.code("en-gb-x-rp") == "en-GB-x-rp")
        #expect(BCP47.code("en-029") == "en-029")
        #expect(BCP47.code("de") == "de")
        #expect(BCP47.normalized(" en_US ") == "en-us")
    }
}
