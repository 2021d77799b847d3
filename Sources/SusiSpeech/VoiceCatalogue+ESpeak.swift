import SusiPorts

extension VoiceCatalogue {
    /// The installed voices and variants, from libespeak-ng.
    public static func installed() throws -> VoiceCatalogue {
        VoiceCatalogue(voices: try ESpeak.voices(), variants: try ESpeak.variants())
    }
}
