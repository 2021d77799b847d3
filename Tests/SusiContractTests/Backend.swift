import Foundation
import SusiCore
import SusiLocal
import SusiNet
import SusiPorts
import SusiPostgres
import SusiRemote
import SusiServer
import SusiTestKit
import Testing

/// The embedded SUSIs (the one under test and the one behind `susi serve`)
/// only ever talk to loopback and use the bundled skills of this checkout.
let embeddedEnvironment = NetworkGuard.safeEnvironment(["SUSI_BUNDLED_SKILLS": packageRoot + "/Sources/SusiSkills/models"])

/// The two backends every contract case runs against.
enum BackendKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `EmbeddedService` in-process over a fresh temporary database.
    case embedded
    /// `RemoteService` talking to the in-process `susi serve` on 127.0.0.1
    /// (a free port) over its own fresh temporary database.
    case remote
    /// As `.remote`, with what people write kept in PostgreSQL (`susi serve
    /// --store postgresql://…`): a database of its own in the test cluster.
    case postgres

    var testDescription: String { rawValue }
}

/// A clock the tests move by hand, shared by every service of a backend
/// (including each worker thread's service inside the server). It starts at
/// the current whole second, so timestamps survive the API's millisecond
/// forms exactly and token lifetimes stay near the real clock the server
/// uses for `valid_seconds`.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

    func now() -> Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}

/// The fixture refused a server address that is not loopback.
struct NonLoopbackAddress: Error, CustomStringConvertible {
    var url: String
    var description: String {
        "CONTRACT FIXTURE: refusing to connect to \(url): the contract suite only talks to loopback servers."
    }
}

/// One backend under test: the service, the clock its data is stamped
/// with, and (for `.remote`) the server, stopped by `stop()`.
final class Backend {
    let kind: BackendKind
    let service: SusiService
    let clock: TestClock
    private let directory: String
    private var server: HTTPServer?
    private let makeService: @Sendable () throws -> SusiService
    private var groupCommit: GroupCommit?

    /// Runs `body` against a fresh backend of `kind`, and always stops the
    /// server and removes the temporary folder afterwards.
    static func with(_ kind: BackendKind, _ body: (Backend) throws -> Void) throws {
        if kind == .postgres, !PostgresCluster.isInstalled {
            FileHandle.standardError.write(Data("skipped (postgres): \(PostgresCluster.missing)\n".utf8))
            return
        }
        let backend = try Backend(kind)
        defer { backend.stop() }
        try body(backend)
    }

    private init(_ kind: BackendKind) throws {
        self.kind = kind
        let clock = TestClock()
        self.clock = clock
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("susi-contract-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/susi.db"
        // The server's workers share a group commit, as in `susi serve`: every
        // case then also holds for writes read back before they are committed.
        var groupCommit: GroupCommit?
        var store: PostgresStore?
        if kind == .remote {
            _ = try EmbeddedService(path: path, environment: embeddedEnvironment, now: clock.now, passwordCost: .minimal)
            groupCommit = try GroupCommit(path: path)
        }
        if kind == .postgres, let cluster = try PostgresCluster.shared() {
            _ = try EmbeddedService(path: path, environment: embeddedEnvironment, now: clock.now, passwordCost: .minimal)
            let records = try PostgresStore(StoreAddress(cluster.database()), connections: 4)
            store = records
            groupCommit = GroupCommit(store: records)
        }
        self.groupCommit = groupCommit
        let shared = groupCommit
        let sharedStore = store
        let makeService: @Sendable () throws -> SusiService = {
            let service = try EmbeddedService(path: path, environment: embeddedEnvironment, now: clock.now, passwordCost: .minimal)
            if let sharedStore { service.records = sharedStore }
            service.groupCommit = shared
            return service
        }
        self.makeService = makeService
        switch kind {
        case .embedded:
            service = try makeService()
        case .remote, .postgres:
            // Create and migrate the database once, before the worker threads open it.
            _ = try makeService()
            let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2), log: { _ in },
                                        handler: SusiAPI(makeService: makeService))
            self.server = server
            do {
                service = try Self.remoteService(baseURL: "http://127.0.0.1:\(server.port)")
            } catch {
                server.stop(graceSeconds: 0)
                throw error
            }
        }
    }

    /// susi's own client for `baseURL`, refused (before any connection is
    /// made) unless the host is loopback. The client's own network guard is
    /// on as well.
    static func remoteService(baseURL text: String) throws -> RemoteService {
        guard let url = URL(string: text), let host = url.host, NetworkGuard.isLoopback(host) else {
            throw NonLoopbackAddress(url: text)
        }
        return RemoteService(baseURL: url, environment: NetworkGuard.safeEnvironment(), timeout: 10, retries: 0)
    }

    func stop() {
        server?.stop(graceSeconds: 1)
        server = nil
        try? groupCommit?.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Another client of the same backend, as another process would be: its
    /// own database connection, or its own client of the same server.
    func freshService() throws -> SusiService {
        guard let server else { return try makeService() }
        return try Self.remoteService(baseURL: "http://127.0.0.1:\(server.port)")
    }

    /// Signs up and logs in; returns the token.
    func account(_ email: String, password: String = goodPassword) throws -> String {
        try service.signUp(email: email, password: password)
        return try service.login(email: email, password: password, validFor: nil).token
    }
}

let greetings = SkillRef(group: "Communication", language: "en", name: "greetings")
let memorySkill = SkillRef(group: "Communication", language: "en", name: "memory")
let time = SkillRef(group: "Knowledge", language: "en", name: "time")
let jokes = SkillRef(group: "Novelty and Humour", language: "en", name: "jokes")
let dice = SkillRef(group: "Utilities", language: "en", name: "dice")
let noSuchSkill = SkillRef(group: "Knowledge", language: "en", name: "no_such_skill")

/// Failures collected from concurrent work, reported after it.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

/// A password that meets the rules.
let goodPassword = "Secret-42x"

/// Runs `body`, which must throw a `ServiceError` of `kind`. Returns the error.
@discardableResult
func refused(_ kind: ServiceError.Kind, _ backend: Backend, sourceLocation: SourceLocation = #_sourceLocation,
             _ body: () throws -> Void) -> ServiceError? {
    do {
        try body()
        Issue.record("\(backend.kind): expected a \(kind) refusal, but the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as ServiceError {
        #expect(error.kind == kind, "\(backend.kind): \(error.message)", sourceLocation: sourceLocation)
        // Messages read as one sentence on both backends (no server period doubled).
        #expect(!error.message.isEmpty && !error.message.hasSuffix(".."), "\(backend.kind): \(error.message)",
                sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("\(backend.kind): expected a ServiceError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
