import Testing
@testable import SusiCore

@Suite("LanguageCodes and LocaleLanguage")
struct LanguageCodesTests {
    @Test func theListIsISO6391WithoutTheWithdrawnCodes() {
        #expect(LanguageCodes.names.count == 183)
        #expect(LanguageCodes.names.keys.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLowercase } })
        for code in ["en", "de", "fr", "pt", "zh", "hi", "vo", "io", "bs", "mr", "tk"] { #expect(LanguageCodes.isKnown(code), "\(code)") }
        for code in ["iw", "in", "ji", "bh", "sh", "fl", "xx", "EN", "eng"] { #expect(!LanguageCodes.isKnown(code), "\(code)") }
    }

    static let expected = "expected an ISO 639-1 language code such as en, de or pt-BR"

    @Test(arguments: [
        ("german", "de for German"), ("German", "de for German"), ("germn", "de for German"), ("deutsch", "de for German"),
        ("jp", "ja for Japanese"), ("cn", "zh for Chinese"), ("eng", "en for English"), ("iw", "he for Hebrew"),
        ("EN", "en for English"), ("pt_br", "pt-BR for Portuguese"), ("pt_BR", "pt-BR for Portuguese"), ("De-at", "de-AT for German"),
        ("portug", "pt for Portuguese"), ("en-1x", "en for English"),
    ])
    func aCloseMissSuggestsTheCode(_ typed: String, _ suggestion: String) {
        #expect(LanguageCodes.problem(with: typed) == "\(Self.expected) (did you mean \(suggestion)?)")
    }

    @Test(arguments: ["xx", "", "q", "zz-ZZ", "klingonese"])
    func nothingCloseIsTheBareRule(_ typed: String) {
        #expect(LanguageCodes.problem(with: typed) == Self.expected)
    }

    @Test func aCodeWithARegionIsAccepted() {
        for value in ["en", "pt-BR", "pt-br", "zh-TW", "de-AT"] { #expect(LanguageCodes.problem(with: value) == nil, "\(value)") }
        #expect(LanguageCodes.base("pt-BR") == "pt")
    }

    @Test(arguments: [
        (["LANG": "de_DE.UTF-8"], "de", "LANG"),
        (["LANG": "fr"], "fr", "LANG"),
        (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"], "fr", "LC_MESSAGES"),
        (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "es_ES.UTF-8"], "es", "LC_ALL"),
        (["LANG": "de_DE.UTF-8", "LC_ALL": ""], "de", "LANG"),
        (["LANG": "sr_RS@latin"], "sr", "LANG"),
        (["LANG": "DE_de"], "de", "LANG"),
    ])
    func theFirstLocaleVariableSetDecides(_ environment: [String: String], _ code: String, _ variable: String) throws {
        let found = try #require(LocaleLanguage.of(environment))
        #expect(found.value == code)
        #expect(found.variable == variable)
    }

    @Test(arguments: [
        [:], ["LANG": "C"], ["LANG": "POSIX"], ["LANG": "C.UTF-8"], ["LANG": "xx_YY.UTF-8"], ["LANG": "english"],
        // A letter beyond ASCII inside or after the code: no known code ends there.
        ["LANG": "dé_DE.UTF-8"], ["LANG": "de\u{301}_DE"], ["LANG": "ÉS"], ["LANG": "de-DE"],
        // POSIX order: LC_ALL=C wins over a LANG that names a language.
        ["LC_ALL": "C", "LANG": "de_DE.UTF-8"],
    ] as [[String: String]])
    func aLocaleWithoutAKnownLanguageNamesNone(_ environment: [String: String]) {
        #expect(LocaleLanguage.of(environment) == nil)
    }
}
