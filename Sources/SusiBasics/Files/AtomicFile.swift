#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Failure to read or write one of susi's own files.
public struct FileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// The errno behind it, 0 when there was none.
    public var code: Int32

    public init(path: String, reason: String, code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    public var description: String { "\(path): \(reason)" }

    static func errno(_ path: String, _ action: String) -> FileError {
        let code = Glibc.errno
        return FileError(path: path, reason: "\(action) failed: \(String(cString: strerror(code)))", code: code)
    }
}

/// Writes files so that a reader sees either the old or the new contents,
/// never a torn file, with owner-only permissions whatever the umask:
/// temp file (O_EXCL, O_NOFOLLOW) → fchmod → write → fsync → rename → fsync(dir).
/// Foundation's atomic write resets permissions to 0644, so it is not used.
///
/// The one rule for every file susi writes: a symbolic link (or anything but
/// a regular file) where the file belongs is refused (`UnsafeFileError`, 77).
/// The rename would replace the link with a regular file, and writing through
/// it would change a file susi never chose; neither happens silently. Nothing
/// is ever chmod-ed by path, only the temp file through its descriptor.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
        let directory = parentDirectory(of: path)
        try createDirectory(directory)
        try refuseLink(at: path)
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileError.errno(temporary, "creating") }
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        guard fchmod(fd, mode) == 0 else {
            close(fd)
            throw FileError.errno(temporary, "setting permissions")
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if Glibc.errno == EINTR { continue }
                let error = FileError.errno(temporary, "writing")
                close(fd)
                throw error
            }
            offset += written
        }
        guard fsync(fd) == 0 else {
            let error = FileError.errno(temporary, "syncing")
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw FileError.errno(path, "replacing") }
        succeeded = true
        let dirfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// Throws `UnsafeFileError` when something other than a regular file (a
    /// symbolic link, even a dangling one; a folder; a FIFO) is at `path`.
    /// Nothing there is fine: the file is about to be created.
    public static func refuseLink(at path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw UnsafeFileError(path: path, problem: .symbolicLink)
        default: throw UnsafeFileError(path: path, problem: .notRegularFile)
        }
    }

    /// The file's bytes, or nil when it does not exist: susi's own files
    /// (config, session, caches) read as RegularFile reads them. Anything
    /// but a regular file is refused (a FIFO at once, never waited on), as
    /// is anything larger than `limit`; Ctrl-C while reading is exit 130.
    /// A symbolic link is followed (a linked config file can be read; only
    /// writes refuse it) unless `links` is `.refuse` (`UnsafeFileError`).
    public static func read(_ path: String, limit: Int = 1 << 20, links: RegularFile.Links = .follow) throws -> [UInt8]? {
        do throws(RegularFile.Failure) {
            return try RegularFile.read(path, limit: limit, links: links)
        } catch {
            switch error {
            case .missing: return nil
            case .symbolicLink: throw UnsafeFileError(path: path, problem: .symbolicLink)
            case let .notRegular(kind): throw FileError(path: path, reason: "not a regular file (\(kind))")
            case let .tooLarge(limit): throw FileError(path: path, reason: "larger than \(limit) bytes")
            case .interrupted: throw CommandError(.interrupted, "Interrupted while reading \(path).")
            case let .system(action, code):
                throw FileError(path: path, reason: "\(action) failed: \(String(cString: strerror(code)))", code: code)
            }
        }
    }

    /// Reads an open regular file to its end, refusing more than `limit` bytes.
    static func readAll(_ fd: Int32, path: String, size: Int, limit: Int) throws -> [UInt8] {
        guard size <= limit else {
            throw FileError(path: path, reason: "larger than \(limit) bytes")
        }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if Glibc.errno == EINTR { continue }
                throw FileError.errno(path, "reading")
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
            if result.count > limit { throw FileError(path: path, reason: "larger than \(limit) bytes") }
        }
        return result
    }

    /// Creates `path` and its parents with owner-only permissions.
    public static func createDirectory(_ path: String, mode: mode_t = 0o700) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw FileError(path: path, reason: "exists and is not a directory")
            }
            return
        }
        let parent = parentDirectory(of: path)
        if parent != path { try createDirectory(parent, mode: mode) }
        if mkdir(path, mode) != 0, Glibc.errno != EEXIST {
            throw FileError.errno(path, "creating directory")
        }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
