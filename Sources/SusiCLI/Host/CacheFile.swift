import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Caches in `$XDG_CACHE_HOME/susi`: written to a temporary file (0600, in
/// a 0700 folder) and renamed over the old one, so a reader never sees half
/// a cache. A cache that cannot be written is only slower, never an error:
/// nothing is reported, and the temporary file is removed.
enum CacheFile {
    static func write(_ bytes: [UInt8], to path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let temporary = path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == bytes.count, rename(temporary, path) == 0 { return }
        unlink(temporary)
    }
}
