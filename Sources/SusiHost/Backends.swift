import Foundation
import SusiAuthoring
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiListen
import SusiLocal
import SusiPorts
import SusiPostgres
import SusiRemote
import SusiSpeaker
import SusiSpeech
import SusiVault

/// What the host provides to every command: the backend for the `server`
/// setting, the credentials, speech, the chat history, `susi serve`'s
/// worker backends and HTTP server, the speaker's client, finder and Wi-Fi
/// reader, the voices and speech synthesis, the listener and its audio, the
/// skill workbench and the credential store: the one place adapters are made. The in-process
/// harness replaces any of these.
enum Backends {
    static var makers: Services.Makers {
        var makers = Services.Makers(
            backend: open,
            credentials: { try CredentialAccess.resolve($0) },
            speech: { context in
                // Nothing could play: said once per process (or shell session), and nothing is spoken.
                if let reason = ProcessSpeech.unplayableReason(environment: context.environment) {
                    if context.services.firstTime("unplayable speech") {
                        context.warn("Cannot play speech: \(reason); answers are shown, not spoken.")
                    }
                    return nil
                }
                return ProcessSpeech(voice: try context.setting(.voice), fallbackVoice: try context.userLanguage(),
                              rate: SpeechScale.wordsPerMinute(try context.setting(.speechRate)),
                              pitch: SpeechScale.espeakPitch(try context.setting(.speechPitch)),
                              environment: context.environment)
            },
            history: { context in
                // A chat has opened the embedded backend already: its connection, not a second open and schema read.
                if let embedded = context.services.openBackend(server: ServerChoice.embedded.name) as? EmbeddedService,
                   embedded.databasePath == context.paths.databaseFile {
                    return embedded.chatHistory()
                }
                return try ChatHistory(path: context.paths.databaseFile)
            },
            workerServices: { context, consoleFetch, store in
                let path = context.paths.databaseFile
                let environment = context.environment
                let weather = try context.weatherSetup()
                let network = try ConsoleNetwork(context)
                // One writer for all the workers: their chats' writes share commits.
                let window = try GroupCommit.window(environment: environment)
                let groupCommit = try store.map { GroupCommit(store: $0, window: window) } ?? GroupCommit(path: path, window: window)
                // A shared store is made for every thread (PostgresStore: its pool is locked).
                nonisolated(unsafe) let shared = store
                return {
                    let service = try EmbeddedService(path: path, environment: environment)
                    if let shared { service.records = shared }
                    service.groupCommit = groupCommit
                    service.network = network
                    if let consoleFetch { service.fetchConsoles(through: consoleFetch) }
                    service.weather = weather
                    return service
                }
            },
            store: { _, address, connections in try PostgresStore(StoreAddress(address), connections: connections) },
            shell: ShellSupport.host,
            voiceProblem: { context, value in
                let catalogue = try context.voiceCatalogue()
                return catalogue.find(value) == nil ? catalogue.unknown(value).message : nil
            },
            speakerClient: { context, address, era in
                HTTPSpeakerClient(address: address, era: era, environment: context.environment, trace: context.debugLog)
            },
            speakerFinder: { SpeakerFinder(environment: $0.environment, trace: $0.debugLog) },
            wifiNetwork: { SystemWiFiNetworkReader(environment: $0.environment) },
            voices: { _ in try VoiceCatalogue.installed() },
            skillNames: SkillNamesCache.names,
            synthesis: { ESpeakSynthesis(environment: $0.environment) },
            listener: { context, mode in
                try Listening(language: try context.recognitionLanguage(), environment: context.environment,
                              mode: mode, service: { try context.service() },
                              paths: context.paths, debug: { context.debug($0) })
            },
            audioInput: { context, file in
                try file.map { try AudioSource(file: $0) } ?? AudioSource(microphone: context.environment)
            },
            serving: { context, settings in try MicroHTTPServing(settings, context) },
            authoring: { context in
                WorkbenchAuthoring(environment: context.environment, weather: { try context.weatherSetup() },
                                   network: { try ConsoleNetwork(context) })
            },
            credentialStore: { _ in VaultStore() })
        makers.reminders = { try LocalReminders(path: $0.paths.databaseFile) }
        makers.notifier = { NotifySend(environment: $0.environment) }
        return makers
    }

    static func open(_ context: Context) throws -> SusiService {
        guard case let .url(server) = try context.server() else {
            context.debug("backend: embedded SUSI at \(context.paths.databaseFile)")
            let service = try EmbeddedService(paths: context.paths, environment: context.environment, now: context.now)
            service.weather = try context.weatherSetup()
            service.network = try ConsoleNetwork(context)
            return service
        }
        guard let url = URL(string: server) else {
            throw ConfigError("The server setting '\(server)' is not a URL.")
        }
        context.debug("backend: SUSI server at \(server)")
        let service = RemoteService(baseURL: url, environment: context.environment, trace: context.debugLog)
        service.addressOrigin = try context.settings().resolve(.server).source
        service.tokenFromEnvironment = Credentials.environmentToken(context.environment) != nil
        return service
    }
}
