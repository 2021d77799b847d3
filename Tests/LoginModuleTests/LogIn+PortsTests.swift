import Foundation
import SusiBasics
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// The credential store is a port: `susi login` keeps its token in the
/// harness's in-memory store, and nothing reaches the credential file
/// (before the port, every login test derived keys and wrote a real file).
@Suite("susi login through the credential-store port")
struct LogInPortsTests {
    final class MemoryStore: CredentialStore, @unchecked Sendable {
        let lock = NSLock()
        var logins: [String: [VaultEntry]] = [:]
        var protections: [String: VaultProtection] = [:]

        func status(at path: String) throws -> VaultStatus {
            lock.withLock { VaultStatus(path: path, protection: protections[path]) }
        }

        func file(at path: String, key: CredentialKey) -> CredentialFile {
            let protection: VaultProtection
            switch key {
            case .machineKey: protection = .machineKey
            case .passphrase, .unlocked: protection = .passphrase
            }
            return MemoryFile(store: self, path: path, protection: protection)
        }

        func moveAside(_ path: String, now: Date) throws -> String? { nil }
        func agentSocket(environment: [String: String], credentialsFile: String) throws -> String {
            throw CommandError(.unavailable, "The memory store keeps no agent.")
        }
        func agentState(socket: String) -> CredentialAgentState? { nil }
        func agentKey(socket: String) -> (key: UnlockedCredentialKey, expires: Date)? { nil }
        func startAgent(socket: String, credentialsFile: String, key: UnlockedCredentialKey, expires: Date) throws {}
        func lockAgent(socket: String) -> Bool { false }
        func runAgent(serve: Bool) -> Int32 { 0 }
    }

    final class MemoryFile: CredentialFile {
        let store: MemoryStore
        let path: String
        let protection: VaultProtection

        init(store: MemoryStore, path: String, protection: VaultProtection) {
            self.store = store
            self.path = path
            self.protection = protection
        }

        func unlock() throws {}
        func unlockedKey() throws -> UnlockedCredentialKey? { nil }
        func entries() throws -> [VaultEntry] { store.lock.withLock { store.logins[path] ?? [] } }
        func entry(server: String, account: String) throws -> VaultEntry? {
            try entries().first { $0.server == server && $0.account == account }
        }

        func store(_ entry: VaultEntry) throws {
            store.lock.withLock {
                store.logins[path, default: []].removeAll { $0.server == entry.server && $0.account == entry.account }
                store.logins[path, default: []].append(entry)
                store.protections[path] = protection
            }
        }

        func remove(server: String, account: String) throws -> Bool {
            store.lock.withLock {
                let before = store.logins[path]?.count ?? 0
                store.logins[path]?.removeAll { $0.server == server && $0.account == account }
                return (store.logins[path]?.count ?? 0) != before
            }
        }

        func rekey(to key: CredentialKey) throws {}
    }

    @Test func aLoginIsKeptInTheStoreAndNoCredentialFileIsWritten() throws {
        let home = try TemporaryHome()
        let store = MemoryStore()
        var susi = try home.harness()
        susi.makers = { $0.credentialStore = { _ in store } }
        let signedUp = susi.run(["login", "--signup", "--email", "ada@example.com", "--password-stdin", "--machine-key"],
                                stdin: "Secret#123\n")
        #expect(signedUp.status == 0, "\(signedUp.stderr)")
        #expect(signedUp.stderr.contains("Tokens are stored in \(home.path)/data/credentials, encrypted with the machine key file"))
        let stored = try #require(store.logins[home.path + "/data/credentials"])
        #expect(stored.map(\.account) == ["ada@example.com"])
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/credentials"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/key"))

        let token = susi.run(["login", "token"])
        #expect(token.status == 0, "\(token.stderr)")
        #expect(token.stdout == stored[0].token + "\n")

        let loggedOut = susi.run(["logout"])
        #expect(loggedOut.status == 0, "\(loggedOut.stderr)")
        #expect(store.logins[home.path + "/data/credentials"] == [])
    }
}
