/// A database failure, with SQLite's own message and result code.
public struct StoreError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The file could not be opened or is not a database.
        case open
        /// Written by a newer susi; left untouched.
        case newerSchema(found: Int, known: Int)
        /// Still locked by another process after the busy timeout.
        case busy
        /// The file or its folder cannot be written (SQLITE_READONLY, EROFS, EACCES).
        case readOnly
        /// No space left (SQLITE_FULL, or an I/O error with ENOSPC/EDQUOT).
        case full
        /// Not a database, or damaged (SQLITE_CORRUPT, SQLITE_NOTADB).
        case damaged
        /// Any other I/O error (SQLITE_IOERR and its subcodes).
        case ioError
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
    /// The database file, when the error is about it.
    public var path: String?
    /// SQLite's own words, without the path.
    public var detail: String?

    public init(_ kind: Kind, _ message: String, code: Int32 = 0, path: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.message = message
        self.code = code
        self.path = path
        self.detail = detail
    }

    public var description: String { message }
}
