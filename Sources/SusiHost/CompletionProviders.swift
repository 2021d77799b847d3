import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts
import SusiShell
import SusiSpeech
import SusiVault

/// Values for `CompletionKind.dynamic(name)`: what a shell offers after
/// `susi skills info <Tab>`. Every dynamic kind in the command tree has an
/// entry here (a test checks). Providers read local data only: the embedded
/// SUSI's database, the installed voices, the settings table, or for a SUSI
/// server the names a command last cached (`CompletionCache`), never the
/// network. They never prompt (the context has captured streams) and the
/// engine drops an answer that takes longer than its time bound.
enum CompletionProviders {
    typealias Provider = @Sendable (CompletionRequest, Context) throws -> [CompletionCandidate]

    static let all: [String: Provider] = [
        "skills": { _, context in
            guard try isLocal(context) else { return cached(.skills, context) }
            return try SkillNamesCache.names(context)
        },
        "skill-groups": { _, context in
            guard try isLocal(context) else { return cached(.skillGroups, context) }
            return try context.service().groups().map { CompletionCandidate($0) }
        },
        "languages": { _, context in
            let known = try isLocal(context) ? try context.service().languages() : CompletionCache.load(
                .languages, server: try context.serverName(), paths: context.paths)
            return known.map { CompletionCandidate($0) } + [CompletionCandidate("all", "every language")]
        },
        "help-topics": { request, _ in
            // `susi help <Tab>`: the topics and the commands; further words walk the tree.
            var node = SusiApp.root
            for word in request.positionals {
                guard let next = node.subcommand(named: word) else { return [] }
                node = next
            }
            var candidates = node.visibleSubcommands.map { CompletionCandidate($0.name, $0.abstract) }
            if request.positionals.isEmpty {
                candidates += HelpTopics.all(root: SusiApp.root).map { CompletionCandidate($0.name, $0.abstract) }
            }
            return candidates
        },
        // The apps' rooms, then those the account's devices use.
        "rooms": { _, context in
            Rooms.entries(devices: devices(context)).map { CompletionCandidate($0.name) }
        },
        "device-macs": { _, context in
            devices(context).map { CompletionCandidate($0.macAddress, "\($0.name) (\($0.room))") }
        },
        "voices": { _, _ in voices() },
        // `voice list --language <Tab>`: the voices' codes and their languages (en, pt).
        "voice-languages": { _, _ in
            let codes = voices()
            var seen = Set(codes.map(\.value))
            let languages = codes.compactMap { code -> CompletionCandidate? in
                guard let dash = code.value.firstIndex(of: "-") else { return nil }
                let language = String(code.value[..<dash])
                return seen.insert(language).inserted ? CompletionCandidate(language, "every \(language) voice") : nil
            }
            return languages + codes
        },
        // `login switch <Tab>`: the stored logins, only when the credential
        // file opens without a question (machine key, the agent, the shell's key).
        "accounts": { _, context in
            guard let vault = CredentialAccess.vaultWithoutAsking(context) else { return [] }
            var seen = Set<String>()
            return try vault.entries().compactMap { entry in
                seen.insert(entry.account).inserted ? CompletionCandidate(entry.account, entry.server) : nil
            }
        },
        // `susi chat <Tab>`, a word at a time: the queries asked before on
        // this server as this identity (newest first; never one that may
        // carry a secret) and the installed skills' example phrases.
        "queries": { request, context in
            var asked: [String] = []
            if let owner = try? ChatTurn.historyOwner(context),
               let exchanges = try? context.chatHistory().exchanges(server: owner.server, identity: owner.identity,
                                                                    search: nil, limit: 200) {
                asked = exchanges.map(\.query).filter { !HistoryFilter.mightCarrySecret($0) }
            }
            let phrases = ExamplePhrases.offerable(asked)
                + ExamplePhrases.local(context, language: (try? context.catalogueLanguage()) ?? "en")
            return ExamplePhrases.nextWords(after: request.positionals, in: phrases)
        },
        "config-keys": { _, _ in ConfigKey.all.map { CompletionCandidate($0.name, $0.abstract) } },
        // `susi config set KEY <Tab>`: that setting's values.
        "config-values": { request, context in
            guard let name = request.positionals.first, let key = ConfigKey.named(name) else { return [] }
            if let values = key.kind.allowedValues { return values.map { CompletionCandidate($0) } }
            switch key.name {
            case ConfigKey.server.name: return [CompletionCandidate(ServerChoice.embeddedName, "the embedded SUSI")]
            case ConfigKey.voice.name: return voices()
            case ConfigKey.room.name: return Rooms.entries(devices: devices(context)).map { CompletionCandidate($0.name) }
            case ConfigKey.language.name:
                // The catalogue's languages that the setting accepts (an imported folder may be named "fl").
                return try isLocal(context) ? try context.service().languages().filter(LanguageCodes.isKnown).map { CompletionCandidate($0) } : []
            case ConfigKey.speechRate.name, ConfigKey.speechPitch.name:
                return ["0.5", "0.75", "1.0", "1.25", "1.5", "2.0"].map { CompletionCandidate($0) }
            default: return []
            }
        },
    ]

    private static func isLocal(_ context: Context) throws -> Bool {
        try context.server().isEmbedded
    }

    private static func cached(_ kind: CompletionCache.Kind, _ context: Context) -> [CompletionCandidate] {
        guard let server = try? context.serverName() else { return [] }
        return CompletionCache.load(kind, server: server, paths: context.paths).map { CompletionCandidate($0) }
    }

    /// The account's devices: from the embedded SUSI when logged in there
    /// (the token is read without prompting: a locked credential file
    /// offers nothing), else none.
    private static func devices(_ context: Context) -> [Device] {
        guard (try? isLocal(context)) == true, !context.canPrompt,
              let token = (try? context.token()) ?? nil else { return [] }
        return (try? context.service().devices(token: token)) ?? []
    }

    /// The installed espeak-ng voices by language code, named.
    private static func voices() -> [CompletionCandidate] {
        guard let catalogue = try? VoiceCatalogue.installed() else { return [] }
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
