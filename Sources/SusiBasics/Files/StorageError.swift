#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One of susi's own files (the database, the config, the session) cannot
/// be used, told apart by cause, because the right advice differs: a
/// read-only or full disk leaves a healthy file that must be kept, a lock
/// passes, and only a damaged file is worth moving aside.
public struct StorageError: ReportableError, Equatable {
    public enum Problem: Equatable, Sendable {
        /// The file or its folder cannot be written (EROFS, EACCES, SQLITE_READONLY).
        case readOnly
        /// No space left (ENOSPC, EDQUOT, SQLITE_FULL).
        case full
        /// Another process holds it (SQLITE_BUSY, SQLITE_LOCKED).
        case busy
        /// Not a database, or a damaged one (SQLITE_CORRUPT, SQLITE_NOTADB).
        case damaged
        /// Any other I/O error (SQLITE_IOERR subcodes, EIO).
        case ioError
    }

    /// What the file is, as in "the database".
    public var name: String
    public var path: String
    public var problem: Problem
    /// The system's or SQLite's own words.
    public var detail: String

    public init(_ problem: Problem, name: String, path: String, detail: String) {
        self.problem = problem
        self.name = name
        self.path = path
        self.detail = detail
    }

    /// The storage problem behind a failed file operation, or nil when the
    /// errno says something else (then the caller reports it as it did).
    public init?(writing error: FileError, name: String, path: String) {
        switch error.code {
        case EROFS, EACCES, EPERM: self.init(.readOnly, name: name, path: path, detail: error.description)
        case ENOSPC, EDQUOT: self.init(.full, name: name, path: path, detail: error.description)
        case EIO: self.init(.ioError, name: name, path: path, detail: error.description)
        default: return nil
        }
    }

    public var exitCode: ExitCode {
        switch problem {
        case .readOnly: return .cannotCreate
        case .full, .ioError: return .ioError
        case .busy: return .tempFail
        case .damaged: return .dataError
        }
    }

    public var message: String {
        switch problem {
        case .readOnly: return "Cannot write to \(name) \(path): it or its folder is read-only (\(detail))."
        case .full: return "Cannot write to \(name) \(path): the disk is full (\(detail))."
        case .busy: return "\(name.prefix(1).uppercased() + name.dropFirst()) \(path) is locked by another process (\(detail))."
        case .damaged: return "\(name.prefix(1).uppercased() + name.dropFirst()) \(path) is damaged or not a database (\(detail))."
        case .ioError: return "Cannot read or write \(name) \(path): an input/output error (\(detail))."
        }
    }

    public var hint: String? {
        switch problem {
        case .readOnly:
            return "Make it writable again (check 'ls -l \(path)' and its folder, or the mount), then try again. Nothing was changed, and the file is not damaged: keep it."
        case .full:
            return "Free some space on its disk ('df \(AtomicFile.parentDirectory(of: path))'), then try again. Nothing was changed, and the file is not damaged: keep it."
        case .busy:
            return "Another susi process is holding it; try again when it is done. Nothing was changed."
        case .damaged:
            return "Move it aside (susi then starts a fresh one; nothing is deleted), or keep a copy and try 'sqlite3 \(path) .recover'."
        case .ioError:
            return "Check the disk (dmesg, the mount), then try again. The file may well be fine: move it aside only if 'sqlite3 \(path) \"PRAGMA integrity_check\"' reports damage."
        }
    }
}
