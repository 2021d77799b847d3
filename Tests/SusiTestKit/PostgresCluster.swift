import Foundation
import SusiBasics

/// A PostgreSQL cluster of a test's own: made with initdb in a temporary
/// folder, run by an unprivileged user (initdb refuses root; the folder is
/// that user's), listening only on a Unix socket in that folder (no TCP at
/// all), and stopped and removed by `stop()` (or at the test process's exit).
/// `PostgresCluster.start()` is nil where PostgreSQL is not installed; the
/// caller skips with `PostgresCluster.missing`.
public final class PostgresCluster: @unchecked Sendable {
    /// Where Debian's postgresql package puts its programs.
    public static let binaries = ProcessInfo.processInfo.environment["SUSI_TEST_PG_BIN"] ?? "/usr/lib/postgresql/15/bin"
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: binaries + "/initdb") }
    public static let missing = "PostgreSQL is not installed (no \(binaries)/initdb): 'make deps' installs it; the PostgreSQL tests are skipped."

    /// The folder (the data directory and the socket are in it).
    public let directory: String
    /// The role every database of the cluster is owned by (no password: trust on the socket).
    public let user = "susi"
    private let runAs: [String]
    private let lock = NSLock()
    private var running = false
    private var made = 0

    /// One cluster for the whole test process, made on first use.
    public static func shared() throws -> PostgresCluster? {
        try sharedLock.withLock {
            if let sharedCluster { return sharedCluster }
            guard let cluster = try start() else { return nil }
            sharedCluster = cluster
            atexit { PostgresCluster.sharedCluster?.stop() }
            return cluster
        }
    }
    private static let sharedLock = NSLock()
    nonisolated(unsafe) private static var sharedCluster: PostgresCluster?

    /// Makes and starts a cluster; nil when PostgreSQL is not installed.
    public static func start() throws -> PostgresCluster? {
        guard isInstalled else { return nil }
        let cluster = try PostgresCluster()
        do {
            try cluster.launch()
        } catch {
            cluster.stop()
            throw error
        }
        return cluster
    }

    private init() throws {
        // Short: a Unix socket's path is limited to 107 bytes.
        var template = Array("/tmp/susi-pg-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw ClusterError("mkdtemp failed: errno \(errno)") }
        directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if geteuid() == 0 {
            guard let nobody = getpwnam("nobody") else { throw ClusterError("no user 'nobody' to run PostgreSQL as") }
            guard chown(directory, nobody.pointee.pw_uid, nobody.pointee.pw_gid) == 0 else {
                throw ClusterError("chown \(directory) failed: errno \(errno)")
            }
            runAs = ["/usr/sbin/runuser", "-u", "nobody", "--"]
        } else {
            runAs = []
        }
    }

    private func launch() throws {
        try Self.run(runAs + [Self.binaries + "/initdb", "-D", directory + "/data", "-U", user, "--auth=trust",
                              "--no-sync", "--encoding=UTF8", "--locale=C"])
        try startServer()
    }

    /// A new empty database; its postgresql:// address (socket folder, user, name; no password).
    public func database() throws -> String {
        let name = lock.withLock { () -> String in
            made += 1
            return "t\(made)_\(getpid())"
        }
        try Self.run(runAs + [Self.binaries + "/createdb", "-h", directory, "-U", user, name])
        return address(of: name)
    }

    public func address(of database: String) -> String {
        "postgresql:///\(database)?host=\(directory)&user=\(user)"
    }

    /// Runs one SQL statement with psql (for tests that set up what susi would not write).
    @discardableResult
    public func psql(_ database: String, _ sql: String) throws -> String {
        try Self.run(runAs + [Self.binaries + "/psql", "-X", "-q", "-A", "-t", "-h", directory, "-U", user,
                              "-d", database, "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// Stops the server at once (running sessions end); the folder stays for `startServer`.
    public func stopServer() throws {
        try Self.run(runAs + [Self.binaries + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// Starts the server: no TCP (listen_addresses empty), its socket in the folder.
    public func startServer() throws {
        let options = "-c listen_addresses='' -c unix_socket_directories='\(directory)' -c fsync=off -c max_connections=60"
        try Self.run(runAs + [Self.binaries + "/pg_ctl", "-D", directory + "/data", "-l", directory + "/log",
                              "-o", options, "-w", "-t", "60", "start"])
        lock.withLock { running = true }
    }

    /// Stops the server and removes the folder; safe to call twice.
    public func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        if wasRunning {
            _ = try? Self.run(runAs + [Self.binaries + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs a program, waits for it (two minutes at most), returns its stdout;
    /// throws with its stderr when it fails. Its output goes to files, not
    /// pipes: `pg_ctl start` leaves the server running, which must hold
    /// nothing of ours open.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("susi-pg-run-\(UUID().uuidString)").path
        let out = open(base + ".out", O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(base + ".err", O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(out)
            close(err)
            unlink(base + ".out")
            unlink(base + ".err")
        }
        guard out >= 0, err >= 0 else { throw ClusterError("cannot make \(base).out: errno \(errno)") }
        // Nothing of the test's environment beyond what the programs need.
        let started = ChildSpawn.start(arguments[0], arguments: arguments, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"],
                                       stdin: .null, stdout: .descriptor(out), stderr: .descriptor(err),
                                       defaultSignals: [SIGPIPE, SIGINT, SIGTERM])
        let pid: pid_t
        switch started {
        case let .success(child): pid = child
        case let .failure(error): throw ClusterError("cannot start \(arguments[0]): \(error)")
        }
        let waited = ChildSpawn.wait(pid, until: .now + .seconds(120), group: false, interrupted: nil)
        let output = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        let failure: String?
        switch waited {
        // nil: reaped by someone else in this process; what follows shows whether it worked.
        case let .exited(status): failure = status.map { $0 == 0 ? nil : "exit \($0)" } ?? nil
        case .killedAtDeadline, .interrupted: failure = "killed after 120 s"
        }
        if let failure {
            let errors = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
            throw ClusterError("\(arguments.joined(separator: " ")) failed (\(failure)): \(errors)")
        }
        return output
    }

    public struct ClusterError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
