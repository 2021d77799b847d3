import Foundation
import SusiAuthoring
import SusiBasics
import SusiEngine
import SusiPorts
import SusiStore

/// The SUSI that runs inside susi: skills, accounts, ratings, feedback,
/// settings and devices in one SQLite file, answering as a SUSI server would.
public final class EmbeddedService: SusiService {
    let database: Database
    let environment: [String: String]
    let now: () -> Date
    let hasher: PasswordHasher
    /// Made once per service, reused by every chat.
    lazy var consoleFetcher: any ConsoleFetcher = HTTPConsoleFetcher(environment: environment, network: network)
    /// Whether consoles may go online, and where fetches are logged; set before the first chat.
    public var network = ConsoleNetwork()

    /// Replaces how consoles are fetched: `susi serve` gives its workers a
    /// fetch with a per-request time budget.
    public func fetchConsoles(through fetch: @escaping ConsoleFetch) {
        let network = self.network
        consoleFetcher = ClosureConsoleFetcher { url in
            // Never on a thread other connections share (nor logged from it): see InlineAttempt.
            try InlineAttempt.leaveIfInline()
            return try network.fetch(url) { (200, try fetch($0)) }
        }
    }
    /// The weather service, units and place the weather skill uses (the host
    /// resolves them from the settings); nil: the skill says it cannot reach it.
    /// A chat request's coordinates win over the place.
    public var weather: WeatherSetup?
    /// `susi serve`'s writer: when set, a chat's writes are handed to it
    /// (committed within its window, read back from it until then) instead
    /// of being committed before the answer.
    public var groupCommit: GroupCommit?
    /// Where accounts, ratings, settings, devices, memory and usage counts
    /// are kept (docs/decisions/0420-the-store-port.md): this database unless
    /// `susi serve` was given another store.
    public var records: ServiceStore
    /// Where the bundled skills were looked for when none were found (nil: found).
    var bundledSearched: [String]?
    /// Whether the last bundled-skills check listed the folders (false: it
    /// stamped the files from the stored list; nil: no check yet).
    var bundledSkillsListed: Bool?
    /// Intents rebuilt from the index, reused across chats of this instance.
    let restoredIntents = RestoredIntentCache()
    /// Ranked candidates of recent queries, for the index's current generation.
    let candidateLists = CandidateCache()
    /// The fuzzy stage's index per language, kept across chats (EmbeddedFuzzyCache.swift).
    let fuzzyCaches = FuzzyCaches()
    /// How long a login token lives unless the caller asks otherwise.
    public static let defaultTokenLifetime: TimeInterval = 7 * 24 * 3600

    public var location: String { "embedded (\(database.path))" }
    /// The database file this service opened.
    public var databasePath: String { database.path }

    /// Opens (creating if needed) the database at `path`, migrates it, and
    /// makes sure the bundled skills are in it, unless `syncingBundledSkills`
    /// is false: a completion's read takes the skills as the last command
    /// left them, without walking and stamping the bundled files.
    public init(path: String, environment: [String: String], now: @escaping () -> Date = Date.init,
                passwordCost: PasswordHasher.Cost = .interactive, syncingBundledSkills: Bool = true) throws {
        database = try LocalDatabase.open(path)
        records = SQLiteServiceStore(database)
        self.environment = environment
        self.now = now
        self.hasher = PasswordHasher(cost: passwordCost)
        if syncingBundledSkills { try syncBundledSkills() }
    }

    /// The chat history in this service's database, on its connection
    /// (not thread-safe: use it where the service is used).
    public func chatHistory() -> ChatHistoryStore {
        ChatHistory(database: database)
    }

    /// The service over the database in `paths`.
    public convenience init(paths: Paths, environment: [String: String], now: @escaping () -> Date = Date.init) throws {
        try self.init(path: paths.databaseFile, environment: environment, now: now)
    }

    static func serviceError(_ error: StoreError) -> Error {
        switch error.kind {
        case let .notARegularFile(path, symbolicLink):
            return UnsafeFileError(path: path, problem: symbolicLink ? .symbolicLink : .notRegularFile)
        case .newerSchema:
            return ServiceError(.unavailable, error.message)
        case .busy:
            return storage(.busy, error)
        case .readOnly:
            return storage(.readOnly, error)
        case .full:
            return storage(.full, error)
        case .damaged:
            return storage(.damaged, error)
        case .ioError:
            return storage(.ioError, error)
        case .open:
            // Neither damaged nor a disk problem SQLite could name: the file
            // may be fine, so no advice to move it aside.
            return ServiceError(.unavailable, error.message,
                                hint: "Check the file and its folder; if 'sqlite3 \(error.path ?? "susi.db") \"PRAGMA integrity_check\"' reports damage, move it aside (susi never deletes it).")
        case .constraint:
            return ServiceError(.invalidInput, error.message)
        case .other:
            return ServiceError(.unavailable, "Database error: \(error.message)")
        }
    }

    static func storage(_ problem: StorageError.Problem, _ error: StoreError) -> StorageError {
        StorageError(problem, name: "the database", path: error.path ?? "the database", detail: error.detail ?? error.message)
    }

    /// The folder for the database could not be created.
    static func folderError(_ error: FileError, for path: String) -> Error {
        StorageError(writing: error, name: "the database", path: path)
            ?? ServiceError(.unavailable, "Cannot create the folder for \(path): \(error.reason).")
    }

    /// A store error as a service error; any other error as it is.
    static func serviceError(any error: Error) -> Error {
        (error as? StoreError).map(serviceError) ?? error
    }

    /// Runs `body` against the database, turning store errors into service errors.
    @discardableResult
    func store<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw Self.serviceError(error)
        }
    }

    var timestamp: Double { now().timeIntervalSince1970 }
}

/// A console fetcher that calls a closure (the server's budgeted fetch).
struct ClosureConsoleFetcher: ConsoleFetcher {
    let body: @Sendable (URL) throws -> Data
    func fetch(_ url: URL) throws -> Data { try body(url) }
}
