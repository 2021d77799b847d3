import SusiCLI
import SusiCore
import SusiPorts

/// The voice step's answer checked against the installed voices.
enum VoiceChoice {
    static func find(_ text: String, _ context: Context) throws -> (stored: String, name: String) {
        let catalogue = try context.voiceCatalogue()
        guard let choice = catalogue.find(text) else { throw catalogue.unknown(text) }
        return (catalogue.storedName(choice), choice.voice.name)
    }

    /// The installed voices' codes, for the question.
    static func codes(_ context: Context) throws -> [String] {
        let catalogue = try context.voiceCatalogue()
        var seen = Set<String>()
        return catalogue.voices.compactMap { catalogue.find($0.code).map(catalogue.storedName) }
            .filter { seen.insert($0).inserted }.sorted()
    }
}
