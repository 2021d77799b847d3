#if canImport(Glibc)
import Glibc
#endif

/// The one way susi reads a file it reads back or is handed (a draft an
/// editor saved, a config file, a cache, a recording, a skill file): opened
/// without blocking (a FIFO in its place is refused at once instead of
/// waiting for a writer forever), never through a symbolic link where none
/// is expected (`links: .refuse`, O_NOFOLLOW: an editor or any same-user
/// process cannot swap in a link to /etc/shadow), only a regular file, at
/// most `limit` bytes, and Ctrl-C between blocks stops it.
public enum RegularFile {
    /// Whether a symbolic link at the path is followed: only for a path the
    /// user named (`listen --file`), never for a file susi made itself.
    public enum Links: Sendable, Equatable {
        case refuse
        case follow
    }

    public enum Failure: Error, Equatable {
        case missing
        case symbolicLink
        /// `kind` names what is there instead: "a FIFO", "a folder", ...
        case notRegular(kind: String)
        case tooLarge(limit: Int)
        case interrupted
        /// A system call failed: `action` ("opening", "reading") and errno.
        case system(action: String, code: Int32)

        /// Completes "Cannot read X: ..." ("it is a symbolic link").
        public var reason: String {
            switch self {
            case .missing: return "it does not exist"
            case .symbolicLink: return "it is a symbolic link"
            case let .notRegular(kind): return "it is not a regular file (\(kind))"
            case let .tooLarge(limit): return "it is larger than \(limit) bytes"
            case .interrupted: return "interrupted"
            case let .system(action, code): return "\(action) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    /// The file's bytes. `interrupted` is asked between blocks (Ctrl-C).
    public static func read(_ path: String, limit: Int, links: Links,
                            interrupted: () -> Bool = { Interrupts.isPending }) throws(Failure) -> [UInt8] {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (links == .refuse ? O_NOFOLLOW : 0)
        let fd = open(path, flags)
        if fd < 0 {
            let code = errno
            if code == ENOENT { throw .missing }
            if code == ELOOP, links == .refuse { throw .symbolicLink }
            throw .system(action: "opening", code: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(action: "reading", code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegular(kind: kind(info.st_mode)) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(limit: limit) }
        var result: [UInt8] = []
        result.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if interrupted() { throw .interrupted }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(action: "reading", code: errno)
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
            // A file that grows while it is read is bounded too.
            if result.count > limit { throw .tooLarge(limit: limit) }
        }
        return result
    }

    /// What a file type is called in a message.
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a file"
        }
    }
}
