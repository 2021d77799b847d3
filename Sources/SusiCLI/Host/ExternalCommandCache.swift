#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SusiBasics

/// What the PATH directories hold under the `susi-` prefix, remembered
/// between runs as shells hash commands, so a Tab on the first word does not
/// read every PATH directory (a few thousand entries in /usr/bin).
///
/// Keyed on each directory's device, inode, mtime and ctime: adding,
/// removing or renaming an entry changes the directory's mtime, so the
/// directory is read again. A directory changed less than `settleSeconds`
/// ago is read every time and not remembered: a second change within the
/// same clock tick as the first would leave its mtime as it was. Only the
/// names are remembered; each one is checked (regular file, executable) on
/// every use, so a `chmod` of a command counts at once. A cache that cannot
/// be read or written is only slower, never an error.
struct ExternalCommandCache {
    /// A directory and its entries that start with the prefix, sorted.
    struct Directory: Equatable {
        var path: String
        var stamp: String
        var entries: [String]
    }

    static let settleSeconds = 2
    static let sizeLimit = 1 << 20
    static let header = "susi-external-commands 1"

    let file: String
    let prefix: String

    /// The prefixed entries of `directory`: remembered ones when its stamp
    /// is unchanged, else read (nil: not a readable directory). `changed` is
    /// set when `directories` was updated and should be saved.
    static func entries(of directory: String, prefix: String, remembered: inout [String: Directory],
                        changed: inout Bool) -> [String]? {
        let stamp = Self.stamp(directory)
        // Settled now too: an entry is only trusted for a directory not changed
        // in the last seconds, even if the clock was set back since it was made.
        if let stamp, stamp.settled, let known = remembered[directory], known.stamp == stamp.text {
            return known.entries
        }
        guard let all = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            if remembered.removeValue(forKey: directory) != nil { changed = true }
            return nil
        }
        let entries = all.filter { $0.hasPrefix(prefix) }.sorted()
        if let stamp, stamp.settled {
            let entry = Directory(path: directory, stamp: stamp.text, entries: entries)
            if remembered[directory] != entry {
                remembered[directory] = entry
                changed = true
            }
        } else if remembered.removeValue(forKey: directory) != nil {
            changed = true
        }
        return entries
    }

    /// Device, inode, mtime and ctime of a directory (following links, as
    /// the PATH lookup does), and whether its last change is old enough to trust.
    static func stamp(_ directory: String) -> (text: String, settled: Bool)? {
        var info = stat()
        guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        let text = "\(info.st_dev):\(info.st_ino):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):"
            + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        let now = time(nil)
        return (text, Int(now) - Int(info.st_mtim.tv_sec) >= settleSeconds)
    }

    // MARK: - The file

    /// The remembered directories, by path; empty when the file is missing,
    /// too large, for another prefix or not in this format. Fields are
    /// separated by NUL, which no file name or path holds.
    func load() -> [String: Directory] {
        // A FIFO or link in its place is no cache (never waited on or followed).
        guard let data = try? RegularFile.read(file, limit: Self.sizeLimit, links: .refuse) else { return [:] }
        let fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count >= 2, fields[0] == Self.header, fields[1] == prefix else { return [:] }
        var result: [String: Directory] = [:]
        var index = 2
        while index + 2 < fields.count {
            let path = fields[index], stamp = fields[index + 1]
            guard let count = Int(fields[index + 2]), count >= 0, index + 3 + count <= fields.count else { return [:] }
            result[path] = Directory(path: path, stamp: stamp, entries: Array(fields[(index + 3)..<(index + 3 + count)]))
            index += 3 + count
        }
        return result
    }

    /// Written to a temporary file (0600, in a 0700 folder) and renamed.
    func save(_ directories: [Directory]) {
        var fields = [Self.header, prefix]
        for directory in directories {
            fields += [directory.path, directory.stamp, String(directory.entries.count)] + directory.entries
        }
        let bytes = Array(fields.joined(separator: "\u{0}").utf8)
        guard bytes.count <= Self.sizeLimit else { return }
        CacheFile.write(bytes, to: file)
    }
}
