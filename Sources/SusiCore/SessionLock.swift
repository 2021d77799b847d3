import SusiBasics
import SusiCLI

extension Session {
    /// The lock beside session.json that serialises every change of the
    /// active login: session.json and the credential file are read, changed
    /// and written under it, so `login switch` racing `logout` (or two
    /// logins) cannot lose an update. The vault's own `credentials.lock`
    /// still guards the file; this one guards the pair.
    public static func lockFile(_ paths: Paths) -> String { paths.stateDirectory + "/session.lock" }

    /// Runs `body` holding the session lock (waiting for another susi
    /// process to finish its change first).
    public static func serialized<T>(_ paths: Paths, _ body: () throws -> T) throws -> T {
        let lock: FileLock
        do {
            try AtomicFile.createDirectory(paths.stateDirectory)
            lock = try FileLock(exclusive: lockFile(paths))
        } catch let error as FileError {
            if let storage = StorageError(writing: error, name: "the session lock", path: lockFile(paths)) { throw storage }
            throw CommandError(.failure, "Cannot lock the session: \(error.description).")
        }
        defer { lock.unlock() }
        return try body()
    }
}
