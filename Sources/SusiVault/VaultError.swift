import SusiBasics

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

    static func wrap(_ error: any Error) -> any Error {
        if let error = error as? FileError {
            // A read-only or full disk while writing is the same StorageError
            // as for the config and the database (73/74), naming the vault.
            let writing = !error.reason.hasPrefix("opening") && !error.reason.hasPrefix("reading")
            let path = error.path.components(separatedBy: ".tmp-").first ?? error.path
            if writing, let storage = StorageError(writing: error, name: "the credential file", path: path) { return storage }
            return VaultError.io(error.description)
        }
        return error
    }
}
