import SusiBasics
import SusiPorts

extension VaultError {
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
