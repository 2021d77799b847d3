import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// The installed voices are a port: the harness's catalogue is the one
/// `voice list`, `voice set` and the `voice` setting's check see.
@Suite("susi voice through the voice catalogue port")
struct VoiceModulePortsTests {
    static let catalogue = VoiceCatalogue(voices: [
        Voice(name: "Testish", identifier: "tst/xx-YY", languages: ["xx-yy", "xx"], gender: "female"),
    ])

    func harness(_ home: TemporaryHome) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = { $0.voices = { _ in Self.catalogue } }
        return susi
    }

    @Test func listShowsTheHarnessesVoices() throws {
        let home = try TemporaryHome()
        let result = try harness(home).run(["voice", "list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("xx-YY"))
        #expect(result.stdout.contains("Testish"))
        #expect(!result.stdout.contains("en-US"))
    }

    @Test func setAndTheSettingCheckUseTheHarnessesVoices() throws {
        let home = try TemporaryHome()
        let susi = try harness(home)
        let set = susi.run(["voice", "set", "xx_yy"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.hasPrefix("SUSI's voice is now xx-YY ("))
        let refused = susi.run(["voice", "set", "en-US"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("error: No voice 'en-US' is installed."))
        #expect(susi.run(["config", "get", "voice"]).stdout == "xx-YY\n")
        let viaConfig = susi.run(["config", "set", "voice", "en-US"])
        #expect(viaConfig.status == 64)
        #expect(susi.run(["config", "get", "voice"]).stdout == "xx-YY\n")
    }
}
