import Foundation
import SusiCore
import SusiPorts
import Testing
@testable import SusiVault
#if canImport(Glibc)
import Glibc
#endif

/// The unlock agent's socket protocol, with the server on a thread of the
/// test process: the key it hands out opens the file, and it stops when it
/// expires, is locked, or the file gets a new key.
@Suite("Unlock agent")
struct VaultAgentTests {
    /// A stored vault, its unlocked key and a server on a short socket path.
    final class Running {
        let home: VaultHome
        let socket: String
        let server: VaultAgent.Server
        let done = DispatchSemaphore(value: 0)

        init(expiresIn seconds: TimeInterval = 30) throws {
            home = try VaultHome()
            let vault = home.passphraseVault()
            try vault.store(entry("ada@example.com"))
            let key = try #require(try vault.unlockedKey())
            socket = try VaultAgent.socketPath(environment: ["XDG_RUNTIME_DIR": home.root], credentialsFile: home.credentials)
            server = VaultAgent.Server(socket: socket, credentialsFile: home.credentials, salt: key.salt, cost: key.cost,
                                       key: try #require(VaultAgent.SecureKey(key.master)),
                                       expires: Date().addingTimeInterval(seconds))
            try server.listen()
            let server = self.server, done = self.done
            Thread.detachNewThread {
                server.run()
                done.signal()
            }
        }

        /// True when the server stopped within the time.
        func stopped(within seconds: Double) -> Bool {
            done.wait(timeout: .now() + seconds) == .success
        }
    }

    @Test func theSocketIsPrivateAndOnePerCredentialFile() throws {
        let agent = try Running()
        defer { VaultAgent.lock(socket: agent.socket) }
        var info = stat()
        #expect(lstat(agent.socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(lstat(agent.home.root + "/susi", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        let other = try VaultAgent.socketPath(environment: ["XDG_RUNTIME_DIR": agent.home.root], credentialsFile: "/elsewhere/credentials")
        #expect(other != agent.socket)
        #expect(other.hasPrefix(agent.home.root + "/susi/agent-"))
    }

    @Test func theKeyItHandsOutOpensTheFileWithoutThePassphrase() throws {
        let agent = try Running()
        defer { VaultAgent.lock(socket: agent.socket) }
        let state = try #require(VaultAgent.status(socket: agent.socket))
        #expect(state.pid == getpid())
        #expect(state.expires > Date())
        let held = try #require(VaultAgent.key(socket: agent.socket))
        let vault = Vault(path: agent.home.credentials, key: .unlocked(held.key))
        #expect(try vault.entry(server: "https://api.susi.ai", account: "ada@example.com")?.token == "tok-ada@example.com-s3cr3t")
        // It writes under the same salt, so the agent's key stays valid.
        try vault.store(entry("bob@example.com"))
        #expect(VaultAgent.status(socket: agent.socket) != nil)
        #expect(try agent.home.passphraseVault().entries().count == 2)
    }

    @Test func lockStopsItAndRemovesTheSocket() throws {
        let agent = try Running()
        #expect(VaultAgent.lock(socket: agent.socket))
        #expect(agent.stopped(within: 5))
        #expect(!FileManager.default.fileExists(atPath: agent.socket))
        #expect(VaultAgent.status(socket: agent.socket) == nil)
        #expect(VaultAgent.key(socket: agent.socket) == nil)
        #expect(!VaultAgent.lock(socket: agent.socket))
    }

    @Test func itStopsWhenItExpires() throws {
        let agent = try Running(expiresIn: 1)
        #expect(agent.stopped(within: 5))
        #expect(!FileManager.default.fileExists(atPath: agent.socket))
    }

    @Test func itStopsWhenTheFileGetsANewKeyOrGoes() throws {
        let agent = try Running()
        try agent.home.passphraseVault().rekey(to: .passphrase("a new one", cost: .minimalForTesting))
        #expect(agent.stopped(within: 5))
        #expect(VaultAgent.key(socket: agent.socket) == nil)

        let second = try Running()
        _ = try Vault.moveAside(second.home.credentials)
        #expect(second.stopped(within: 5))
    }

    @Test func anUnlockedKeyForAnotherSaltIsTheWrongKey() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("ada@example.com"))
        let key = try #require(try vault.unlockedKey())
        try vault.rekey(to: .passphrase("changed", cost: .minimalForTesting))
        let before = home.bytes()
        let stale = Vault(path: home.credentials, key: .unlocked(key))
        let error = failure { try stale.unlock() }
        #expect(error as? VaultError == .wrongKey(path: home.credentials, protection: .passphrase))
        #expect(error?.message == "Wrong passphrase for the credential file.")
        #expect(home.bytes() == before)
    }

    @Test func noRuntimeFolderIsRefusedWithTheReason() {
        #expect(throws: AgentUnavailable.self) { try VaultAgent.socketPath(environment: [:], credentialsFile: "/x") }
        #expect(throws: AgentUnavailable.self) { try VaultAgent.socketPath(environment: ["XDG_RUNTIME_DIR": "run"], credentialsFile: "/x") }
        let message = (try? VaultAgent.socketPath(environment: [:], credentialsFile: "/x")) == nil
            ? AgentUnavailable(reason: "XDG_RUNTIME_DIR is not set, so there is no private per-user runtime folder to keep the agent's socket in").message : ""
        #expect(message.contains("XDG_RUNTIME_DIR is not set"))
    }

    @Test func aSocketOfTheWrongModeIsNotAsked() throws {
        let agent = try Running()
        defer { VaultAgent.lock(socket: agent.socket) }
        chmod(agent.socket, 0o666)
        #expect(VaultAgent.status(socket: agent.socket) == nil)
        #expect(VaultAgent.key(socket: agent.socket) == nil)
        chmod(agent.socket, 0o600)
        #expect(VaultAgent.status(socket: agent.socket) != nil)
    }

    @Test func unknownRequestsGetNothing() throws {
        let agent = try Running()
        defer { VaultAgent.lock(socket: agent.socket) }
        #expect(VaultAgent.ask("PASSPHRASE", socket: agent.socket) == nil)
        #expect(VaultAgent.ask("KEY please", socket: agent.socket) == nil)
        #expect(VaultAgent.status(socket: agent.socket) != nil)
    }
}
