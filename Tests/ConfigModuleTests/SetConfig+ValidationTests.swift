import Foundation
import SusiBasics
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// `config set language` and `config set voice` check the value against the
/// known language codes and the installed voices, with "did you mean".
@Suite("config set checks language and voice")
struct ConfigValidationTests {
    /// Installed voices faked: only these names are installed.
    func harness(_ home: TemporaryHome, voices: Set<String>) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = { makers in
            makers.voiceProblem = { _, name in
                voices.contains(name) ? nil : "No voice '\(name)' is installed. Did you mean en-GB? See 'susi voice list'."
            }
        }
        return susi
    }

    @Test(arguments: [
        ("german", "did you mean de for German?"), ("jp", "did you mean ja for Japanese?"), ("pt_BR", "did you mean pt-BR for Portuguese?"),
    ])
    func anUnknownLanguageIsRefusedWithASuggestion(_ typed: String, _ suggestion: String) throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"language\": \"fr\"}")
        let before = home.configBytes()
        let result = try home.harness().run(["config", "set", "language", typed])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: Invalid value '\(typed)' for 'language': expected an ISO 639-1 language code such as en, de or pt-BR (\(suggestion)).\n"))
        #expect(home.configBytes() == before)
    }

    @Test func aCodeNothingIsCloseToGetsTheRuleOnly() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["config", "set", "language", "xx"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: Invalid value 'xx' for 'language': expected an ISO 639-1 language code such as en, de or pt-BR.\n"))
        #expect(home.configBytes() == nil)
    }

    @Test func aKnownLanguageIsSaved() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        #expect(susi.run(["config", "set", "language", "pt-BR"]) == InProcess.Result(stdout: "", stderr: "Set language to pt-BR.\n", status: 0))
        #expect(susi.run(["config", "get", "language"]).stdout == "pt-BR\n")
    }

    @Test func aStoredLanguageThatIsNoLongerValidCanBeRepaired() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"language\": \"fil\", \"room\": \"Hall\"}")
        let susi = try home.harness()
        let list = susi.run(["config", "list"])
        #expect(list.status == 78)
        #expect(list.stderr.contains("has an invalid value 'fil' for 'language'"))
        #expect(list.stderr.contains("Repair it with 'susi config set language VALUE' or 'susi config unset language'"))
        let set = susi.run(["config", "set", "language", "tl"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("had an invalid value 'fil' (expected an ISO 639-1 language code such as en, de or pt-BR (did you mean tl for Tagalog?)) for 'language'; replacing it."))
        #expect(susi.run(["config", "get", "room"]).stdout == "Hall\n")
        #expect(susi.run(["config", "get", "language"]).stdout == "tl\n")
    }

    @Test func aVoiceThatIsNotInstalledIsRefusedAndNothingChanges() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"voice\": \"de\"}")
        let before = home.configBytes()
        let result = try harness(home, voices: ["de", "en-GB"]).run(["config", "set", "voice", "en-UX"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: No voice 'en-UX' is installed. Did you mean en-GB? See 'susi voice list'.\n"))
        #expect(home.configBytes() == before)
    }

    @Test func anInstalledVoiceIsSaved() throws {
        let home = try TemporaryHome()
        let result = try harness(home, voices: ["en-GB"]).run(["config", "set", "voice", "en-GB"])
        #expect(result == InProcess.Result(stdout: "", stderr: "Set voice to en-GB.\n", status: 0))
        #expect(String(decoding: home.configBytes() ?? Data(), as: UTF8.self).contains("\"voice\": \"en-GB\""))
    }

    @Test func theRealVoiceListIsUsedByDefault() throws {
        // espeak-ng is a build dependency (DEB_PACKAGES); its voices include en-GB.
        let home = try TemporaryHome()
        let susi = try home.harness()
        #expect(susi.run(["config", "set", "voice", "en-GB"]).status == 0)
        let refused = susi.run(["config", "set", "voice", "vulcan"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("error: No voice 'vulcan' is installed."))
        #expect(susi.run(["config", "get", "voice"]).stdout == "en-GB\n")
    }

    @Test func anUnreadableVoiceListAcceptsTheVoiceWithAWarning() throws {
        let home = try TemporaryHome()
        var susi = try home.harness()
        susi.makers = { makers in
            makers.voiceProblem = { _, _ in throw CommandError(.unavailable, "Speech is unavailable: no libespeak-ng.so.1.") }
        }
        let result = susi.run(["config", "set", "voice", "en-GB"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            warning: Could not check the voice 'en-GB' against the installed voices (Speech is unavailable: no libespeak-ng.so.1.); accepting it unchecked.
            Set voice to en-GB.

            """)
        #expect(try home.harness().run(["config", "get", "voice"]).stdout == "en-GB\n")
    }

    @Test func aStoredVoiceThatIsNotInstalledCanBeReplacedOrUnset() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"voice\": \"vulcan\"}")
        let susi = try harness(home, voices: ["en-GB"])
        #expect(susi.run(["config", "set", "voice", "en-GB"]).status == 0)
        try home.writeConfig("{\"voice\": \"vulcan\"}")
        #expect(susi.run(["config", "unset", "voice"]) == InProcess.Result(stdout: "", stderr: "Unset voice.\n", status: 0))
        #expect(home.configBytes().map { String(decoding: $0, as: UTF8.self) } == "{}\n")
    }
}

@Suite("config set language completion")
struct ConfigLanguageCompletionTests {
    @Test func onlyLanguagesTheSettingAcceptsAreOffered() throws {
        let home = try TemporaryHome()
        // Imported skills may sit in a folder that is no language code (the public corpus has "fl").
        for (language, name) in [("fl", "uno"), ("de", "zwei")] {
            let folder = home.path + "/tree/models/general/Fun/\(language)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("polly \(name)\nSquawk \(name).\n".utf8).write(to: URL(fileURLWithPath: folder + "/\(name).txt"))
        }
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        #expect(susi.run(["skills", "list", "--language", "fl"]).stdout.contains("uno"), "the fl skill was imported")
        let offered = susi.run(["__complete", "config", "set", "language", ""]).stdout.split(separator: "\n").map(String.init)
        #expect(offered.contains("de"))
        #expect(offered.contains("en"))
        #expect(!offered.contains("fl"))
    }
}
