import SusiBasics
import SusiPorts

/// The key a caller offers to a vault: a passphrase, or the machine key file
/// at a path. Chosen explicitly by the caller; a vault never falls back from
/// one to the other. The passphrase bytes are wiped when the key is released.
public final class VaultKey: @unchecked Sendable {
    public let protection: VaultProtection
    /// Work factor for new passphrase-derived keys (files with weaker stored
    /// parameters are re-encrypted at this cost on their next write).
    public let cost: KeyDerivationCost
    /// Where the machine key lives (created 0600 on first write); nil for a passphrase.
    public let keyFile: String?
    private var passphraseBytes: [UInt8]
    /// A master key already derived from the passphrase (from the agent),
    /// valid only for the salt and cost it was derived with.
    private let derived: UnlockedKey?

    private init(protection: VaultProtection, cost: KeyDerivationCost, keyFile: String?, passphrase: [UInt8],
                 derived: UnlockedKey? = nil) {
        self.protection = protection
        self.cost = cost
        self.keyFile = keyFile
        self.passphraseBytes = passphrase
        self.derived = derived
    }

    /// A passphrase key that was derived before (kept by the unlock agent):
    /// it opens and writes the file as long as its salt and cost are the
    /// file's; for any other salt it is the wrong key.
    public static func unlocked(_ key: UnlockedKey) -> VaultKey {
        VaultKey(protection: .passphrase, cost: key.cost, keyFile: nil, passphrase: [], derived: key)
    }

    /// A passphrase as bytes (UTF-8). The bytes are copied; wipe your copy.
    public static func passphrase(_ bytes: [UInt8], cost: KeyDerivationCost = .moderate) -> VaultKey {
        VaultKey(protection: .passphrase, cost: cost, keyFile: nil, passphrase: bytes)
    }

    /// A passphrase as a string. Prefer the `[UInt8]` form: a String cannot be wiped.
    public static func passphrase(_ text: String, cost: KeyDerivationCost = .moderate) -> VaultKey {
        passphrase(Array(text.utf8), cost: cost)
    }

    /// The machine key file at `path` (normally `Paths.keyFile`).
    public static func machineKey(at path: String) -> VaultKey {
        VaultKey(protection: .machineKey, cost: KeyDerivationCost(operations: 0, memoryKiB: 0), keyFile: path, passphrase: [])
    }

    deinit { Sodium.wipe(&passphraseBytes) }

    /// The master key for a file with this salt and cost. `create` makes a
    /// missing machine key file (only when writing).
    func masterKey(salt: [UInt8], cost: KeyDerivationCost, vaultPath: String, create: Bool) throws -> [UInt8] {
        switch protection {
        case .passphrase:
            if let derived {
                guard derived.salt == salt, derived.cost == cost else {
                    throw VaultError.wrongKey(path: vaultPath, protection: .passphrase)
                }
                return derived.master
            }
            guard let key = Sodium.argon2id(passphraseBytes, salt: salt, operations: cost.operations,
                                            memoryKiB: cost.memoryKiB) else { throw VaultError.keyDerivationFailed }
            return key
        case .machineKey:
            let path = keyFile ?? ""
            if let key = try MachineKey.load(path) { return key }
            guard create else { throw VaultError.machineKeyMissing(path: vaultPath, keyFile: path) }
            return try MachineKey.create(path)
        }
    }
}

/// The machine key file: 32 random bytes, 0600, in a private folder.
enum MachineKey {
    static func load(_ path: String) throws -> [UInt8]? {
        guard try AtomicFile.ensurePrivateDirectory(parent(of: path), create: false) else { return nil }
        guard var bytes = try AtomicFile.readPrivate(path, limit: 4096) else { return nil }
        guard bytes.count == Sodium.keyBytes else {
            let size = bytes.count
            Sodium.wipe(&bytes)
            throw VaultError.machineKeyDamaged(keyFile: path, size: size)
        }
        return bytes
    }

    /// Called with the vault's lock held, so two writers cannot both create one.
    static func create(_ path: String) throws -> [UInt8] {
        try AtomicFile.ensurePrivateDirectory(parent(of: path), create: true)
        let key = Sodium.random(Sodium.keyBytes)
        try AtomicFile.write(key, to: path, mode: 0o600)
        return key
    }
}

func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The master key of a passphrase-protected file with the salt and cost it
/// was derived for: what `susi login unlock` hands to the agent, so later
/// commands skip both the passphrase and Argon2id. Wiped when released.
public final class UnlockedKey: @unchecked Sendable {
    public let salt: [UInt8]
    public let cost: KeyDerivationCost
    public private(set) var master: [UInt8]

    public init(salt: [UInt8], cost: KeyDerivationCost, master: [UInt8]) {
        self.salt = salt
        self.cost = cost
        self.master = master
    }

    deinit { Sodium.wipe(&master) }
}
