/// A database failure, with SQLite's own message and result code.
public struct StoreError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The file could not be opened or is not a database.
        case open
        /// Written by a newer susi; left untouched.
        case newerSchema(found: Int, known: Int)
        /// Still locked by another process after the busy timeout.
        case busy
        /// A constraint (unique, check, foreign key) refused the change.
        case constraint
        /// The database or one of its -wal/-shm/-journal files is a symbolic
        /// link (or not a regular file): never opened, never written through.
        case notARegularFile(path: String, symbolicLink: Bool)
        case other
    }

    public var kind: Kind
    public var message: String
    public var code: Int32

    public init(_ kind: Kind, _ message: String, code: Int32 = 0) {
        self.kind = kind
        self.message = message
        self.code = code
    }

    public var description: String { message }
}
