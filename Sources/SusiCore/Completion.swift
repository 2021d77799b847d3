import SusiCLI

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

    /// The installed voices' language codes, each once, with the voice's name.
    public static func voiceCodes(_ context: Context) -> [CompletionCandidate] {
        guard let catalogue = try? context.voiceCatalogue() else { return [] }
        var seen = Set<String>()
        var candidates: [CompletionCandidate] = []
        for voice in catalogue.voices {
            for code in voice.languages where seen.insert(code).inserted {
                candidates.append(CompletionCandidate(code, voice.name))
            }
        }
        return candidates
    }
}
