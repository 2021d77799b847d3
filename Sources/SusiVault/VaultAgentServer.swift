import CSodium
import Foundation
import SusiBasics
import SusiPorts

extension VaultAgent {
    /// The first stage (`susi login __agent`): starts the agent proper as
    /// its own child and exits at once, so the agent is nobody's child (no
    /// zombie in a long-running shell) once the caller has waited for this one.
    public static func detach() -> Int32 {
        let executable = program ?? "/proc/self/exe"
        let started = ChildSpawn.start(executable, arguments: ["susi"] + commandPath + ["serve"], environment: [:],
                                       stdin: .inherit, stdout: .inherit, stderr: .null,
                                       defaultSignals: [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE])
        if case .success = started { return 0 }
        _ = writeAll(1, Array("ERROR the agent process could not be started\n".utf8))
        return 1
    }

    /// The agent proper (`susi login __agent serve`): reads its one line
    /// (socket, credential file, expiry, salt, cost, master key) from
    /// standard input, says READY on standard output once it listens, then
    /// answers until it expires, is told to lock, or the file changes key.
    public static func serve() -> Int32 {
        setsid()
        // Like any daemon: it must not keep the folder it was started in
        // (and the mount under it) busy until `login lock`.
        _ = chdir("/")
        Sodium.initialize()
        _ = susi_disable_dumps()
        signal(SIGPIPE, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        closeInheritedDescriptors()
        func fail(_ reason: String) -> Int32 {
            _ = writeAll(1, Array("ERROR \(reason)\n".utf8))
            return 1
        }
        guard var line = readLineBytes(0, limit: 4096) else { return fail("no key was handed over") }
        defer { Sodium.wipe(&line) }
        guard let words = KeyLine.parse(line, words: 8), String(decoding: words[0], as: UTF8.self) == protocolVersion,
              let socketBytes = unhex(words[1]), let fileBytes = unhex(words[2]),
              let expiry = Double(String(decoding: words[3], as: UTF8.self)),
              let salt = unhex(words[4]), let operations = UInt32(String(decoding: words[5], as: UTF8.self)),
              let memory = UInt32(String(decoding: words[6], as: UTF8.self)), var master = unhex(words[7]),
              master.count == Sodium.keyBytes else { return fail("the key was not in the expected form") }
        defer { Sodium.wipe(&master) }
        guard let secure = SecureKey(master) else { return fail("no memory to hold the key") }
        Sodium.wipe(&master)
        Sodium.wipe(&line)
        let agent = Server(socket: String(decoding: socketBytes, as: UTF8.self),
                           credentialsFile: String(decoding: fileBytes, as: UTF8.self),
                           salt: salt, cost: KeyDerivationCost(operations: operations, memoryKiB: memory),
                           key: secure, expires: Date(timeIntervalSince1970: expiry))
        do {
            try agent.listen()
        } catch {
            return fail("\(error)")
        }
        _ = writeAll(1, Array("READY\n".utf8))
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            dup2(null, 0)
            dup2(null, 1)
            if null > 2 { close(null) }
        }
        agent.run()
        return 0
    }

    /// Everything but the standard streams, whatever the starter left open.
    static func closeInheritedDescriptors() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in names.compactMap(Int32.init) where fd > 2 {
            close(fd)
        }
    }

    /// The master key in memory from sodium_malloc: locked (never swapped),
    /// guarded, and wiped when freed.
    final class SecureKey: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        let count: Int

        init?(_ bytes: [UInt8]) {
            guard let pointer = sodium_malloc(bytes.count) else { return nil }
            self.pointer = pointer
            self.count = bytes.count
            bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        }

        /// The key as hex digits, for one answer; the caller wipes them.
        func hexDigits() -> [UInt8] {
            VaultAgent.hexBytes(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        }

        deinit { sodium_free(pointer) }
    }

    /// The listening agent. Also run on a thread by the tests.
    final class Server: @unchecked Sendable {
        let socketPath: String
        let credentialsFile: String
        let salt: [UInt8]
        let cost: KeyDerivationCost
        let key: SecureKey
        let expires: Date
        /// The name a susi process has: a peer started under one gets no key.
        let program = VaultAgent.ownProgramName
        private var listener: Int32 = -1
        private var identity: (device: UInt64, inode: UInt64)?

        init(socket: String, credentialsFile: String, salt: [UInt8], cost: KeyDerivationCost, key: SecureKey, expires: Date) {
            self.socketPath = socket
            self.credentialsFile = credentialsFile
            self.salt = salt
            self.cost = cost
            self.key = key
            self.expires = expires
        }

        struct SocketError: Error, CustomStringConvertible {
            var description: String
        }

        /// Binds the socket 0600 (a stale one from a crashed agent is replaced).
        func listen() throws {
            let directory = String(socketPath[..<socketPath.lastIndex(of: "/")!])
            _ = try AtomicFile.ensurePrivateDirectory(directory, create: true)
            var info = stat()
            if lstat(socketPath, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                    throw SocketError(description: "\(socketPath) exists and is not a socket")
                }
                unlink(socketPath)
            }
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw SocketError(description: String(cString: strerror(errno))) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(socketPath.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                buffer.copyBytes(from: bytes)
                buffer[bytes.count] = 0
            }
            // No umask change: the umask is the whole process's, and a test
            // run (or a shell session) creates files on other threads meanwhile.
            // The folder is 0700, so nobody else can reach the socket before
            // the chmod below makes it 0600.
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard bound == 0, chmod(socketPath, 0o600) == 0, Glibc.listen(fd, 8) == 0, lstat(socketPath, &info) == 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw SocketError(description: "\(socketPath): \(reason)")
            }
            identity = (UInt64(info.st_dev), UInt64(info.st_ino))
            listener = fd
        }

        /// Still the key of the file, still this agent's socket, not expired.
        var stillValid: Bool {
            guard Date() < expires else { return false }
            guard let current = Vault.keyIdentity(at: credentialsFile), current.salt == salt, current.cost == cost else { return false }
            var info = stat()
            guard lstat(socketPath, &info) == 0, let identity,
                  UInt64(info.st_dev) == identity.device, UInt64(info.st_ino) == identity.inode else { return false }
            return true
        }

        /// Answers until the key is no longer wanted; then removes the socket
        /// (when it is still its own).
        func run() {
            defer { stop() }
            var waiter = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            while stillValid {
                let left = expires.timeIntervalSinceNow
                let timeout = Int32(max(10, min(1000, left * 1000)))
                waiter.revents = 0
                let ready = poll(&waiter, 1, timeout)
                if ready < 0 && errno != EINTR { return }
                guard ready > 0 else { continue }
                let client = accept(listener, nil, nil)
                guard client >= 0 else { continue }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                let keepGoing = answer(client)
                close(client)
                if !keepGoing { return }
            }
        }

        /// One request. False when the agent should stop.
        private func answer(_ client: Int32) -> Bool {
            VaultAgent.setTimeouts(client, seconds: 1)
            // Only this user: another uid (root included) gets nothing at all.
            guard VaultAgent.peerUID(client) == getuid() else { return true }
            guard let request = VaultAgent.readLineBytes(client, limit: VaultAgent.requestLimit) else { return true }
            switch String(decoding: request, as: UTF8.self) {
            case "STATUS":
                _ = VaultAgent.writeAll(client, Array("UNLOCKED \(Int(expires.timeIntervalSince1970)) \(getpid())\n".utf8))
            case "KEY":
                guard stillValid else { return false }
                // Never to a process that a susi started (a plugin, or a susi
                // a plugin ran): a child gets the token on request from its
                // parent, never the key to every stored token.
                guard let peer = VaultAgent.peerPID(client), !VaultAgent.startedUnder(program, pid: peer) else {
                    _ = VaultAgent.writeAll(client, Array("REFUSED\n".utf8))
                    return true
                }
                var reply = Array("KEY \(Int(expires.timeIntervalSince1970)) \(VaultAgent.hex(salt)) \(cost.operations) \(cost.memoryKiB) ".utf8)
                var digits = key.hexDigits()
                reply += digits + [0x0A]
                Sodium.wipe(&digits)
                _ = VaultAgent.writeAll(client, reply)
                Sodium.wipe(&reply)
            case "LOCK":
                _ = VaultAgent.writeAll(client, Array("LOCKED\n".utf8))
                return false
            default:
                break
            }
            return true
        }

        private func stop() {
            var info = stat()
            if lstat(socketPath, &info) == 0, let identity,
               UInt64(info.st_dev) == identity.device, UInt64(info.st_ino) == identity.inode {
                unlink(socketPath)
            }
            if listener >= 0 { close(listener) }
            listener = -1
        }
    }
}
