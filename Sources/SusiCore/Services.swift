import Foundation
import SusiCLI
import SusiPorts

/// Makes a fresh backend for one worker thread of `susi serve` (each worker
/// keeps its own connection and caches).
public typealias ServiceFactory = @Sendable () throws -> SusiService

/// What the host provides to commands, each made lazily on first use and
/// kept for the whole scope: one command line in `susi`, every line of a
/// `susi shell` session. A `Context` is made per command line (its own
/// invocation and streams) and asks its scope for these, so the backend, the
/// login and the unlocked credentials are opened once per scope.
///
/// Every maker is replaceable: the in-process harness swaps in fakes (a
/// backend that counts calls, a speech log, ...), so any command can run
/// against a fake backend.
public final class Services {
    public struct Makers {
        /// The backend for the `server` setting.
        public var backend: (Context) throws -> SusiService
        /// The token to send and where it came from; nil is anonymous.
        public var credentials: (Context) throws -> Credentials?
        /// Speech for the voice settings; nil where none is wired.
        public var speech: (Context) throws -> SpeechOutput?
        /// Where past exchanges are kept.
        public var history: (Context) throws -> ChatHistoryStore
        /// Importing and removing skills; nil when the backend keeps its own skills.
        public var skillAdministration: (Context, SusiService) throws -> SkillAdministration?
        /// Fresh backends for `susi serve`'s workers, fetching consoles through
        /// the given fetch (nil: the default HTTP fetcher), keeping what people
        /// write in the given store (nil: the embedded database).
        public var workerServices: (Context, ConsoleFetch?, ServiceStore?) throws -> ServiceFactory
        /// The store `susi serve --store ADDRESS` names, with a pool of at
        /// most this many connections (docs/decisions/0420-the-store-port.md).
        public var store: (Context, String, Int) throws -> ServiceStore
        /// Running and completing command lines inside this scope, for
        /// `susi shell`; nil where no command tree is wired.
        public var shell: (Context) -> ShellHost?
        /// Whether a `voice` value names an installed voice: nil when it
        /// does, else the message saying it does not (with the closest
        /// voices). Throws when the installed voices cannot be read.
        public var voiceProblem: (Context, String) throws -> String?
        /// The setup calls of the speaker found at an address, in its era.
        public var speakerClient: (Context, URL, SpeakerEra) throws -> SpeakerClient
        /// Finds the speaker a target names, and its era.
        public var speakerFinder: (Context) throws -> SpeakerFinding
        /// The Wi-Fi network this machine is on (for the hotspot check).
        public var wifiNetwork: (Context) throws -> WiFiNetworkReader
        /// The installed voices (read anew on each call).
        public var voices: (Context) throws -> VoiceCatalogue
        /// The embedded SUSI's skill names and titles for a Tab, quickly
        /// (the host's cache), in the listing's order.
        public var skillNames: (Context) throws -> [CompletionCandidate]
        /// Text into speech, into a WAV file or this machine's player.
        public var synthesis: (Context) throws -> SpeechSynthesis
        /// A recogniser for the user's language, in this mode.
        public var listener: (Context, RecognitionMode) throws -> SpeechListener
        /// Audio to listen to: this WAV file, or the microphone (nil).
        public var audioInput: (Context, String?) throws -> AudioInput
        /// SUSI's HTTP API for `susi serve`, its worker backends open.
        public var serving: (Context, ServeSettings) throws -> HTTPServing
        /// Skill files answered and tested in memory, or sent to a server.
        public var authoring: (Context) throws -> SkillAuthoring
        /// The encrypted credential file and its unlock agent.
        public var credentialStore: (Context) throws -> CredentialStore
        /// Reminders, timers and alarms (the local database's).
        public var reminders: (Context) throws -> ReminderStore = { _ in
            throw ServiceError(.unavailable, "No reminder store is configured in this context.")
        }
        /// Desktop notifications for reminders that fire.
        public var notifier: (Context) throws -> ReminderNotifier = { _ in
            throw ServiceError(.unavailable, "No desktop notifications are configured in this context.")
        }

        public init(
            backend: @escaping (Context) throws -> SusiService = { _ in
                throw ServiceError(.unavailable, "No SUSI backend is configured in this context.")
            },
            credentials: @escaping (Context) throws -> Credentials? = { _ in nil },
            speech: @escaping (Context) throws -> SpeechOutput? = { _ in nil },
            history: @escaping (Context) throws -> ChatHistoryStore = { _ in
                throw ServiceError(.unavailable, "No chat history is configured in this context.")
            },
            skillAdministration: @escaping (Context, SusiService) throws -> SkillAdministration? = { _, service in
                service as? SkillAdministration
            },
            workerServices: @escaping (Context, ConsoleFetch?, ServiceStore?) throws -> ServiceFactory = { _, _, _ in
                throw ServiceError(.unavailable, "No SUSI backend is configured in this context.")
            },
            store: @escaping (Context, String, Int) throws -> ServiceStore = { _, _, _ in
                throw ServiceError(.unavailable, "No store is configured in this context.")
            },
            shell: @escaping (Context) -> ShellHost? = { _ in nil },
            voiceProblem: @escaping (Context, String) throws -> String? = { _, _ in
                throw ServiceError(.unavailable, "No voice list is configured in this context.")
            },
            speakerClient: @escaping (Context, URL, SpeakerEra) throws -> SpeakerClient = { _, _, _ in
                throw ServiceError(.unavailable, "No speaker client is configured in this context.")
            },
            speakerFinder: @escaping (Context) throws -> SpeakerFinding = { _ in
                throw ServiceError(.unavailable, "No speaker finder is configured in this context.")
            },
            wifiNetwork: @escaping (Context) throws -> WiFiNetworkReader = { _ in
                throw ServiceError(.unavailable, "No Wi-Fi reader is configured in this context.")
            },
            voices: @escaping (Context) throws -> VoiceCatalogue = { _ in
                throw ServiceError(.unavailable, "No voice list is configured in this context.")
            },
            skillNames: @escaping (Context) throws -> [CompletionCandidate] = { context in
                try context.service().skills(SkillQuery(language: try context.catalogueLanguage()))
                    .map { CompletionCandidate($0.ref.name, $0.title ?? "") }
            },
            synthesis: @escaping (Context) throws -> SpeechSynthesis = { _ in
                throw ServiceError(.unavailable, "No speech synthesis is configured in this context.")
            },
            listener: @escaping (Context, RecognitionMode) throws -> SpeechListener = { _, _ in
                throw ServiceError(.unavailable, "No speech recognition is configured in this context.")
            },
            audioInput: @escaping (Context, String?) throws -> AudioInput = { _, _ in
                throw ServiceError(.unavailable, "No audio input is configured in this context.")
            },
            serving: @escaping (Context, ServeSettings) throws -> HTTPServing = { _, _ in
                throw ServiceError(.unavailable, "No HTTP server is configured in this context.")
            },
            authoring: @escaping (Context) throws -> SkillAuthoring = { _ in
                throw ServiceError(.unavailable, "No skill workbench is configured in this context.")
            },
            credentialStore: @escaping (Context) throws -> CredentialStore = { _ in
                throw ServiceError(.unavailable, "No credential store is configured in this context.")
            }
        ) {
            self.backend = backend
            self.credentials = credentials
            self.speech = speech
            self.history = history
            self.skillAdministration = skillAdministration
            self.workerServices = workerServices
            self.store = store
            self.shell = shell
            self.voiceProblem = voiceProblem
            self.speakerClient = speakerClient
            self.speakerFinder = speakerFinder
            self.wifiNetwork = wifiNetwork
            self.voices = voices
            self.skillNames = skillNames
            self.synthesis = synthesis
            self.listener = listener
            self.audioInput = audioInput
            self.serving = serving
            self.authoring = authoring
            self.credentialStore = credentialStore
        }
    }

    public let makers: Makers
    private let lock = NSLock()
    private var backends: [String: SusiService] = [:]
    private var resolvedCredentials: [String: Credentials?] = [:]
    private var historyStore: ChatHistoryStore?
    private var shellRunning = false
    /// What lower layers keep for the rest of a shell session, by name.
    private var sessionValues: [String: AnyObject] = [:]

    public init(_ makers: Makers = Makers()) {
        self.makers = makers
    }

    /// The backend for the context's server, opened once per server in this scope.
    func backend(_ context: Context) throws -> SusiService {
        let server = try context.serverName()
        if let open = locked({ backends[server] }) { return open }
        let service = try makers.backend(context)
        locked { backends[server] = service }
        return service
    }

    /// The backend this scope already opened for `server`; nil when none
    /// was. Never opens one (a completion provider asks).
    public func openBackend(server: String) -> SusiService? {
        locked { backends[server] }
    }

    /// The credentials for the context's server, resolved once per server
    /// (unlocking the credential file may ask for the passphrase).
    func credentials(_ context: Context) throws -> Credentials? {
        let server = try context.serverName()
        if let known = locked({ resolvedCredentials[server] }) { return known }
        let resolved = try makers.credentials(context)
        locked { resolvedCredentials[server] = .some(resolved) }
        return resolved
    }

    /// What this scope already resolved for `server` (an inner nil is
    /// anonymous); nil when nothing asked yet. Never resolves.
    public func knownCredentials(server: String) -> Credentials?? {
        locked { resolvedCredentials[server] }
    }

    /// Forgets resolved credentials after a login, logout or switch.
    func credentialsDidChange() {
        locked { resolvedCredentials.removeAll() }
    }

    func history(_ context: Context) throws -> ChatHistoryStore {
        if let historyStore = locked({ historyStore }) { return historyStore }
        let store = try makers.history(context)
        locked { historyStore = store }
        return store
    }

    /// Marks this scope as running `susi shell`; false when it already is
    /// (a shell inside the shell is refused).
    public func beginShell() -> Bool {
        locked {
            guard !shellRunning else { return false }
            shellRunning = true
            return true
        }
    }

    public func endShell() {
        locked {
            shellRunning = false
            sessionValues.removeAll()
        }
    }

    /// True while this scope runs `susi shell`.
    public var isShell: Bool { locked { shellRunning } }

    /// A value kept for the rest of this scope: the process, or the shell
    /// session (the credential file's unlocked key, so the passphrase is
    /// asked at most once per process; decision 0432).
    public func sessionValue(_ name: String) -> AnyObject? {
        locked { sessionValues[name] }
    }

    /// Keeps `value` in memory until the scope ends (the process exits or
    /// the shell ends; nil forgets it). True when something was kept or forgotten.
    @discardableResult
    public func keepForSession(_ value: AnyObject?, as name: String) -> Bool {
        locked {
            let had = sessionValues[name] != nil
            sessionValues[name] = value
            return value != nil || had
        }
    }

    /// True the first time `notice` is asked for in this scope (a process,
    /// or a whole shell session): for what is said once, however often
    /// it applies ("nothing can be spoken here").
    public func firstTime(_ notice: String) -> Bool {
        locked { saidOnce.insert(notice).inserted }
    }

    private var saidOnce: Set<String> = []

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
