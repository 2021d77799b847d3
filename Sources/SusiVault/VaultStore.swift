import Foundation
import SusiPorts

extension UnlockedKey: UnlockedCredentialKey {}

/// The credential-store port over the vault file and its unlock agent.
public struct VaultStore: CredentialStore {
    public init() {}

    public func status(at path: String) throws -> VaultStatus {
        try Vault.status(at: path)
    }

    public func file(at path: String, key: CredentialKey) -> CredentialFile {
        guard let vaultKey = Self.key(key) else { return RefusedFile(path: path) }
        return VaultFile(Vault(path: path, key: vaultKey))
    }

    public func moveAside(_ path: String, now: Date) throws -> String? {
        try Vault.moveAside(path, now: now)
    }

    public func agentSocket(environment: [String: String], credentialsFile: String) throws -> String {
        try VaultAgent.socketPath(environment: environment, credentialsFile: credentialsFile)
    }

    public func agentSocketForStarting(environment: [String: String], credentialsFile: String) throws -> String {
        try VaultAgent.socketPath(environment: environment, credentialsFile: credentialsFile, create: true)
    }

    public func agentState(socket: String) -> CredentialAgentState? {
        VaultAgent.status(socket: socket)
    }

    public func agentKey(socket: String) -> (key: UnlockedCredentialKey, expires: Date)? {
        VaultAgent.key(socket: socket).map { ($0.key, $0.expires) }
    }

    public func startAgent(socket: String, credentialsFile: String, key: UnlockedCredentialKey, expires: Date) throws {
        guard let key = key as? UnlockedKey else { throw VaultError.wrongKey(path: credentialsFile, protection: .passphrase) }
        try VaultAgent.start(socket: socket, credentialsFile: credentialsFile, key: key, expires: expires)
    }

    public func lockAgent(socket: String) -> Bool {
        VaultAgent.lock(socket: socket)
    }

    public func runAgent(serve: Bool) -> Int32 {
        serve ? VaultAgent.serve() : VaultAgent.detach()
    }

    /// The vault's key; nil for an unlocked key the vault did not derive.
    static func key(_ key: CredentialKey) -> VaultKey? {
        switch key {
        case let .machineKey(path): return .machineKey(at: path)
        case let .passphrase(bytes, cost): return .passphrase(bytes, cost: cost)
        case let .unlocked(unlocked): return (unlocked as? UnlockedKey).map { .unlocked($0) }
        }
    }
}

/// A vault as the port's credential file.
final class VaultFile: CredentialFile {
    let vault: Vault

    init(_ vault: Vault) { self.vault = vault }

    var path: String { vault.path }
    var protection: VaultProtection { vault.key.protection }
    func unlock() throws { try vault.unlock() }
    func unlockedKey() throws -> UnlockedCredentialKey? { try vault.unlockedKey() }
    func entries() throws -> [VaultEntry] { try vault.entries() }
    func entry(server: String, account: String) throws -> VaultEntry? { try vault.entry(server: server, account: account) }
    func store(_ entry: VaultEntry) throws { try vault.store(entry) }
    func remove(server: String, account: String) throws -> Bool { try vault.remove(server: server, account: account) }
    func rekey(to key: CredentialKey) throws {
        guard let newKey = VaultStore.key(key) else { throw VaultError.wrongKey(path: path, protection: .passphrase) }
        try vault.rekey(to: newKey)
    }
}

/// A file offered a key the vault did not derive: it opens, reads and
/// writes nothing (the wrong key, 77), so no such key can create a file.
final class RefusedFile: CredentialFile {
    let path: String
    init(path: String) { self.path = path }

    var protection: VaultProtection { .passphrase }
    var refusal: VaultError { .wrongKey(path: path, protection: .passphrase) }
    func unlock() throws { throw refusal }
    func unlockedKey() throws -> UnlockedCredentialKey? { throw refusal }
    func entries() throws -> [VaultEntry] { throw refusal }
    func entry(server: String, account: String) throws -> VaultEntry? { throw refusal }
    func store(_ entry: VaultEntry) throws { throw refusal }
    func remove(server: String, account: String) throws -> Bool { throw refusal }
    func rekey(to key: CredentialKey) throws { throw refusal }
}
