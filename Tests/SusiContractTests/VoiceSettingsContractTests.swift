import Foundation
import SusiCore
import Testing

/// SUSI's voice follows the account: what one machine pushes
/// (AccountVoiceSettings, as `susi voice` and `config set` do when logged
/// in) another pulls at login, through either backend.
@Suite struct VoiceSettingsContract {
    func configFile() -> ConfigFile {
        ConfigFile(path: NSTemporaryDirectory() + "susi-contract-voice-" + UUID().uuidString + ".json")
    }

    @Test(arguments: BackendKind.allCases)
    func pushedOnOneMachinePulledOnAnother(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            var laptop = configFile()
            try laptop.set(.speechRate, to: "1.5")
            try laptop.set(.speechPitch, to: "0.75")
            try laptop.set(.voice, to: "en-GB-x-rp")
            try AccountVoiceSettings.push([.speechRate, .speechPitch, .voice], from: laptop, to: service, token: ada)
            // The names and values the SUSI apps use.
            #expect(try service.settings(token: ada) == ["speechRate": "1.5", "speechPitch": "0.75", "ttsLanguage": "en-GB-x-rp"])

            var desktop = configFile()
            try desktop.set(.speechRate, to: "2.0")
            let pulled = try AccountVoiceSettings.pull(into: &desktop, from: service, token: ada)
            #expect(pulled.changed.sorted() == ["speech.pitch", "speech.rate", "voice"])
            #expect(pulled.ignored.isEmpty)
            #expect(desktop.value(for: .speechRate) == "1.5")
            #expect(desktop.value(for: .speechPitch) == "0.75")
            #expect(desktop.value(for: .voice) == "en-GB-x-rp")

            // Only what changed is sent; a reset voice is an empty ttsLanguage, and unsets it on pull.
            _ = laptop.unset(.voice)
            try AccountVoiceSettings.push([.voice], from: laptop, to: service, token: ada)
            #expect(try service.settings(token: ada)["ttsLanguage"] == "")
            #expect(try service.settings(token: ada)["speechRate"] == "1.5")
            #expect(try AccountVoiceSettings.pull(into: &desktop, from: service, token: ada).changed == ["voice"])
            #expect(desktop.value(for: .voice) == nil)
            // Pulling again changes nothing.
            #expect(try AccountVoiceSettings.pull(into: &desktop, from: service, token: ada).changed.isEmpty)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func valuesThatDoNotFitAreIgnoredAndOtherAccountsAreUntouched(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            // Another client stored values susi cannot use.
            try service.changeSettings(["speechRate": "7", "speechPitch": "fast", "ttsLanguage": "de DE;rm"], token: ada)
            var file = configFile()
            try file.set(.speechRate, to: "1.25")
            let pulled = try AccountVoiceSettings.pull(into: &file, from: service, token: ada)
            #expect(pulled.changed.isEmpty)
            #expect(pulled.ignored.sorted() == ["speechPitch", "speechRate", "ttsLanguage"])
            #expect(file.value(for: .speechRate) == "1.25")
            #expect(file.value(for: .voice) == nil)
            // Numbers in another spelling are taken in canonical form.
            try service.changeSettings(["speechRate": "1.50", "speechPitch": "1"], token: ada)
            _ = try AccountVoiceSettings.pull(into: &file, from: service, token: ada)
            #expect(file.value(for: .speechRate) == "1.5")
            #expect(file.value(for: .speechPitch) == "1.0")
            #expect(try service.settings(token: bob) == [:])
            refused(.notLoggedIn, backend) {
                try AccountVoiceSettings.push([.speechRate], from: file, to: service, token: "not-a-token")
            }
        }
    }
}
