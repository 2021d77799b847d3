#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SusiBasics

/// git/gh-style extensions: an executable `susi-<name>` on PATH runs as
/// `susi <name>`. Built-in names always win, and only absolute PATH entries
/// are searched, so a `susi-*` in the current directory never runs by accident.
public enum ExternalCommands {
    /// Every external command on PATH, first occurrence of each name, sorted.
    /// With `cacheFile`, the directories' `program-` entries are remembered
    /// there and a directory is read again only when it changed (see
    /// `ExternalCommandCache`); the answer is the same as without.
    public static func list(program: String, environment: [String: String], builtins: Set<String>,
                            cacheFile: String? = nil) -> [ExternalCommand] {
        var seen: [String: ExternalCommand] = [:]
        let prefix = program + "-"
        let cache = cacheFile.map { ExternalCommandCache(file: $0, prefix: prefix) }
        var remembered = cache?.load() ?? [:]
        var changed = false
        let directories = searchPath(environment)
        for directory in directories {
            let entries: [String]
            if cache != nil {
                guard let found = ExternalCommandCache.entries(of: directory, prefix: prefix, remembered: &remembered,
                                                               changed: &changed) else { continue }
                entries = found
            } else {
                guard let all = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
                entries = all.sorted()
            }
            for entry in entries where entry.hasPrefix(prefix) {
                let name = String(entry.dropFirst(prefix.count))
                guard isValidName(name), !builtins.contains(name), seen[name] == nil else { continue }
                let path = directory + "/" + entry
                if isExecutableFile(path) { seen[name] = ExternalCommand(name: name, path: path) }
            }
        }
        if let cache {
            // Only this PATH's directories are kept.
            let onPath = Set(directories)
            if remembered.keys.contains(where: { !onPath.contains($0) }) { changed = true }
            if changed {
                var saved = Set<String>()
                cache.save(directories.compactMap { saved.insert($0).inserted ? remembered[$0] : nil })
            }
        }
        return seen.values.sorted { $0.name < $1.name }
    }

    /// The external command for `name`, if there is one and no built-in has that name.
    public static func locate(_ name: String, program: String, environment: [String: String],
                              builtins: Set<String>) -> ExternalCommand? {
        guard isValidName(name), !builtins.contains(name) else { return nil }
        for directory in searchPath(environment) {
            let path = directory + "/" + program + "-" + name
            if isExecutableFile(path) { return ExternalCommand(name: name, path: path) }
        }
        return nil
    }

    /// The variables an external command finds its session in (docs/plugins.md).
    public static let serverVariable = "SUSI_PLUGIN_SERVER"
    public static let identityVariable = "SUSI_PLUGIN_IDENTITY"
    public static let tokenDescriptorVariable = "SUSI_PLUGIN_TOKEN_FD"
    /// Global options given with the command that have no variable of
    /// susi's own (docs/plugins.md).
    public static let quietVariable = "SUSI_PLUGIN_QUIET"
    public static let verboseVariable = "SUSI_PLUGIN_VERBOSE"
    public static let jsonVariable = "SUSI_PLUGIN_JSON"
    public static let jsonFieldsVariable = "SUSI_PLUGIN_JSON_FIELDS"
    public static let noPagerVariable = "SUSI_PLUGIN_NO_PAGER"
    /// The descriptor the token is asked for on, in the child.
    public static let tokenDescriptor: Int32 = 3
    /// Never handed to an external command: it gets the token only on request.
    public static let withheldVariables = ProcessSecrets.variables

    /// The caller's environment without the secrets and without session
    /// variables the caller may have set (susi sets its own).
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.filter { key, _ in
            !withheldVariables.contains(key) && !key.hasPrefix(sessionVariablePrefix)
        }
    }

    /// Every variable of the plugin contract starts so (SUSI_PLUGIN_); the
    /// caller's are dropped, and susi sets those that apply.
    public static let sessionVariablePrefix = String(serverVariable.dropLast("SERVER".count))

    /// Runs the command with the caller's streams and returns its exit status
    /// (128 + signal number when it was killed by a signal). With a session,
    /// it finds the server and identity in its environment and may ask once
    /// for the token on descriptor 3 (`SUSI_PLUGIN_TOKEN_FD`): it writes
    /// `token` and a newline, and reads one line back (empty: anonymous).
    public static func run(_ command: ExternalCommand, arguments: [String], io: IOStreams,
                           environment: [String: String], session: ExternalSession? = nil) -> Int32 {
        io.flush()
        var childEnvironment = childEnvironment(environment)
        var tokenPair: [Int32] = [-1, -1]
        if let session {
            childEnvironment.merge(session.variables) { _, chosen in chosen }
            childEnvironment[serverVariable] = session.server
            childEnvironment[identityVariable] = session.identity
            if socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &tokenPair) == 0 {
                childEnvironment[tokenDescriptorVariable] = String(tokenDescriptor)
            } else {
                tokenPair = [-1, -1]
            }
        }
        func makePipe() -> [Int32]? {
            var fds: [Int32] = [-1, -1]
            return ExternalCommands.cloexecPipe(&fds) ? fds : nil
        }
        let outPipe = io.stdout.descriptor == nil ? makePipe() : nil
        let errPipe = io.stderr.descriptor == nil ? makePipe() : nil
        let inPipe = io.stdin.isScripted ? makePipe() : nil
        let started = ChildSpawn.start(
            command.path, arguments: [command.path] + arguments, environment: childEnvironment,
            stdin: inPipe.map { .descriptor($0[0]) } ?? .inherit,
            stdout: outPipe.map { .descriptor($0[1]) } ?? .inherit,
            stderr: errPipe.map { .descriptor($0[1]) } ?? .inherit,
            defaultSignals: [SIGPIPE, SIGINT, SIGTERM, SIGQUIT],
            inherit: tokenPair[1] >= 0 ? [(source: tokenPair[1], target: tokenDescriptor)] : [])
        for fd in [inPipe?[0], outPipe?[1], errPipe?[1], tokenPair[1]] where (fd ?? -1) >= 0 { close(fd!) }
        guard case let .success(pid) = started else {
            for fd in [inPipe?[1], outPipe?[0], errPipe?[0], tokenPair[0]] where (fd ?? -1) >= 0 { close(fd!) }
            if case let .failure(error) = started {
                io.stderr.line("error: Could not run \(command.path): \(error)")
            }
            return ExitCode.unavailable.rawValue
        }
        let group = DispatchGroup()
        for (pipe, stream) in [(outPipe, io.stdout), (errPipe, io.stderr)] {
            guard let pipe else { continue }
            group.enter()
            DispatchQueue.global().async {
                stream.write(bytes: readToEnd(pipe[0]))
                close(pipe[0])
                group.leave()
            }
        }
        if let session, tokenPair[0] >= 0 {
            let fd = tokenPair[0]
            group.enter()
            DispatchQueue.global().async {
                serveToken(on: fd, session: session)
                group.leave()
            }
        }
        var inputFailure: String?
        if let inPipe {
            do {
                let text = try io.stdin.readAll()
                feed(Array((text.isEmpty ? "" : text + "\n").utf8), to: inPipe[1])
            } catch {
                inputFailure = error.message
            }
            close(inPipe[1])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Unblocks the token reader even if a grandchild kept descriptor 3.
        if tokenPair[0] >= 0 { shutdown(tokenPair[0], Int32(SHUT_RDWR)) }
        group.wait()
        if tokenPair[0] >= 0 { close(tokenPair[0]) }
        if let inputFailure {
            io.stderr.line("error: " + inputFailure)
            return ExitCode.dataError.rawValue
        }
        if status & 0x7f != 0 { return 128 + (status & 0x7f) }
        return (status >> 8) & 0xff
    }

    /// Answers one `token` request: the token and a newline, or just a
    /// newline when there is none. Anything else, or a second request, gets nothing.
    static func serveToken(on fd: Int32, session: ExternalSession) {
        // One request at most: afterwards the socket is shut, so a second
        // reader (a grandchild that kept descriptor 3) gets end-of-file at
        // once instead of waiting for an answer that never comes.
        defer { shutdown(fd, Int32(SHUT_RDWR)) }
        var request: [UInt8] = []
        var byte: UInt8 = 0
        while request.count < 64 {
            let count = read(fd, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            if byte == UInt8(ascii: "\n") { break }
            request.append(byte)
        }
        guard request == Array("token".utf8) else { return }
        var answer = Array(((session.token() ?? "") + "\n").utf8)
        defer { for index in answer.indices { answer[index] = 0 } }
        feed(answer, to: fd)
    }

    static func cloexecPipe(_ fds: inout [Int32]) -> Bool { ChildSpawn.cloexecPipe(&fds) }

    static func readToEnd(_ fd: Int32) -> [UInt8] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return data }
            data += buffer[0..<count]
        }
    }

    /// Writes scripted input to the child. The child may exit without
    /// reading it; the write then fails with EPIPE (PipeSignal) instead of
    /// killing susi with SIGPIPE.
    static func feed(_ bytes: [UInt8], to fd: Int32) {
        PipeSignal.whileBlocked {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += written
            }
        }
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-" else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == "."
        }
    }

    private static func searchPath(_ environment: [String: String]) -> [String] {
        (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}

/// What an external command is told about the session (docs/plugins.md):
/// the server and identity as variables, the token only when it asks.
public struct ExternalSession: Sendable {
    /// The `server` setting: "local" or the server's URL.
    public var server: String
    /// The logged-in account's name, or empty when anonymous.
    public var identity: String
    /// Resolves the token when the command asks for it; nil for anonymous.
    public var token: @Sendable () -> String?
    /// More variables for the command: the global options given with it
    /// (`SUSI_PLUGIN_QUIET`, `SUSI_NO_INPUT`, ...; docs/plugins.md).
    public var variables: [String: String]

    public init(server: String, identity: String, variables: [String: String] = [:],
                token: @escaping @Sendable () -> String?) {
        self.server = server
        self.identity = identity
        self.variables = variables
        self.token = token
    }
}
