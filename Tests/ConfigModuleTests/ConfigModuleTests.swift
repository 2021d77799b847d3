import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

@Suite("config set/get/unset/list/path")
struct ConfigCommandTests {
    static let defaultList = """
        server\tlocal\tdefault
        language\ten\tdefault
        location\t\tunset
        voice\t\tunset
        speech.output\tnever\tdefault
        speech.rate\t1.0\tdefault
        speech.pitch\t1.0\tdefault
        room\t\tunset
        speaker\t127.0.0.1:9\tSUSI_SPEAKER
        color\tauto\tdefault
        units\tmetric\tdefault
        weather.url\thttp://127.0.0.1:9/v1/forecast\tSUSI_WEATHER_URL
        geocoding.url\thttp://127.0.0.1:9/v1/search\tSUSI_GEOCODING_URL
        pager\t\tunset
        network\ton\tdefault
        shell.fallback\tchat\tdefault
        listen.hotword\tsusi\tdefault
        onboarded\tno\tdefault

        """

    /// `config list`'s lines for the settings `defaultList` names: a module
    /// added later lists its own settings too, and checks them in its tests.
    static func listed(_ text: String) -> String {
        let key = { (line: Substring) in String(line.prefix { $0 != "\t" }) }
        let named = Set(defaultList.split(separator: "\n").map(key))
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.isEmpty || named.contains(key($0)) }.joined(separator: "\n")
    }

    @Test func listOnAFreshHome() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["config", "list"])
        #expect(InProcess.Result(stdout: Self.listed(result.stdout), stderr: result.stderr, status: result.status)
                == InProcess.Result(stdout: Self.defaultList, stderr: "", status: 0))
        #expect(try home.harness().run(["config", "ls"]) == result)
        // Reading never creates the file.
        #expect(home.configBytes() == nil)
    }

    @Test func setGetUnsetRoundTrip() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()

        #expect(harness.run(["config", "set", "speech.rate", "1.5"])
                == InProcess.Result(stdout: "", stderr: "Set speech.rate to 1.5.\n", status: 0))
        #expect(harness.run(["config", "get", "speech.rate"]) == InProcess.Result(stdout: "1.5\n", stderr: "", status: 0))
        #expect(harness.run(["config", "set", "room", "Living room"]).status == 0)
        #expect(harness.run(["config", "get", "room"]).stdout == "Living room\n")

        let list = harness.run(["config", "list"]).stdout
        #expect(list.contains("speech.rate\t1.5\tconfig\n"))
        #expect(list.contains("room\tLiving room\tconfig\n"))

        #expect(harness.run(["config", "unset", "speech.rate"])
                == InProcess.Result(stdout: "", stderr: "Unset speech.rate (default: 1.0).\n", status: 0))
        #expect(harness.run(["config", "get", "speech.rate"]).stdout == "1.0\n")
        #expect(harness.run(["config", "unset", "speech.rate"])
                == InProcess.Result(stdout: "", stderr: "speech.rate was not set.\n", status: 0))
        #expect(harness.run(["config", "unset", "room"]).stderr == "Unset room.\n")
        #expect(harness.run(["config", "get", "room"]) == InProcess.Result(stdout: "", stderr: "", status: 0))
        #expect(Self.listed(harness.run(["config", "list"]).stdout) == Self.defaultList)
    }

    @Test func theFileIsPrivateJSONWithNumbers() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["config", "set", "speech.pitch", "0.8"]).status == 0)
        #expect(harness.run(["config", "set", "server", "http://127.0.0.1:4000"]).status == 0)
        let text = String(decoding: try #require(home.configBytes()), as: UTF8.self)
        #expect(text == """
            {
              "server": "http://127.0.0.1:4000",
              "speech.pitch": 0.8
            }

            """)
        #expect(permissions(home.configFile) == 0o600)
        #expect(permissions(home.path + "/config") == 0o700)
    }

    @Test func quietSilencesNotes() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["-q", "config", "set", "voice", "de"]) == InProcess.Result(stdout: "", stderr: "", status: 0))
        #expect(harness.run(["config", "unset", "voice", "--quiet"]) == InProcess.Result(stdout: "", stderr: "", status: 0))
    }

    @Test func jsonOutput() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["config", "set", "speech.rate", "1.5"]).status == 0)

        let get = harness.run(["config", "get", "speech.rate", "--json"])
        #expect(get.status == 0)
        let row = try #require(try JSONSerialization.jsonObject(with: Data(get.stdout.utf8)) as? [String: Any])
        #expect(row["key"] as? String == "speech.rate")
        #expect(row["value"] as? String == "1.5")
        #expect(row["source"] as? String == "config")
        #expect(row["default"] as? String == "1.0")
        #expect(row["description"] as? String == ConfigKey.speechRate.abstract)

        let unset = harness.run(["--json", "config", "get", "room"])
        let roomRow = try #require(try JSONSerialization.jsonObject(with: Data(unset.stdout.utf8)) as? [String: Any])
        #expect(roomRow["value"] is NSNull)
        #expect(roomRow["default"] is NSNull)
        #expect(roomRow["source"] as? String == "unset")

        let list = harness.run(["config", "list", "--json"])
        #expect(list.status == 0)
        #expect(list.stderr == "")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["key"] as? String } == SusiApp.settings.map(\.name))
        for row in rows {
            #expect(Set(row.keys) == ["key", "value", "source", "default", "description"])
        }
        #expect(rows.first { $0["key"] as? String == "speech.rate" }?["source"] as? String == "config")
        #expect(!list.stdout.contains("\u{1B}"))
    }

    @Test func jsonOutputIsTheSameOnATerminalAndWithoutColour() throws {
        let home = try TemporaryHome()
        var tty = try home.harness()
        tty.stdoutTTY = true
        let piped = try home.harness().run(["config", "list", "--json"])
        #expect(tty.run(["config", "list", "--json"]) == piped)
    }

    @Test func theSourceColumnSaysWhereEachValueCameFrom() throws {
        let home = try TemporaryHome()
        #expect(try home.harness().run(["config", "set", "server", "http://127.0.0.1:1"]).status == 0)
        #expect(try home.harness().run(["config", "set", "voice", "de"]).status == 0)

        let fromFile = try home.harness().run(["config", "list"]).stdout
        #expect(fromFile.contains("server\thttp://127.0.0.1:1\tconfig\n"))
        #expect(fromFile.contains("voice\tde\tconfig\n"))
        #expect(fromFile.contains("speech.rate\t1.0\tdefault\n"))
        #expect(fromFile.contains("language\ten\tdefault\n"))

        let env = try home.harness(["SUSI_SERVER": "http://127.0.0.1:2"])
        #expect(env.run(["config", "list"]).stdout.contains("server\thttp://127.0.0.1:2\tSUSI_SERVER\n"))
        #expect(env.run(["config", "get", "server"]).stdout == "http://127.0.0.1:2\n")

        let flagged = env.run(["config", "list", "--server", "http://127.0.0.1:3"]).stdout
        #expect(flagged.contains("server\thttp://127.0.0.1:3\t--server\n"))
        #expect(env.run(["--server=http://127.0.0.1:3", "config", "get", "server"]).stdout == "http://127.0.0.1:3\n")

        let color = try home.harness().run(["config", "list", "--color", "never"]).stdout
        #expect(color.contains("color\tnever\t--color\n"))
    }

    @Test func settingAValueTheEnvironmentShadowsWarns() throws {
        let home = try TemporaryHome()
        let result = try home.harness(["SUSI_VOICE": "fr"]).run(["config", "set", "voice", "de"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            Set voice to de.
            warning: SUSI_VOICE=fr is set in the environment and takes precedence over the config file.

            """)
    }

    @Test func unknownKeysInTheFileSurviveAndAreReported() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"future\": [1, 2], \"voice\": \"de\"}")
        let harness = try home.harness()
        #expect(harness.run(["config", "set", "room", "Hall"]).status == 0)
        let bytes = try #require(home.configBytes())
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect((object["future"] as? [Int]) == [1, 2])
        #expect(object["voice"] as? String == "de")
        let list = harness.run(["config", "list"])
        #expect(list.status == 0)
        #expect(list.stderr == "warning: \(home.configFile) has settings this version does not know (kept as they are): future.\n")
    }

    @Test func pathPrintsTheConfigFile() throws {
        let home = try TemporaryHome()
        #expect(try home.harness().run(["config", "path"])
                == InProcess.Result(stdout: home.path + "/config/config.json\n", stderr: "", status: 0))
    }
}
