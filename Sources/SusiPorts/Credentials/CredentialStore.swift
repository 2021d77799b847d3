import Foundation
import SusiBasics

/// The credential store: the encrypted file of logins (one per server and
/// account), the key that opens it, and the unlock agent that keeps a
/// passphrase's derived key for a while. The values it carries are the
/// vault's own; the adapter is SusiVault.

/// A derived key held in memory (by the agent, or a shell session): opaque.
public protocol UnlockedCredentialKey: AnyObject {}

/// The key offered to the credential file, chosen by the caller: a vault
/// never falls back from one kind to the other.
public enum CredentialKey {
    /// The machine key file at this path (created 0600 on the first write).
    case machineKey(at: String)
    /// A passphrase as UTF-8 bytes (copied; the caller wipes its own).
    case passphrase([UInt8], cost: KeyDerivationCost)
    /// A key derived before, valid for the file's salt and cost only.
    case unlocked(UnlockedCredentialKey)
}

/// The credential file opened with one key.
public protocol CredentialFile: AnyObject {
    var path: String { get }
    /// The kind of key it was opened with.
    var protection: VaultProtection { get }
    /// Checks the key against the file (a missing file is fine: the first
    /// write creates it). Wrong key: 77; damaged file: 65; never written over.
    func unlock() throws
    /// The derived key, to keep (agent, shell session); nil with no file yet.
    func unlockedKey() throws -> UnlockedCredentialKey?
    func entries() throws -> [VaultEntry]
    func entry(server: String, account: String) throws -> VaultEntry?
    func store(_ entry: VaultEntry) throws
    @discardableResult
    func remove(server: String, account: String) throws -> Bool
    /// Re-encrypts the file under another key (and a fresh salt).
    func rekey(to key: CredentialKey) throws
}

public protocol CredentialStore {
    /// What the file's header says, without unlocking anything.
    func status(at path: String) throws -> VaultStatus
    func file(at path: String, key: CredentialKey) -> CredentialFile
    /// Moves the file (and its key file) aside; the new name, nil when there was none.
    func moveAside(_ path: String, now: Date) throws -> String?
    /// The agent's socket for this file; throws when there is no private runtime folder.
    func agentSocket(environment: [String: String], credentialsFile: String) throws -> String
    /// The same, making the private folder it needs when there is none yet
    /// (without XDG_RUNTIME_DIR); only what starts an agent asks for this.
    func agentSocketForStarting(environment: [String: String], credentialsFile: String) throws -> String
    /// What a running agent says; nil when none answers.
    func agentState(socket: String) -> CredentialAgentState?
    /// The key the agent holds and until when; nil when none answers or it holds none.
    func agentKey(socket: String) -> (key: UnlockedCredentialKey, expires: Date)?
    /// Starts an agent holding `key` until `expires`, replacing one already running.
    func startAgent(socket: String, credentialsFile: String, key: UnlockedCredentialKey, expires: Date) throws
    /// Tells the agent to forget the key; true when one was running.
    func lockAgent(socket: String) -> Bool
    /// The agent's own process (`susi login __agent`): detach, or serve.
    func runAgent(serve: Bool) -> Int32
}

/// What a running agent says about itself.
public struct CredentialAgentState: Sendable, Equatable {
    public var expires: Date
    public var pid: Int32

    public init(expires: Date, pid: Int32) {
        self.expires = expires
        self.pid = pid
    }
}

/// Which key protects a credential file. Recorded in the file's header, so
/// `susi login status` can say it without unlocking anything.
public enum VaultProtection: UInt8, Sendable, Equatable, CustomStringConvertible {
    /// A key derived from a passphrase with Argon2id13.
    case passphrase = 1
    /// 32 random bytes in a machine key file beside the credentials.
    case machineKey = 2

    public var description: String {
        switch self {
        case .passphrase: return "passphrase"
        case .machineKey: return "machine key file"
        }
    }
}

/// Argon2id13 work factors. Stored in the header; bounded on read so that a
/// doctored file cannot make susi allocate gigabytes or spin for minutes.
public struct KeyDerivationCost: Sendable, Equatable {
    public var operations: UInt32
    public var memoryKiB: UInt32

    public init(operations: UInt32, memoryKiB: UInt32) {
        self.operations = operations
        self.memoryKiB = memoryKiB
    }

    /// libsodium's MODERATE limits (256 MiB, 3 passes): the default for writes.
    public static let moderate = KeyDerivationCost(operations: 3, memoryKiB: 256 * 1024)
    /// libsodium's INTERACTIVE limits (64 MiB, 2 passes).
    public static let interactive = KeyDerivationCost(operations: 2, memoryKiB: 64 * 1024)
    /// The smallest legal cost. For tests only: same code path, fast.
    public static let minimalForTesting = KeyDerivationCost(operations: 1, memoryKiB: 8)
}

/// What `susi login status` says about the credential file without unlocking it.
public struct VaultStatus: Sendable, Equatable {
    public var path: String
    /// Nil when there is no credential file yet.
    public var protection: VaultProtection?
    /// The stored Argon2id parameters (passphrase files only).
    public var cost: KeyDerivationCost?
    public var formatVersion: Int?

    public init(path: String, protection: VaultProtection? = nil, cost: KeyDerivationCost? = nil, formatVersion: Int? = nil) {
        self.path = path
        self.protection = protection
        self.cost = cost
        self.formatVersion = formatVersion
    }

    public var exists: Bool { protection != nil }

    /// One line: where the credentials live and which key protects them.
    public func summary(keyFile: String) -> String {
        switch protection {
        case nil: return "No credential file at \(path)."
        case .passphrase?: return "Tokens are stored in \(path), encrypted with a key derived from your passphrase (Argon2id)."
        case .machineKey?: return "Tokens are stored in \(path), encrypted with the machine key file \(keyFile)."
        }
    }
}

/// One stored login: the token a server issued for an account, when it
/// expires, and who it stands for. Keyed by (server, account).
public struct VaultEntry: Codable, Sendable, Equatable {
    public var server: String
    public var account: String
    public var token: String
    /// Nil when the token never expires.
    public var expires: Date?
    public var identity: Identity

    public init(server: String, account: String, token: String, expires: Date?, identity: Identity) {
        self.server = server
        self.account = account
        self.token = token
        self.expires = expires
        self.identity = identity
    }

    public init(server: String, account: String, grant: LoginGrant) {
        self.init(server: server, account: account, token: grant.token, expires: grant.expires, identity: grant.identity)
    }

    public var grant: LoginGrant { LoginGrant(identity: identity, token: token, expires: expires) }

    public func isExpired(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }

    enum CodingKeys: String, CodingKey {
        case server, account, token = "access_token", expires, identity
    }
}

/// Why the credential file could not be used. Every case leaves the file as
/// it was: a damaged file is only ever moved aside on request
/// (`susi login --reset-credentials`), never overwritten or deleted.
public enum VaultError: ReportableError, Equatable {
    /// The passphrase (or machine key) does not unlock the file: the key check failed.
    case wrongKey(path: String, protection: VaultProtection)
    /// The caller offered one kind of key, the file is protected by the other.
    case protectionMismatch(path: String, file: VaultProtection, offered: VaultProtection)
    /// The file uses the machine key file, and that file is gone.
    case machineKeyMissing(path: String, keyFile: String)
    /// The machine key file is not 32 bytes.
    case machineKeyDamaged(keyFile: String, size: Int)
    /// The key is right but the contents do not verify: damaged or tampered with.
    case corrupted(path: String, detail: String)
    /// Not a susi credential file at all.
    case notACredentialFile(path: String)
    /// Written by a newer susi in a format this one does not know.
    case newerFormat(path: String, version: Int)
    /// libsodium could not allocate the memory the key derivation needs.
    case keyDerivationFailed
    /// Reading or writing failed (disk full, I/O error, ...).
    case io(String)

    public var exitCode: ExitCode {
        switch self {
        case .wrongKey, .protectionMismatch: return .noPermission
        case .machineKeyMissing: return .noInput
        case .machineKeyDamaged, .corrupted, .notACredentialFile, .newerFormat: return .dataError
        case .keyDerivationFailed, .io: return .failure
        }
    }

    public var message: String {
        switch self {
        case .wrongKey(_, .passphrase):
            return "Wrong passphrase for the credential file."
        case .wrongKey(let path, .machineKey):
            return "The machine key file does not unlock \(path)."
        case .protectionMismatch(let path, let file, let offered):
            return "The credential file \(path) is protected by a \(file), not a \(offered)."
        case .machineKeyMissing(let path, let keyFile):
            return "The credential file \(path) is protected by the machine key file \(keyFile), which is missing."
        case .machineKeyDamaged(let keyFile, let size):
            return "The machine key file \(keyFile) is damaged (\(size) bytes instead of 32)."
        case .corrupted(let path, let detail):
            return "The credential file \(path) is corrupted or has been tampered with: \(detail)."
        case .notACredentialFile(let path):
            return "\(path) is not a susi credential file, or was written by a newer susi."
        case .newerFormat(let path, let version):
            return "The credential file \(path) uses format version \(version), written by a newer susi."
        case .keyDerivationFailed:
            return "Could not derive the key from the passphrase: not enough memory."
        case .io(let detail):
            return detail
        }
    }

    public var hint: String? {
        let reset = "'susi login --reset-credentials' moves it aside (nothing is deleted) and starts afresh."
        switch self {
        case .wrongKey(_, .passphrase):
            return "Try again. If the passphrase is lost, \(reset)"
        case .wrongKey(_, .machineKey):
            return "The key file was replaced or belongs to another file. \(reset)"
        case .protectionMismatch(_, let file, _):
            return file == .passphrase
                ? "Unlock it with its passphrase; switching to the machine key is an explicit choice."
                : "Unlock it with the machine key file; switching to a passphrase is an explicit choice."
        case .machineKeyMissing:
            return "Restore the key file from a backup, or \(reset)"
        case .machineKeyDamaged:
            return "Restore the key file from a backup, or move it and the credential file aside and log in again."
        case .corrupted, .notACredentialFile:
            return "The file was left untouched. \(reset)"
        case .newerFormat:
            return "Upgrade susi to read it; the file was left untouched."
        case .keyDerivationFailed:
            return "Close other programs and try again."
        case .io:
            return nil
        }
    }
}

extension CredentialStore {
    /// A store whose socket needs no folder made.
    public func agentSocketForStarting(environment: [String: String], credentialsFile: String) throws -> String {
        try agentSocket(environment: environment, credentialsFile: credentialsFile)
    }
}
