import Foundation
import SusiNet
import SusiPorts
import Testing
import SusiCore
import SusiStore
@testable import SusiLocal

/// A clock the tests move by hand; shared by every service of a fixture.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    func now() -> Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}

/// A temporary folder with a database path, a clock, and services over it.
struct Fixture {
    let directory: String
    let path: String
    let clock = TestClock()
    static let environment = NetworkGuard.safeEnvironment()

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("susi-local-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/susi.db"
    }

    /// A new service (its own connection) over the fixture's file.
    func service() throws -> EmbeddedService {
        try EmbeddedService(path: path, environment: Self.environment, now: clock.now, passwordCost: .minimal)
    }

    /// A new service over the fixture's file whose bundled skills are the
    /// tree at `bundled` (SUSI_BUNDLED_SKILLS).
    func service(bundled: String) throws -> EmbeddedService {
        var environment = Self.environment
        environment["SUSI_BUNDLED_SKILLS"] = bundled
        return try EmbeddedService(path: path, environment: environment, now: clock.now, passwordCost: .minimal)
    }

    /// A second, independent connection for looking at the raw rows.
    func raw() throws -> Database { try Database(path: path) }

    /// A value of the `meta` table (nil: not there).
    func meta(_ key: String) throws -> String? {
        try raw().scalar("SELECT value FROM meta WHERE key = ?", [key])?.string
    }

    func count(_ table: String, _ condition: String = "1", _ parameters: [SQLBindable] = []) throws -> Int {
        try raw().scalar("SELECT count(*) FROM \(table) WHERE \(condition)", parameters)?.int ?? -1
    }

    /// Every row of every user table, for "nothing changed" checks.
    func snapshot() throws -> [String: [Row]] {
        let db = try raw()
        var result: [String: [Row]] = [:]
        for table in ["accounts", "tokens", "settings", "devices", "ratings", "feedback", "thumbs", "reports",
                      "bookmarks", "conversations", "meta"] {
            result[table] = try db.query("SELECT * FROM \(table) ORDER BY 1, 2")
        }
        result["skills"] = try db.query("SELECT path, usage_count FROM skills ORDER BY path")
        return result
    }

    /// The bytes of the database and its WAL, as far as they exist.
    func fileBytes() -> Data {
        var data = Data()
        for suffix in ["", "-wal", "-journal"] {
            if let bytes = FileManager.default.contents(atPath: path + suffix) { data.append(bytes) }
        }
        return data
    }
}

let greetings = SkillRef(group: "Communication", language: "en", name: "greetings")
let jokes = SkillRef(group: "Novelty and Humour", language: "en", name: "jokes")
let dice = SkillRef(group: "Utilities", language: "en", name: "dice")
let memorySkill = SkillRef(group: "Communication", language: "en", name: "memory")
let noSuchSkill = SkillRef(group: "Communication", language: "en", name: "no_such_skill")

/// A password that meets the rules.
let goodPassword = "Secret-42x"

/// The exit status each kind must map to (sysexits).
func expectedExit(_ kind: ServiceError.Kind) -> Int32 {
    switch kind {
    case .invalidInput: return 64
    case .notFound: return 66
    case .conflict: return 65
    case .notLoggedIn, .forbidden: return 77
    case .unavailable: return 69
    case .timeout: return 75
    case .malformedResponse: return 65
    case .interrupted: return 130
    }
}

/// Runs `body`, which must throw a `ServiceError` of `kind` whose message
/// contains every one of `words` (case-insensitively). Returns the error.
@discardableResult
func refused(_ kind: ServiceError.Kind, _ words: [String], sourceLocation: SourceLocation = #_sourceLocation,
             _ body: () throws -> Void) -> ServiceError? {
    do {
        try body()
        Issue.record("expected a \(kind) refusal mentioning \(words), but the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as ServiceError {
        #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.exitCode.rawValue == expectedExit(kind), sourceLocation: sourceLocation)
        for word in words {
            #expect(error.message.lowercased().contains(word.lowercased()),
                    "message '\(error.message)' should mention '\(word)'", sourceLocation: sourceLocation)
        }
        return error
    } catch {
        Issue.record("expected a ServiceError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Like `refused`, and also checks that the database rows are the same afterwards.
@discardableResult
func refusedUnchanged(_ fixture: Fixture, _ kind: ServiceError.Kind, _ words: [String],
                      sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) throws -> ServiceError? {
    let before = try fixture.snapshot()
    let error = refused(kind, words, sourceLocation: sourceLocation, body)
    let after = try fixture.snapshot()
    for (table, rows) in before where after[table] != rows {
        Issue.record("table \(table) changed by a refused call", sourceLocation: sourceLocation)
    }
    return error
}

extension EmbeddedService {
    /// Signs up and logs in; returns the token.
    func newAccount(_ email: String, password: String = goodPassword) throws -> String {
        try signUp(email: email, password: password)
        return try login(email: email, password: password, validFor: nil).token
    }
}
