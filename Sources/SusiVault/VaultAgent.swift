import CSodium
import Foundation
import SusiBasics
import SusiPorts

/// The unlock agent's client side: where its socket is, asking it for the
/// key, its state, or to forget, and starting it (`susi login unlock`).
///
/// The agent is the susi binary itself, started detached with no inherited
/// descriptors and an empty environment, holding the derived master key
/// (never the passphrase) in locked memory until it expires, is told to
/// lock, or the credential file changes key. Its socket is 0600 in a 0700
/// folder under `$XDG_RUNTIME_DIR` (else a private folder of its own, see
/// `socketPath`), and both ends check the other's uid
/// with SO_PEERCRED, so no other user can ask it for anything.
public enum VaultAgent {
    /// The program started as the agent; nil is this process's own binary
    /// (`/proc/self/exe`). Tests that run in-process set the built susi.
    nonisolated(unsafe) public static var program: String?

    /// The hidden command the agent runs as (`susi login __agent`).
    public static let commandPath = ["login", "__agent"]

    static let protocolVersion = "v1"
    static let requestLimit = 64
    static let replyLimit = 1024

    /// The agent socket for this credential file: one agent per file, so
    /// several SUSI_HOMEs never share a key. With an absolute
    /// `XDG_RUNTIME_DIR` (a per-user tmpfs that a logout or reboot empties)
    /// it is in `susi/` there. Without one, as ssh-agent: a private folder
    /// with a random name (`$TMPDIR` or /tmp, `susi-XXXXXX`, made by
    /// mkdtemp, 0700) whose path is kept in `agent-folder` beside the
    /// credential file; `create` makes it when there is none (only `unlock`
    /// does). A folder that is not a private folder of this user is refused,
    /// never used (decision 0432).
    public static func socketPath(environment: [String: String], credentialsFile: String, create: Bool = false) throws -> String {
        let name = "agent-" + hex(Array(Sodium.mac16(Array(credentialsFile.utf8), key: []).prefix(8))) + ".sock"
        let path: String
        if let runtime = environment["XDG_RUNTIME_DIR"] {
            guard runtime.hasPrefix("/") else { throw AgentUnavailable(reason: "XDG_RUNTIME_DIR is not an absolute path") }
            path = runtime + "/susi/" + name
        } else {
            path = try privateFolder(credentialsFile: credentialsFile, environment: environment, create: create) + "/" + name
        }
        guard path.utf8.count < 108 else {
            throw AgentUnavailable(reason: "the socket path \(path) is longer than a Unix socket allows (107 bytes)")
        }
        return path
    }

    /// The file beside the credential file that names the private folder.
    static func folderPointer(_ credentialsFile: String) -> String {
        (credentialsFile as NSString).deletingLastPathComponent + "/agent-folder"
    }

    /// The private folder named by the pointer, checked; made (and the
    /// pointer written) with `create` when there is none or it is gone.
    static func privateFolder(credentialsFile: String, environment: [String: String], create: Bool) throws -> String {
        let pointer = folderPointer(credentialsFile)
        let named: String?
        do {
            named = try AtomicFile.readPrivate(pointer, limit: 4096).map {
                String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        } catch let error as ReportableError {
            throw AgentFolderRefused(path: pointer, problem: error.message)
        }
        if let named, !named.isEmpty {
            guard named.hasPrefix("/") else { throw AgentFolderRefused(path: named, problem: "is not an absolute path") }
            do {
                if try AtomicFile.ensurePrivateDirectory(named, create: false) { return named }
            } catch let error as ReportableError {
                throw AgentFolderRefused(path: named, problem: error.message)
            }
        }
        guard create else {
            throw AgentUnavailable(reason: "XDG_RUNTIME_DIR is not set and no agent folder was made yet")
        }
        let base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("susi-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw AgentUnavailable(reason: "XDG_RUNTIME_DIR is not set and a private folder could not be made in \(base): \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        // mkdtemp makes it 0700; checked all the same, as every later use does.
        do {
            try AtomicFile.ensurePrivateDirectory(folder, create: false)
            try AtomicFile.write(Array((folder + "\n").utf8), to: pointer, mode: 0o600)
        } catch let error as ReportableError {
            rmdir(folder)
            throw AgentFolderRefused(path: folder, problem: error.message)
        }
        return folder
    }

    /// What a running agent says about itself.
    public typealias State = CredentialAgentState

    /// The running agent's state, or nil when none answers.
    public static func status(socket: String) -> State? {
        guard let reply = ask("STATUS", socket: socket) else { return nil }
        let words = reply.split(separator: " ")
        guard words.count == 3, words[0] == "UNLOCKED", let expires = Double(words[1]), let pid = Int32(words[2]) else { return nil }
        return State(expires: Date(timeIntervalSince1970: expires), pid: pid)
    }

    /// The key the agent holds, or nil when none answers (or it holds none).
    public static func key(socket: String) -> (key: UnlockedKey, expires: Date)? {
        guard var reply = askBytes("KEY", socket: socket) else { return nil }
        defer { Sodium.wipe(&reply) }
        guard let parsed = KeyLine.parse(reply, words: 6), Array(parsed[0]) == Array("KEY".utf8),
              let expires = Double(String(decoding: parsed[1], as: UTF8.self)),
              var salt = unhex(parsed[2]), let operations = UInt32(String(decoding: parsed[3], as: UTF8.self)),
              let memory = UInt32(String(decoding: parsed[4], as: UTF8.self)), var master = unhex(parsed[5]) else { return nil }
        defer { Sodium.wipe(&master); Sodium.wipe(&salt) }
        guard master.count == Sodium.keyBytes, salt.count == Sodium.saltBytes else { return nil }
        let key = UnlockedKey(salt: salt, cost: KeyDerivationCost(operations: operations, memoryKiB: memory), master: master)
        return (key, Date(timeIntervalSince1970: expires))
    }

    /// Tells a running agent to forget the key and exit. True when one did.
    @discardableResult
    public static func lock(socket: String) -> Bool {
        guard ask("LOCK", socket: socket) == "LOCKED" else { return false }
        // It exits right after answering; wait (briefly) until the socket is gone.
        for _ in 0..<100 {
            var info = stat()
            if lstat(socket, &info) != 0 { break }
            usleep(10_000)
        }
        return true
    }

    /// Starts an agent holding `key` until `expires`, replacing any agent
    /// already on `socket`. The key goes down a pipe (never argv or the
    /// environment); returns once the agent listens.
    public static func start(socket: String, credentialsFile: String, key: UnlockedKey, expires: Date) throws {
        lock(socket: socket)
        let directory = String(socket[..<socket.lastIndex(of: "/")!])
        do {
            try AtomicFile.ensurePrivateDirectory(directory, create: true)
        } catch {
            throw AgentStartFailed(detail: "its folder \(directory) cannot be used: \((error as? ReportableError)?.message ?? "\(error)")")
        }
        var keyPipe: [Int32] = [0, 0], readyPipe: [Int32] = [0, 0]
        guard closeOnExecPipe(&keyPipe) else { throw AgentStartFailed(detail: String(cString: strerror(errno))) }
        guard closeOnExecPipe(&readyPipe) else {
            close(keyPipe[0]); close(keyPipe[1])
            throw AgentStartFailed(detail: String(cString: strerror(errno)))
        }
        let executable = program ?? "/proc/self/exe"
        let started = ChildSpawn.start(executable, arguments: ["susi"] + commandPath, environment: [:],
                                       stdin: .descriptor(keyPipe[0]), stdout: .descriptor(readyPipe[1]), stderr: .null,
                                       defaultSignals: [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE])
        close(keyPipe[0])
        close(readyPipe[1])
        defer { close(readyPipe[0]) }
        guard case let .success(pid) = started else {
            close(keyPipe[1])
            if case let .failure(error) = started { throw AgentStartFailed(detail: "\(executable): \(error)") }
            throw AgentStartFailed(detail: executable)
        }
        var line = Array("\(protocolVersion) \(hex(Array(socket.utf8))) \(hex(Array(credentialsFile.utf8))) \(Int(expires.timeIntervalSince1970)) \(hex(key.salt)) \(key.cost.operations) \(key.cost.memoryKiB) ".utf8)
        var masterHex = hexBytes(key.master)
        line += masterHex + [0x0A]
        Sodium.wipe(&masterHex)
        let previous = signal(SIGPIPE, SIG_IGN)
        let written = writeAll(keyPipe[1], line)
        signal(SIGPIPE, previous)
        Sodium.wipe(&line)
        close(keyPipe[1])
        // The first stage starts the agent proper and exits at once.
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard written else { throw AgentStartFailed(detail: "it did not take the key") }
        let reply = readLine(readyPipe[0], limit: 512, timeoutMilliseconds: 10_000) ?? ""
        guard reply == "READY" else {
            throw AgentStartFailed(detail: reply.hasPrefix("ERROR ") ? String(reply.dropFirst(6)) : "it did not answer")
        }
    }

    /// A pipe whose ends are not inherited by children (other than the end
    /// handed over as a standard stream).
    static func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return true
    }

    // MARK: - The socket

    /// One request, one line back (text without secrets).
    static func ask(_ request: String, socket: String) -> String? {
        guard let bytes = askBytes(request, socket: socket) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One request; the answer's bytes without the line break. Nil when no
    /// agent of this user answers: no socket, not a socket of ours, refused.
    static func askBytes(_ request: String, socket path: String) -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK, info.st_uid == getuid(),
              info.st_mode & 0o077 == 0 else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        setTimeouts(fd, seconds: 2)
        guard connectUnix(fd, path), peerUID(fd) == getuid() else { return nil }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        guard writeAll(fd, Array((request + "\n").utf8)) else { return nil }
        return readLineBytes(fd, limit: replyLimit)
    }

    static func connectUnix(_ fd: Int32, _ path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// The uid of the process at the other end (SO_PEERCRED: pid, uid, gid).
    static func peerUID(_ fd: Int32) -> uid_t? {
        peerCredentials(fd).map { uid_t(bitPattern: $0[1]) }
    }

    /// The pid of the process that connected.
    static func peerPID(_ fd: Int32) -> pid_t? {
        peerCredentials(fd).map { $0[0] }
    }

    private static func peerCredentials(_ fd: Int32) -> [Int32]? {
        var credentials: [Int32] = [0, 0, 0]
        var length = socklen_t(MemoryLayout<Int32>.size * 3)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              length == socklen_t(MemoryLayout<Int32>.size * 3) else { return nil }
        return credentials
    }

    /// True when a process above `pid` (its parent, the parent's parent...)
    /// runs `program` (a process name as /proc/PID/stat gives it, at most 15
    /// bytes): a process that a susi started (a plugin, an editor, a player)
    /// or anything those started. Read from /proc/PID/stat, which another
    /// process of the user can neither change nor hide, dumpable or not.
    /// A chain that cannot be read counts as started under susi.
    static func startedUnder(_ program: String, pid: pid_t) -> Bool {
        let name = String(decoding: Array(program.utf8.prefix(15)), as: UTF8.self)
        var current = pid
        for _ in 0..<256 {
            guard let parent = processStat(current)?.parent else { return true }
            guard parent > 1 else { return false }
            guard let stat = processStat(parent) else { return true }
            if stat.name == name { return true }
            current = parent
        }
        return true
    }

    /// The name and parent pid in /proc/PID/stat: `pid (name) state ppid ...`,
    /// where the name may hold spaces and parentheses (the last `)` ends it).
    static func processStat(_ pid: pid_t) -> (name: String, parent: pid_t)? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") , open < close else { return nil }
        let name = String(text[text.index(after: open)..<close])
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = pid_t(fields[1]) else { return nil }
        return (name, parent)
    }

    /// The file name of this process's program, as a process name.
    static var ownProgramName: String {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "susi"
        return String(target.split(separator: "/").last ?? "susi")
    }

    static func setTimeouts(_ fd: Int32, seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Bytes up to the first line break (not included), at most `limit`;
    /// nil on EOF before one, an error, a timeout or too long a line.
    static func readLineBytes(_ fd: Int32, limit: Int) -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= limit {
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else {
                Sodium.wipe(&line)
                return nil
            }
            if byte == 0x0A { return line }
            line.append(byte)
        }
        Sodium.wipe(&line)
        return nil
    }

    /// A line from a pipe, waiting at most the given time.
    static func readLine(_ fd: Int32, limit: Int, timeoutMilliseconds: Int32) -> String? {
        var waiter = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var left = timeoutMilliseconds
        while left > 0 {
            let ready = poll(&waiter, 1, min(left, 100))
            if ready > 0 { break }
            if ready < 0 && errno != EINTR { return nil }
            left -= 100
        }
        guard left > 0, let bytes = readLineBytes(fd, limit: limit) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Encoding

    static func hex(_ bytes: [UInt8]) -> String {
        String(decoding: hexBytes(bytes), as: UTF8.self)
    }

    /// Hex digits as bytes, so a key's text form can be wiped too.
    static func hexBytes(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }

    static func unhex<S: Collection>(_ text: S) -> [UInt8]? where S.Element == UInt8 {
        guard text.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 0x30...0x39: return digit - 0x30
            case 0x61...0x66: return digit - 0x61 + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 2)
        var iterator = text.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let h = value(high), let l = value(low) else {
                Sodium.wipe(&out)
                return nil
            }
            out.append(h << 4 | l)
        }
        return out
    }
}

/// A line of space-separated words, kept as bytes (it may carry a key).
enum KeyLine {
    static func parse(_ line: [UInt8], words: Int) -> [ArraySlice<UInt8>]? {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        return parts.count == words ? parts : nil
    }
}

/// There is nowhere private to keep the agent's socket.
public struct AgentUnavailable: ReportableError, Equatable {
    public var reason: String
    public var exitCode: ExitCode { .unavailable }
    public var message: String { "susi cannot keep the credential file unlocked: \(reason)." }
    public var hint: String? {
        "Unset XDG_RUNTIME_DIR (susi then makes a private folder of its own) or set it to your runtime folder, or pass --passphrase-file or set SUSI_PASSPHRASE on each command."
    }
}

/// The agent's private folder (without XDG_RUNTIME_DIR) failed its checks:
/// it is not used, and nothing is started in it.
public struct AgentFolderRefused: ReportableError, Equatable {
    public var path: String
    public var problem: String
    public var exitCode: ExitCode { .noPermission }
    public var message: String { "susi cannot keep the credential file unlocked: the agent folder \(path) is refused (\(problem))." }
    public var hint: String? {
        "It must be a folder of yours that only you can open (0700). Remove it (or the file agent-folder beside the credential file) and unlock again."
    }
}

/// The agent did not start.
public struct AgentStartFailed: ReportableError, Equatable {
    public var detail: String
    public var exitCode: ExitCode { .unavailable }
    public var message: String { "The unlock agent did not start: \(detail)." }
    public var hint: String? { "Nothing was kept unlocked; susi will ask for the passphrase as before." }
}
