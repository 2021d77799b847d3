import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

/// `config list` and `config get` name where each value comes from, the
/// locale variables included for language and units.
@Suite("config list sources, the locale included")
struct ConfigListSourceTests {
    func rows(_ result: InProcess.Result) throws -> [String: [String: Any]] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: array.map { ($0["key"] as? String ?? "", $0) })
    }

    @Test func languageAndUnitsFollowTheLocaleAndSayWhichVariable() throws {
        let home = try TemporaryHome()
        let german = try home.harness(["LANG": "de_DE.UTF-8"])
        let list = german.run(["config", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("language\tde\tLANG\n"))
        #expect(list.stdout.contains("units\tmetric\tLANG\n"))
        #expect(german.run(["config", "get", "language"]).stdout == "de\n")

        let messages = try home.harness(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_CA.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"])
        let mixed = messages.run(["config", "list"]).stdout
        #expect(mixed.contains("language\tfr\tLC_MESSAGES\n"))
        #expect(mixed.contains("units\timperial\tLC_MEASUREMENT\n"))

        let all = try home.harness(["LANG": "de_DE.UTF-8", "LC_ALL": "C.UTF-8"]).run(["config", "list"]).stdout
        #expect(all.contains("language\ten\tdefault\n"), "LC_ALL=C names no language; POSIX: it still wins over LANG")
        #expect(all.contains("units\tmetric\tLC_ALL\n"))
    }

    @Test func everySourceInOneList() throws {
        let home = try TemporaryHome()
        #expect(try home.harness().run(["config", "set", "room", "Hall"]).status == 0)
        let susi = try home.harness(["LANG": "de_DE.UTF-8", "SUSI_SPEECH_RATE": "1.5"])
        let result = susi.run(["--color", "never", "config", "list", "--json"])
        #expect(result.status == 0)
        let rows = try rows(result)
        func source(_ key: String) -> String? { rows[key]?["source"] as? String }
        #expect(source("color") == "--color")
        #expect(source("speech.rate") == "SUSI_SPEECH_RATE")
        #expect(source("room") == "config")
        #expect(source("language") == "LANG")
        #expect(rows["language"]?["value"] as? String == "de")
        #expect(rows["language"]?["default"] as? String == "en")
        #expect(source("server") == "default")
        #expect(source("location") == "unset")
        #expect(rows["location"]?["value"] is NSNull)
    }

    @Test func aSettingBeatsTheLocale() throws {
        let home = try TemporaryHome()
        #expect(try home.harness().run(["config", "set", "language", "it"]).status == 0)
        let susi = try home.harness(["LANG": "de_DE.UTF-8"])
        #expect(susi.run(["config", "list"]).stdout.contains("language\tit\tconfig\n"))
        let unset = susi.run(["config", "unset", "language"])
        #expect(unset == InProcess.Result(stdout: "", stderr: "Unset language (now de, from LANG).\n", status: 0))
        #expect(susi.run(["config", "get", "language", "--json"]).stdout.contains("\"source\" : \"LANG\""))
    }

    @Test func theChatLanguageFollowsTheSameRule() throws {
        // The query's language is what config list shows: LANG when it names a known language, else en.
        let home = try TemporaryHome()
        for (lang, expected) in [("de_DE.UTF-8", "de"), ("xx_YY.UTF-8", "en"), ("C.UTF-8", "en")] {
            let result = try home.harness(["LANG": lang]).run(["chat", "--json", "hello"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"query_language\":\"\(expected)\""), "\(lang): \(result.stdout)")
        }
    }
}
