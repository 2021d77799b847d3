import Foundation
import SusiBasics
import SusiPorts

/// The encrypted credential file (format v1, see `VaultHeader`): logins keyed
/// by (server, account), encrypted with XChaCha20-Poly1305 under a key from
/// a passphrase (Argon2id13) or a machine key file, as the caller chooses.
///
/// Every change is a read-modify-write under an exclusive `flock` on
/// `<path>.lock`, written atomically (temp file 0600, fsync, rename, fsync of
/// the folder), with a fresh nonce on every write and a fresh salt whenever
/// the key changes. Reads take no lock: a reader sees the old or the new file.
/// A file that fails to unlock or verify is never written over.
///
/// The derived key is kept for the life of the instance, so a long-running
/// shell pays for Argon2id once.
public final class Vault: @unchecked Sendable {
    public let path: String
    public var lockPath: String { path + ".lock" }
    /// The key offered by the caller; changed by `rekey(to:)`.
    public var key: VaultKey { state.withLock { $0.key } }

    /// Plaintext is padded to a multiple of this, so the file size does not reveal token lengths.
    static let paddingBlock = 256
    static let sizeLimit = 1 << 20

    private struct CachedKey {
        var salt: [UInt8]
        var cost: KeyDerivationCost
        var master: [UInt8]
    }

    private struct State {
        var key: VaultKey
        var cached: CachedKey?
    }

    private let state: LockedState<State>

    public init(path: String, key: VaultKey) {
        Sodium.initialize()
        self.path = path
        self.state = LockedState(State(key: key, cached: nil))
    }

    deinit {
        state.withLock { Vault.forget(&$0.cached) }
    }

    // MARK: - Reading

    /// Where the file is and which key protects it, read from the header
    /// alone. Applies the same safety checks as every other call.
    public static func status(at path: String) throws -> VaultStatus {
        do {
            guard try AtomicFile.ensurePrivateDirectory(parent(of: path), create: false),
                  let bytes = try AtomicFile.readPrivate(path, limit: sizeLimit) else {
                return VaultStatus(path: path)
            }
            let header = try VaultHeader.decode(bytes, path: path)
            return VaultStatus(path: path, protection: header.protection,
                               cost: header.protection == .passphrase ? header.cost : nil,
                               formatVersion: Int(header.version))
        } catch {
            throw VaultError.wrap(error)
        }
    }

    /// Checks that this vault's key opens the file (and that the file is
    /// intact), deriving and caching the key. Does nothing when there is no
    /// file yet. For prompting again after a wrong passphrase.
    public func unlock() throws {
        _ = try load()
    }

    /// The derived master key of a passphrase-protected file, checked
    /// against the file, for the unlock agent. Nil when there is no file;
    /// a machine-key file has nothing to unlock (nil too).
    public func unlockedKey() throws -> UnlockedKey? {
        guard let loaded = try load(), loaded.header.protection == .passphrase else { return nil }
        do {
            let master = try masterKey(key, salt: loaded.header.salt, cost: loaded.header.cost, create: false)
            return UnlockedKey(salt: loaded.header.salt, cost: loaded.header.cost, master: master)
        } catch {
            throw VaultError.wrap(error)
        }
    }

    /// The salt and cost of the file's current key, from the header alone:
    /// the agent checks them to notice a re-key, a reset or a removal.
    static func keyIdentity(at path: String) -> (salt: [UInt8], cost: KeyDerivationCost)? {
        guard let bytes = try? AtomicFile.readPrivate(path, limit: sizeLimit),
              let header = try? VaultHeader.decode(bytes, path: path), header.protection == .passphrase else { return nil }
        return (header.salt, header.cost)
    }

    /// Every stored login, ordered by server and account.
    public func entries() throws -> [VaultEntry] {
        try load()?.contents.entries ?? []
    }

    public func entry(server: String, account: String) throws -> VaultEntry? {
        try entries().first { $0.server == server && $0.account == account }
    }

    // MARK: - Changing

    /// Adds or replaces the login for (entry.server, entry.account). Creates
    /// the file, protected by this vault's key, when there is none.
    public func store(_ entry: VaultEntry) throws {
        try modify { contents in contents.upsert(entry) }
    }

    /// True when there was such a login.
    @discardableResult
    public func remove(server: String, account: String) throws -> Bool {
        var removed = false
        try modify { contents in removed = contents.remove(server: server, account: account) }
        return removed
    }

    /// Re-encrypts everything under `newKey` with a fresh salt: a new
    /// passphrase, or an explicit switch between passphrase and machine key.
    /// With no file yet, creates an empty one under `newKey`. Afterwards this
    /// vault uses `newKey`.
    public func rekey(to newKey: VaultKey) throws {
        try locked {
            let loaded = try load()
            try save(loaded?.contents ?? VaultContents(), key: newKey, reuse: nil)
        }
    }

    /// Renames the file (damaged, or protected by a lost key) to
    /// `<path>.corrupt-<UTC timestamp>` beside it, never deleting anything.
    /// Returns the new path, or nil when there was no file.
    @discardableResult
    public static func moveAside(_ path: String, now: Date = Date()) throws -> String? {
        do {
            guard try AtomicFile.ensurePrivateDirectory(parent(of: path), create: false) else { return nil }
            let lock = try FileLock(exclusive: path + ".lock")
            defer { lock.unlock() }
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            let base = "\(path).corrupt-\(formatter.string(from: now))"
            var target = base
            var suffix = 1
            while lstat(target, &info) == 0 {
                suffix += 1
                target = "\(base)-\(suffix)"
            }
            guard rename(path, target) == 0 else {
                throw FileError(path: path, reason: "moving aside failed: \(String(cString: strerror(errno)))")
            }
            return target
        } catch {
            throw VaultError.wrap(error)
        }
    }

    /// `moveAside` for this vault's file; forgets the cached key.
    @discardableResult
    public func moveAside(now: Date = Date()) throws -> String? {
        state.withLock { Vault.forget(&$0.cached) }
        return try Vault.moveAside(path, now: now)
    }

    // MARK: - Internals

    private struct Loaded {
        var header: VaultHeader
        var contents: VaultContents
    }

    private func modify(_ change: (inout VaultContents) throws -> Void) throws {
        try locked {
            let loaded = try load()
            var contents = loaded?.contents ?? VaultContents()
            try change(&contents)
            try save(contents, key: key, reuse: loaded?.header)
        }
    }

    private func locked(_ body: () throws -> Void) throws {
        do {
            try AtomicFile.ensurePrivateDirectory(parent(of: path), create: true)
            let lock = try FileLock(exclusive: lockPath)
            defer { lock.unlock() }
            try body()
        } catch {
            throw VaultError.wrap(error)
        }
    }

    /// Nil when there is no file (or no folder) yet.
    private func load() throws -> Loaded? {
        do {
            guard try AtomicFile.ensurePrivateDirectory(parent(of: path), create: false),
                  let bytes = try AtomicFile.readPrivate(path, limit: Vault.sizeLimit) else { return nil }
            let header = try VaultHeader.decode(bytes, path: path)
            let key = self.key
            guard header.protection == key.protection else {
                throw VaultError.protectionMismatch(path: path, file: header.protection, offered: key.protection)
            }
            var master = try masterKey(key, salt: header.salt, cost: header.cost, create: false)
            defer { Sodium.wipe(&master) }
            var encryption = Sodium.subkey(1, of: master)
            var check = Sodium.subkey(2, of: master)
            defer { Sodium.wipe(&encryption); Sodium.wipe(&check) }
            guard Sodium.equal(Sodium.mac16(VaultHeader.keyCheckMessage, key: check), header.keyCheck) else {
                forgetCachedKey()
                throw VaultError.wrongKey(path: path, protection: header.protection)
            }
            let headerBytes = Array(bytes[0..<VaultHeader.size])
            guard var padded = Sodium.open(bytes[VaultHeader.size...], additional: headerBytes,
                                           nonce: header.nonce, key: encryption) else {
                throw VaultError.corrupted(path: path, detail: "the contents do not verify")
            }
            defer { Sodium.wipe(&padded) }
            guard let length = Sodium.unpad(padded, block: Vault.paddingBlock) else {
                throw VaultError.corrupted(path: path, detail: "bad padding")
            }
            var json = Array(padded.prefix(length))
            defer { Sodium.wipe(&json) }
            let contents: VaultContents
            do {
                contents = try VaultContents.decode(json)
            } catch {
                throw VaultError.corrupted(path: path, detail: "the contents are not valid")
            }
            if contents.v > VaultContents.currentVersion {
                throw VaultError.newerFormat(path: path, version: contents.v)
            }
            return Loaded(header: header, contents: contents)
        } catch {
            throw VaultError.wrap(error)
        }
    }

    /// Encrypts and writes `contents` under `key`. Keeps the stored salt and
    /// derived key (`reuse`) when the key is unchanged and its parameters
    /// are at least the requested cost; otherwise a fresh salt and key.
    private func save(_ contents: VaultContents, key: VaultKey, reuse: VaultHeader?) throws {
        let salt: [UInt8]
        let cost: KeyDerivationCost
        if let reuse, reuse.protection == key.protection,
           key.protection == .machineKey || reuse.cost.isAtLeast(key.cost) {
            salt = reuse.salt
            cost = reuse.cost
        } else {
            salt = Sodium.random(Sodium.saltBytes)
            cost = key.cost
        }
        var master = try masterKey(key, salt: salt, cost: cost, create: true)
        defer { Sodium.wipe(&master) }
        var encryption = Sodium.subkey(1, of: master)
        var check = Sodium.subkey(2, of: master)
        defer { Sodium.wipe(&encryption); Sodium.wipe(&check) }
        let header = VaultHeader(protection: key.protection, cost: cost, salt: salt,
                                 nonce: Sodium.random(Sodium.nonceBytes),
                                 keyCheck: Sodium.mac16(VaultHeader.keyCheckMessage, key: check))
        let headerBytes = header.encoded
        var json = try contents.encoded()
        defer { Sodium.wipe(&json) }
        var padded = Sodium.pad(json, block: Vault.paddingBlock)
        defer { Sodium.wipe(&padded) }
        let sealed = Sodium.seal(padded, additional: headerBytes, nonce: header.nonce, key: encryption)
        try AtomicFile.write(headerBytes + sealed, to: path, mode: 0o600)
        state.withLock { $0.key = key }
    }

    /// The master key, from the cache when the salt, cost and key are the same.
    private func masterKey(_ key: VaultKey, salt: [UInt8], cost: KeyDerivationCost, create: Bool) throws -> [UInt8] {
        guard key.protection == .passphrase else {
            return try key.masterKey(salt: salt, cost: cost, vaultPath: path, create: create)
        }
        let cached: [UInt8]? = state.withLock { state in
            guard state.key === key, let entry = state.cached, entry.salt == salt, entry.cost == cost else { return nil }
            return entry.master
        }
        if let cached { return cached }
        let master = try key.masterKey(salt: salt, cost: cost, vaultPath: path, create: create)
        state.withLock { state in
            Vault.forget(&state.cached)
            if state.key === key { state.cached = CachedKey(salt: salt, cost: cost, master: master) }
        }
        return master
    }

    private func forgetCachedKey() {
        state.withLock { Vault.forget(&$0.cached) }
    }

    private static func forget(_ cached: inout CachedKey?) {
        if cached != nil { Sodium.wipe(&cached!.master) }
        cached = nil
    }
}

/// A value guarded by a lock (Synchronization.Mutex needs newer macOS than the package targets).
final class LockedState<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
