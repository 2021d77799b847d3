import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// One SQLite connection. Opened in WAL mode with a busy timeout, so that
/// several susi processes can read and write the same file without ever
/// showing "database is locked". Not thread-safe: one connection per thread.
public final class Database {
    let handle: OpaquePointer
    public let path: String
    private var statements: [String: Statement] = [:]
    private var transactionDepth = 0
    /// The WAL's length in frames after this connection's last commit (0: it wrote nothing).
    private var walFrames: Int32 = 0
    /// Switched to WAL at open (read-write connections; nothing switches it back).
    private var inWAL = false

    /// A WAL of at most this many frames (4 KB pages) is left for the next
    /// process at close instead of being checkpointed into the database and
    /// deleted: a one-shot command's few written pages cost no fsync and the
    /// next one no re-creation of -wal and -shm. A connection that left a
    /// longer WAL (an import) checkpoints at close as SQLite does by default.
    public static let walKeptAtClose: Int32 = 128
    /// As SQLite's default: a commit that leaves the WAL this long checkpoints it.
    static let walAutocheckpoint: Int32 = 1000

    /// How long a writer waits for another process's lock, in milliseconds.
    public static let busyTimeoutMilliseconds: Int32 = 10_000
    /// 200 tries 0.1 ms apart, then 2 ms apart: about the timeout in all.
    static let busyRetries: Int32 = 200 + (busyTimeoutMilliseconds - 20) / 2

    /// `knownSchema`: the newest schema version the caller understands. A
    /// database with a higher `user_version` is refused before anything
    /// (such as the switch to WAL) writes to it.
    public init(path: String, readOnly: Bool = false, knownSchema: Int? = nil) throws(StoreError) {
        Self.configureLibrary()
        if path != ":memory:" { try Self.refuseLinks(path) }
        if !readOnly && path != ":memory:" { try Self.prepareForWriting(path) }
        if !readOnly && path != ":memory:" {
            // SQLite would create the file 0644 (less the umask); the database
            // holds password hashes, so create it owner-only first. SQLite gives
            // its -wal and -shm files the database file's permissions.
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
        }
        var pointer: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2(path, &pointer, flags, nil)
        guard status == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let systemErrno = pointer.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(pointer)
            let classified = Self.classify(status, systemErrno: systemErrno, message, path: path)
            if classified.kind != .other { throw classified }
            throw StoreError(.open, "Cannot open the database \(path): \(message).", code: status, path: path, detail: message)
        }
        handle = pointer
        self.path = path
        // From the start, so that a connection refused below (a newer schema)
        // does not checkpoint another's WAL into the file at close either.
        _ = csqlite_checkpoint_on_close(handle, 0)
        // SQLite's own busy handler backs off to 100 ms sleeps; a write
        // here holds the lock for well under a millisecond, so retry fast
        // first and slow down later, for about the same total time.
        sqlite3_busy_handler(handle, { _, count in
            if count >= Database.busyRetries { return 0 }
            usleep(count < 200 ? 100 : 2000)
            return 1
        }, nil)
        sqlite3_extended_result_codes(handle, 1)
        do throws(StoreError) {
            // Reading the schema here turns "file is not a database" into an open error.
            _ = try query("PRAGMA schema_version")
            if let knownSchema, let found = try scalar("PRAGMA user_version")?.int, found > knownSchema {
                throw Self.newerSchema(path: path, found: found, known: knownSchema)
            }
            if !readOnly && path != ":memory:" {
                inWAL = try scalar("PRAGMA journal_mode=WAL")?.string?.lowercased() == "wal"
                keepSmallWALAtClose()
            }
            try execute("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL")
        } catch {
            statements.removeAll()
            sqlite3_close_v2(handle)
            if error.kind != .other && error.kind != .constraint { throw error }
            throw StoreError(.open, "Cannot open the database \(path): \(error.message)", code: error.code,
                             path: path, detail: error.message)
        }
    }

    /// Process-wide settings, applied once before SQLite initialises (the
    /// first open): each connection is used by one thread at a time
    /// (SQLITE_OPEN_NOMUTEX), the allocator keeps no statistics, which
    /// it would update under one mutex shared by every connection, and a
    /// page cache allocates its lines as pages are read, not 20 at once
    /// (see `csqlite_configure_library`).
    private static let configured: Int32 = csqlite_configure_library()
    /// Whether SQLite took the settings (false: something initialised it first).
    public static var memoryStatisticsOff: Bool {
        configureLibrary()
        return configured == SQLITE_OK
    }

    static func configureLibrary() {
        _ = configured
    }

    /// The files SQLite opens for a database: the file itself and the ones
    /// it creates beside it.
    public static func files(of path: String) -> [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"]
    }

    /// A symbolic link (even a dangling one) or anything but a regular file
    /// in place of the database or a file SQLite would create beside it is
    /// refused: SQLite would follow it and write wherever it points.
    static func refuseLinks(_ path: String) throws(StoreError) {
        for file in files(of: path) {
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type != S_IFREG {
                throw StoreError(.notARegularFile(path: file, symbolicLink: type == S_IFLNK),
                                 "\(file) is \(type == S_IFLNK ? "a symbolic link" : "not a regular file").")
            }
        }
    }

    /// Before a read-write open: a database file that cannot be written is
    /// reported as read-only at once. Opening it anyway would make SQLite
    /// fall back to read-only and create -wal/-shm with the file's own
    /// read-only mode, which kept failing after the file's mode was fixed;
    /// such leftovers are given back the owner's write bit here (through a
    /// descriptor, never following a link).
    static func prepareForWriting(_ path: String) throws(StoreError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if access(path, W_OK) != 0 {
            let code = errno
            throw classify(SQLITE_READONLY, systemErrno: code, String(cString: strerror(code)), path: path)
        }
        for file in [path + "-wal", path + "-shm"] {
            var companion = stat()
            guard lstat(file, &companion) == 0, (companion.st_mode & S_IFMT) == S_IFREG,
                  companion.st_uid == info.st_uid, companion.st_mode & S_IWUSR == 0 else { continue }
            let fd = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            fchmod(fd, 0o600)
            close(fd)
        }
    }

    deinit {
        statements.removeAll()
        if walFrames > Self.walKeptAtClose { _ = csqlite_checkpoint_on_close(handle, 1) }
        sqlite3_close_v2(handle)
    }

    /// Closing leaves the WAL in place (see `walKeptAtClose`); committed
    /// frames in it are as safe from a crash of susi as the database file
    /// (synchronous=NORMAL: power loss may lose the last commits either way),
    /// and every connection, of any process, reads them. The hook replaces
    /// SQLite's auto-checkpoint, so it does the same checkpoint and notes the
    /// WAL's length for the decision at close.
    private func keepSmallWALAtClose() {
        sqlite3_wal_hook(handle, { context, handle, name, frames in
            guard let context else { return SQLITE_OK }
            let database = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue()
            database.walFrames = frames
            if frames >= Database.walAutocheckpoint {
                sqlite3_wal_checkpoint_v2(handle, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    // MARK: - Running SQL

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw error(status, text)
        }
    }

    /// A prepared statement, cached by its SQL text.
    public func prepare(_ sql: String) throws(StoreError) -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var pointer: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard status == SQLITE_OK, let pointer else {
            throw error(status, String(cString: sqlite3_errmsg(handle)))
        }
        let statement = Statement(pointer, database: self)
        statements[sql] = statement
        return statement
    }

    /// Runs a statement with parameters; returns the number of changed rows.
    @discardableResult
    public func run(_ sql: String, _ parameters: [SQLBindable] = []) throws(StoreError) -> Int {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// All rows of a query.
    public func query(_ sql: String, _ parameters: [SQLBindable] = []) throws(StoreError) -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        var rows: [Row] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// The first column of the first row, or nil.
    public func scalar(_ sql: String, _ parameters: [SQLBindable] = []) throws(StoreError) -> SQLValue? {
        try query(sql, parameters).first?.values.first
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The WAL-index header as it is now (`csqlite_wal_index_header` in
    /// CSQLite's shim), read without a transaction: every commit to the
    /// database, by any connection of any process, writes a new one (its
    /// change counter goes up), so two equal stamps mean nothing was
    /// committed in between. Nil when there is none to read (not in WAL
    /// mode, a connection opened read-only, nothing read yet, or a commit is
    /// writing it): then only a read can tell.
    public func walStamp() -> WALStamp? {
        // Only where SQLite keeps a WAL index: asking for it elsewhere would create one.
        guard inWAL else { return nil }
        var stamp = WALStamp()
        let found = withUnsafeMutableBytes(of: &stamp.words) { bytes in
            csqlite_wal_index_header(handle, bytes.baseAddress!.assumingMemoryBound(to: UInt32.self))
        }
        return found == 1 ? stamp : nil
    }

    // MARK: - Transactions

    /// Runs `body` in a write transaction (BEGIN IMMEDIATE takes the write
    /// lock up front, so two writers queue instead of deadlocking).
    /// Nested calls use savepoints. Any error rolls the whole body back.
    /// BEGIN, COMMIT and ROLLBACK are prepared once per connection (the
    /// statement cache), not parsed again by sqlite3_exec per transaction:
    /// under `susi serve` the group commit runs one every few milliseconds.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        let savepoint = "s\(transactionDepth)"
        if transactionDepth == 0 {
            try beginImmediate()
        } else {
            try execute("SAVEPOINT \(savepoint)")
        }
        transactionDepth += 1
        do {
            let result = try body()
            transactionDepth -= 1
            if transactionDepth == 0 { try run("COMMIT") } else { try execute("RELEASE \(savepoint)") }
            return result
        } catch {
            transactionDepth -= 1
            if transactionDepth == 0 {
                _ = try? run("ROLLBACK")
            } else {
                try? execute("ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
            }
            throw error
        }
    }

    /// BEGIN IMMEDIATE can report BUSY without calling the busy handler when
    /// a WAL snapshot is stale; retry within the same timeout, counted on the
    /// clock from the first try: a BUSY after the busy handler gave up has
    /// already waited the whole timeout (counting tries made each of those
    /// waits one millisecond, and a lock never released hung the writer for
    /// hours instead of failing after ten seconds).
    private func beginImmediate() throws(StoreError) {
        let deadline = ContinuousClock.now + .milliseconds(Int(Self.busyTimeoutMilliseconds))
        while true {
            do {
                try run("BEGIN IMMEDIATE")
                return
            } catch {
                guard error.kind == .busy, ContinuousClock.now < deadline else { throw error }
                sqlite3_sleep(1)
            }
        }
    }

    // MARK: - Errors

    func error(_ status: Int32, _ message: String) -> StoreError {
        Self.classify(status, systemErrno: sqlite3_system_errno(handle), message, path: path)
    }

    /// Tells read-only, full, locked, damaged and other I/O failures apart
    /// by SQLite's (extended) result code and, for I/O and open errors, the
    /// errno behind them: SQLite reports a full disk while creating -wal or
    /// -shm as SQLITE_IOERR_* with ENOSPC, not as SQLITE_FULL.
    static func classify(_ status: Int32, systemErrno: Int32, _ message: String, path: String) -> StoreError {
        func make(_ kind: StoreError.Kind, _ text: String) -> StoreError {
            StoreError(kind, text, code: status, path: path, detail: message)
        }
        let fromErrno: StoreError.Kind?
        switch systemErrno {
        case ENOSPC, EDQUOT: fromErrno = .full
        case EROFS, EACCES, EPERM: fromErrno = .readOnly
        default: fromErrno = nil
        }
        switch status & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return make(.busy, "The database \(path) is busy: \(message).")
        case SQLITE_CONSTRAINT:
            return StoreError(.constraint, message, code: status)
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return make(.damaged, "The database \(path) is damaged or not a database: \(message).")
        case SQLITE_READONLY, SQLITE_PERM:
            return make(.readOnly, "The database \(path) is read-only: \(message).")
        case SQLITE_FULL:
            return make(.full, "The disk holding \(path) is full: \(message).")
        case SQLITE_IOERR:
            return make(fromErrno ?? .ioError, "I/O error on the database \(path): \(message).")
        case SQLITE_CANTOPEN:
            return make(fromErrno ?? .open, "Cannot open the database \(path): \(message).")
        default:
            return StoreError(.other, message, code: status)
        }
    }
}

/// A WAL-index header (see `Database.walStamp`): its 12 words, compared whole.
public struct WALStamp: Equatable, Sendable {
    var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    public static func == (a: WALStamp, b: WALStamp) -> Bool {
        withUnsafeBytes(of: a.words) { x in
            withUnsafeBytes(of: b.words) { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}
