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

    /// A speech recogniser for the user's recognition language, in `mode`.
    public func speechListener(_ mode: RecognitionMode) throws -> SpeechListener {
        try services.makers.listener(self, mode)
    }

    /// Audio to listen to: the WAV file at `file`, or the microphone.
    public func audioInput(file: String?) throws -> AudioInput {
        try services.makers.audioInput(self, file)
    }

    /// SUSI's HTTP API for `susi serve`, with its worker backends open.
    public func httpServing(_ settings: ServeSettings) throws -> HTTPServing {
        try services.makers.serving(self, settings)
    }

    /// Skill files answered and tested in memory, or sent to a server.
    public func skillAuthoring() throws -> SkillAuthoring {
        try services.makers.authoring(self)
    }

    /// The encrypted credential file and its unlock agent.
    public func credentialStore() throws -> CredentialStore {
        try services.makers.credentialStore(self)
    }

    /// Reminders, timers and alarms.
    public func reminderStore() throws -> ReminderStore {
        try services.makers.reminders(self)
    }

    /// Desktop notifications for reminders that fire.
    public func reminderNotifier() throws -> ReminderNotifier {
        try services.makers.notifier(self)
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
