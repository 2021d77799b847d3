import Foundation
import SusiCore
import SusiEngine
import SusiStore

/// The SUSI that runs inside susi: skills, accounts, ratings, feedback,
/// settings and devices in one SQLite file, answering as a SUSI server would.
public final class EmbeddedService: SusiService {
    let database: Database
    let environment: [String: String]
    let now: () -> Date
    let hasher: PasswordHasher
    /// Made once per service, reused by every chat.
    lazy var consoleFetcher = HTTPConsoleFetcher(environment: environment)
    /// Intents rebuilt from the index, reused across chats of this instance.
    let restoredIntents = RestoredIntentCache()
    /// How long a login token lives unless the caller asks otherwise.
    public static let defaultTokenLifetime: TimeInterval = 7 * 24 * 3600

    public var location: String { "embedded (\(database.path))" }

    /// Opens (creating if needed) the database at `path`, migrates it, and
    /// makes sure the bundled skills are in it.
    public init(path: String, environment: [String: String], now: @escaping () -> Date = Date.init,
                passwordCost: PasswordHasher.Cost = .interactive) throws {
        if path != ":memory:" {
            do {
                try AtomicFile.createDirectory((path as NSString).deletingLastPathComponent)
            } catch let error as FileError {
                throw ServiceError(.unavailable, "Cannot create the folder for \(path): \(error.reason).")
            }
        }
        do {
            database = try Database(path: path, knownSchema: Schema.migrations.map(\.version).max())
            try database.migrate(Schema.migrations)
        } catch let error as StoreError {
            throw Self.serviceError(error)
        }
        self.environment = environment
        self.now = now
        self.hasher = PasswordHasher(cost: passwordCost)
        try syncBundledSkills()
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
            return ServiceError(.timeout, error.message, hint: "Another susi process is holding the database; try again.")
        case .open:
            return ServiceError(.unavailable, error.message,
                                hint: "Move the file aside to start with a fresh database; susi never deletes it.")
        case .constraint:
            return ServiceError(.invalidInput, error.message)
        case .other:
            return ServiceError(.unavailable, "Database error: \(error.message)")
        }
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
