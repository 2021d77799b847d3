#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A secret-holding file or its folder is not safe to use: a symbolic link,
/// readable by others, owned by someone else. Refused the way ssh refuses an
/// over-permissive key, with a hint saying how to fix it.
public struct UnsafeFileError: ReportableError, Equatable {
    public enum Problem: Equatable, Sendable {
        case symbolicLink
        case notRegularFile
        case notDirectory
        case otherOwner(uid: UInt32)
        case permissions(mode: UInt32)
    }

    public var path: String
    public var problem: Problem
    public var isDirectory: Bool

    public init(path: String, problem: Problem, isDirectory: Bool = false) {
        self.path = path
        self.problem = problem
        self.isDirectory = isDirectory
    }

    public var exitCode: ExitCode { .noPermission }

    public var message: String {
        let what = isDirectory ? "the folder \(path)" : path
        switch problem {
        case .symbolicLink:
            return "Refusing to use \(what): it is a symbolic link."
        case .notRegularFile:
            return "Refusing to use \(what): it is not a regular file."
        case .notDirectory:
            return "Refusing to use \(what): it is not a directory."
        case .otherOwner(let uid):
            return "Refusing to use \(what): it belongs to another user (uid \(uid))."
        case .permissions(let mode):
            return "Refusing to use \(what): its permissions \(String(mode, radix: 8)) let other users "
                + (isDirectory ? "into it." : "read it.")
        }
    }

    public var hint: String? {
        switch problem {
        case .symbolicLink:
            return "susi reads secrets from and writes all its files to a real file, never through a link. "
                + "Move the real file to \(path) (or remove the link), then try again."
        case .notRegularFile, .notDirectory:
            return "Move whatever is at \(path) out of the way, then try again."
        case .otherOwner:
            return "Only files you own are trusted. Move \(path) aside, then try again."
        case .permissions:
            let mode = isDirectory ? "700" : "600"
            return "Run 'chmod \(mode) \(path)' to make it private (and consider whether someone could have read it), then try again."
        }
    }
}

extension AtomicFile {
    /// Reads a file that must be private: not a symbolic link (O_NOFOLLOW),
    /// a regular file owned by the current user, with no group or other bits.
    /// Nil when it does not exist.
    public static func readPrivate(_ path: String, limit: Int = 1 << 20) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let code = Glibc.errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw UnsafeFileError(path: path, problem: .symbolicLink) }
            throw FileError.errno(path, "opening")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError.errno(path, "reading") }
        try checkPrivate(info, path: path, directory: false)
        return try readAll(fd, path: path, size: Int(info.st_size), limit: limit)
    }

    /// Makes sure `path` is a private folder: created 0700 (with its parents)
    /// when missing if `create`, then a real directory owned by the current
    /// user with no group or other bits. Returns false when it is missing and
    /// `create` is false.
    @discardableResult
    public static func ensurePrivateDirectory(_ path: String, create: Bool) throws -> Bool {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard Glibc.errno == ENOENT else { throw FileError.errno(path, "inspecting") }
            guard create else { return false }
            try createDirectory(path)
            guard lstat(path, &info) == 0 else { throw FileError.errno(path, "inspecting") }
        }
        try checkPrivate(info, path: path, directory: true)
        return true
    }

    static func checkPrivate(_ info: stat, path: String, directory: Bool) throws {
        let type = info.st_mode & S_IFMT
        if type == S_IFLNK {
            throw UnsafeFileError(path: path, problem: .symbolicLink, isDirectory: directory)
        }
        if type != (directory ? S_IFDIR : S_IFREG) {
            throw UnsafeFileError(path: path, problem: directory ? .notDirectory : .notRegularFile,
                                  isDirectory: directory)
        }
        if info.st_uid != getuid() {
            throw UnsafeFileError(path: path, problem: .otherOwner(uid: UInt32(info.st_uid)), isDirectory: directory)
        }
        if info.st_mode & 0o077 != 0 {
            throw UnsafeFileError(path: path, problem: .permissions(mode: UInt32(info.st_mode & 0o7777)),
                                  isDirectory: directory)
        }
    }
}

/// An exclusive `flock` on a lock file beside the data it guards, so that
/// read-modify-write cycles in different processes (a running shell and a
/// one-shot command) never lose each other's updates. Released by `unlock()`
/// or when the process ends.
public final class FileLock {
    public let path: String
    private var fd: Int32

    /// Blocks until the lock is ours. The lock file is created 0600 and never
    /// followed through a symbolic link.
    public init(exclusive path: String) throws {
        self.path = path
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0 {
            if Glibc.errno == ELOOP { throw UnsafeFileError(path: path, problem: .symbolicLink) }
            throw FileError.errno(path, "opening lock file")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw UnsafeFileError(path: path, problem: .notRegularFile)
        }
        if info.st_mode & 0o077 != 0 { fchmod(fd, 0o600) }
        while flock(fd, LOCK_EX) != 0 {
            if Glibc.errno == EINTR { continue }
            let error = FileError.errno(path, "locking")
            close(fd)
            throw error
        }
        self.fd = fd
    }

    public func unlock() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { unlock() }
}
