import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SusiBasics
import SusiCore
import SusiLocal
import SusiPorts
import SusiPostgres
import SusiRemote
import SusiServer
import SusiTestKit
import Testing

/// One `susi serve` node as Backends makes it with `--store postgresql://…`:
/// its own SQLite skill index, the shared PostgreSQL store through its own
/// pool, its own group commit and HTTP server on 127.0.0.1.
final class PostgresNode {
    let store: PostgresStore
    let groupCommit: GroupCommit
    let server: HTTPServer
    let client: RemoteService
    let directory: String

    init(_ address: String, window: TimeInterval = GroupCommit.defaultWindow) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("susi-node-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/susi.db"
        _ = try EmbeddedService(path: path, environment: embeddedEnvironment, passwordCost: .minimal)
        let store = try PostgresStore(StoreAddress(address), connections: 4)
        self.store = store
        let groupCommit = GroupCommit(store: store, window: window)
        self.groupCommit = groupCommit
        let make: @Sendable () throws -> SusiService = {
            let service = try EmbeddedService(path: path, environment: embeddedEnvironment, passwordCost: .minimal)
            service.records = store
            service.groupCommit = groupCommit
            return service
        }
        server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2), log: { _ in },
                                handler: SusiAPI(makeService: make))
        client = try Backend.remoteService(baseURL: "http://127.0.0.1:\(server.port)")
    }

    func stop() {
        server.stop(graceSeconds: 1)
        try? groupCommit.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Status and headers of a GET on this node (a raw request, for Retry-After).
    func get(_ pathAndQuery: String) throws -> (status: Int, headers: [String: String]) {
        try rawGet(port: server.port, pathAndQuery)
    }
}

/// A GET over a plain socket to 127.0.0.1: the status and the headers (lower-cased names).
func rawGet(port: UInt16, _ pathAndQuery: String) throws -> (status: Int, headers: [String: String]) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw CocoaError(.fileReadUnknown) }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
    let request = "GET \(pathAndQuery) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), 0) }
    var response = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count <= 0 { break }
        response += buffer[0..<count]
    }
    let text = String(decoding: response, as: UTF8.self)
    let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
    var lines = head.components(separatedBy: "\r\n")
    let status = Int(lines.removeFirst().split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
}

@Suite(.serialized) struct PostgresNodes {
    /// The test process's cluster; nil (said on stderr) where PostgreSQL is not installed.
    static func cluster() throws -> PostgresCluster? {
        guard let cluster = try PostgresCluster.shared() else {
            FileHandle.standardError.write(Data("skipped: \(PostgresCluster.missing)\n".utf8))
            return nil
        }
        return cluster
    }

    /// A database migrated by this susi, then marked with the next schema version.
    static func newerSchema(_ cluster: PostgresCluster) throws -> (address: String, database: String, version: Int) {
        let address = try cluster.database()
        _ = try PostgresStore(StoreAddress(address), connections: 1)
        let database = String(address.split(separator: "?")[0].dropFirst("postgresql:///".count))
        let newer = PostgresStore.schemaVersion + 1
        try cluster.psql(database, "INSERT INTO susi_schema (version, applied) VALUES (\(newer), 0)")
        return (address, database, newer)
    }

    /// Two nodes over one new database of the shared cluster; both stopped afterwards.
    static func withTwoNodes(_ body: (PostgresNode, PostgresNode, PostgresCluster) throws -> Void) throws {
        guard let cluster = try Self.cluster() else { return }
        let address = try cluster.database()
        let a = try PostgresNode(address)
        defer { a.stop() }
        let b = try PostgresNode(address)
        defer { b.stop() }
        try body(a, b, cluster)
    }

    @Test func aSecondNodeReadsWhatTheFirstWrote() throws {
        try Self.withTwoNodes { a, b, _ in
            try a.client.signUp(email: "ada@example.org", password: goodPassword)
            let token = try b.client.login(email: "ada@example.org", password: goodPassword, validFor: nil).token
            _ = try b.client.rate(time, stars: 4, token: token)
            try b.client.postFeedback(time, text: "Tells the time well.", token: token)
            #expect(try a.client.userRating(time, token: token) == 4)
            #expect(try a.client.feedback(time).map(\.text) == ["Tells the time well."])
            #expect(try a.client.skill(time).rating.stars == StarRatings(fourStar: 1))
            // The conversation goes on on the other node once A's window is committed.
            #expect(try a.client.chat(ChatRequest(query: "my name is ada"), token: token).text == "Nice to meet you, ada!")
            try a.groupCommit.flush()
            #expect(try b.client.chat(ChatRequest(query: "what is my name"), token: token).text == "Your name is ada.")
        }
    }

    @Test func aTokenRevokedOnOneNodeIsRefusedOnTheOther() throws {
        try Self.withTwoNodes { a, b, _ in
            try a.client.signUp(email: "bob@example.org", password: goodPassword)
            let token = try a.client.login(email: "bob@example.org", password: goodPassword, validFor: nil).token
            #expect(try a.client.settings(token: token).isEmpty)
            try b.client.logout(token: token)
            do {
                _ = try a.client.settings(token: token)
                Issue.record("node A still accepted a token node B revoked")
            } catch let error as ServiceError {
                #expect(error.kind == .notLoggedIn)
            }
        }
    }

    @Test func twoNodesStartingAtOnceMigrateOnce() throws {
        guard let cluster = try Self.cluster() else { return }
        let address = try cluster.database()
        let failures = FailureLog()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do { _ = try PostgresStore(StoreAddress(address), connections: 1) } catch { failures.add("\(error)") }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let database = String(address.split(separator: "?")[0].dropFirst("postgresql:///".count))
        let versions = try cluster.psql(database, "SELECT version FROM susi_schema ORDER BY version")
        #expect(versions.split(separator: "\n").map(String.init) == (1...PostgresStore.schemaVersion).map(String.init))
    }

    @Test func aNodeRefusesASchemaNewerThanItKnows() throws {
        guard let cluster = try Self.cluster() else { return }
        let (address, database, newer) = try Self.newerSchema(cluster)
        do {
            _ = try PostgresStore(StoreAddress(address), connections: 1)
            Issue.record("a newer schema was accepted")
        } catch let error as ServiceError {
            #expect(error.kind == .unavailable)
            #expect(error.message.contains("schema version \(newer), newer than this susi knows (\(PostgresStore.schemaVersion))"))
        }
        // Untouched: still the newer version, nothing rolled back or added.
        #expect(try cluster.psql(database, "SELECT max(version) FROM susi_schema").trimmingCharacters(in: .whitespacesAndNewlines) == String(newer))
    }

    /// The binary's own path (the maker in SusiHost, `susi serve --store`): refused before anything listens.
    @Test func theBuiltSusiServeRefusesANewerSchemaBeforeListening() throws {
        guard let cluster = try Self.cluster() else { return }
        let (address, database, newer) = try Self.newerSchema(cluster)
        let result = try EndToEnd.run(["serve", "--port", "0", "--store", address])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: The store at postgresql:///\(database) has schema version \(newer), newer than this susi knows"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("Serving SUSI"))
    }

    @Test func aPasswordInTheAddressIsRefusedAndNeverRepeated() throws {
        for address in ["postgresql://susi:hunter2secret@127.0.0.1/susi", "postgres://127.0.0.1/susi?password=hunter2secret"] {
            do {
                _ = try StoreAddress(address)
                Issue.record("an address with a password was accepted")
            } catch let error as ConfigError {
                #expect(!error.message.contains("hunter2secret") && !(error.hint ?? "").contains("hunter2secret"))
                #expect(error.message.contains("password"))
            }
        }
        // In a message about a bad setting: a password parameter is never repeated.
        #expect(!URLParts.quotedUnlessSecret("postgres://127.0.0.1/susi?password=hunter2secret").contains("hunter2secret"))
    }

    @Test func aConnectionNeverWaitsLongerThanItsTimeout() throws {
        #expect(try StoreAddress("postgresql://127.0.0.1/susi").connectionString() == "postgresql://127.0.0.1/susi?connect_timeout=2")
        #expect(try StoreAddress("postgresql:///susi?host=/run/pg").connectionString() == "postgresql:///susi?host=/run/pg&connect_timeout=2")
        #expect(try StoreAddress("postgresql://h/susi?connect_timeout=9").connectionString() == "postgresql://h/susi?connect_timeout=9")
        #expect(try StoreAddress("postgresql://susi@10.1.2.3:6543/db").shown == "postgresql://susi@10.1.2.3:6543/db")
    }

    @Test func pastThePoolsBoundACallIsRefusedAsUnavailable() throws {
        guard let cluster = try Self.cluster() else { return }
        let store = try PostgresStore(StoreAddress(cluster.database()), connections: 1, wait: 0.1)
        #expect(try store.createAccount(email: "dee@example.org", passwordHash: "x", created: 0))
        let device = Device(macAddress: "00:11:22:33:44:55", name: "kitchen", room: "kitchen")
        var refused: ServiceError?
        // The device's transaction holds the pool's one connection while its count is checked.
        try store.saveDevice(email: "dee@example.org", device, added: 0) { _ in
            do {
                _ = try store.settings(email: "dee@example.org")
            } catch let error as ServiceError {
                refused = error
            }
        }
        #expect(refused?.kind == .unavailable)
        #expect(refused?.message == "The one connection to the store is in use; try again in a moment.")
        // Released: the next call gets the connection, and the device was stored.
        #expect(try store.devices(email: "dee@example.org").map(\.macAddress) == ["00:11:22:33:44:55"])
    }

    @Test func storeDownRefusesWritesWith503AndLosesNothingAcknowledged() throws {
        guard let cluster = try PostgresCluster.start() else {
            FileHandle.standardError.write(Data("skipped: \(PostgresCluster.missing)\n".utf8))
            return
        }
        defer { cluster.stop() }
        // A window long enough that the chat below is still pending when the store goes.
        let node = try PostgresNode(try cluster.database(), window: 600)
        defer { node.stop() }
        try node.client.signUp(email: "cy@example.org", password: goodPassword)
        let token = try node.client.login(email: "cy@example.org", password: goodPassword, validFor: nil).token
        #expect(try node.get("/healthz").status == 200)
        // Acknowledged, and only in the group commit's window when the store goes.
        #expect(try node.client.chat(ChatRequest(query: "my name is cy"), token: token).text == "Nice to meet you, cy!")
        try cluster.stopServer()
        let rating = try node.get("/cms/fiveStarRateSkill.json?model=general&group=Knowledge&language=en&skill=time&stars=5&access_token=\(token)")
        #expect(rating.status == 503)
        #expect(rating.headers["retry-after"] == "1")
        let health = try node.get("/healthz")
        #expect(health.status == 503 && health.headers["retry-after"] == "1")
        // A chat needs the token checked: refused while the store is away, never answered as a stranger.
        do {
            _ = try node.client.chat(ChatRequest(query: "hello"), token: token)
            Issue.record("a logged-in chat was answered while the store was down")
        } catch let error as ServiceError {
            #expect(error.kind == .unavailable)
        }
        #expect(throws: (any Error).self) { try node.groupCommit.flush() }
        try cluster.startServer()
        // The pending chat is committed once the store is back; nothing answered was lost.
        try node.groupCommit.flush()
        #expect(try node.get("/healthz").status == 200)
        #expect(try node.store.conversation("cy@example.org")?.memory.contains("my name is cy") == true)
        #expect(try node.client.rate(time, stars: 5, token: token) == StarRatings(fiveStar: 1))
    }
}
