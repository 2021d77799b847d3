import Foundation
import SusiPorts

/// The outside dependencies a command uses besides the SUSI backend, each
/// made by its maker in `Services.Makers` when asked (never at start-up), so
/// the in-process harness can put its own in.
extension Context {
    /// The setup calls of the speaker at `address`, in its era.
    public func speakerClient(address: URL, era: SpeakerEra) throws -> SpeakerClient {
        try services.makers.speakerClient(self, address, era)
    }

    /// Finds the speaker a target names.
    public func speakerFinder() throws -> SpeakerFinding {
        try services.makers.speakerFinder(self)
    }

    /// The Wi-Fi network this machine is on.
    public func wifiNetwork() throws -> WiFiNetworkReader {
        try services.makers.wifiNetwork(self)
    }

    /// The installed voices, as the speech adapter lists them.
    public func voiceCatalogue() throws -> VoiceCatalogue {
        try services.makers.voices(self)
    }

    /// Text into speech, as the speech adapter makes it.
    public func speechSynthesis() throws -> SpeechSynthesis {
        try services.makers.synthesis(self)
    }

    /// The language speech is recognised in: the voice setting's language
    /// where set, else the user's.
    public func recognitionLanguage() throws -> String {
        if let voice = try setting(.voice), let code = voice.split(whereSeparator: { $0 == "+" }).first,
           code.first?.isLetter == true, code.count <= 12 {
            return String(code)
        }
        return try userLanguage()
    }
}
