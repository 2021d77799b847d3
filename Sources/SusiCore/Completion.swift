import SusiCLI
import SusiPorts

extension DynamicCompletion {
    /// A provider of susi's: the values an argument or option offers at
    /// run time, found with the context of `__complete` (local data only,
    /// never the network; see CompletionCache for a server's names).
    public static func provider(_ name: String,
                                _ provide: @escaping @Sendable (CompletionRequest, Context) throws -> [CompletionCandidate]) -> DynamicCompletion {
        DynamicCompletion(name, provide)
    }
}

extension DynamicCompletion {
    /// The installed espeak-ng voices by language code, named: the values
    /// of the shared `voice` setting, which several modules offer.
    public static let voices = DynamicCompletion.provider("voices") { _, context in
        voiceCodes(context)
    }

    /// The installed voices' language codes, each once, spelled as 'voice
    /// list' shows them (en-GB), each labelled by its own language: the
    /// voice whose first code it is, else the language alone ("en" is
    /// "English", not the first English voice's "English (Caribbean)").
    public static func voiceCodes(_ context: Context) -> [CompletionCandidate] {
        guard let catalogue = try? context.voiceCatalogue() else { return [] }
        var ownName: [String: String] = [:]
        for voice in catalogue.voices where ownName[voice.code] == nil { ownName[voice.code] = voice.name }
        var seen = Set<String>()
        var candidates: [CompletionCandidate] = []
        for voice in catalogue.voices {
            for code in voice.languages.map(BCP47.code) where seen.insert(code).inserted {
                let language = voice.name.split(separator: "(", maxSplits: 1).first
                    .map { $0.trimmingCharacters(in: .whitespaces) } ?? voice.name
                candidates.append(CompletionCandidate(code, ownName[code] ?? language))
            }
        }
        return candidates
    }
}
