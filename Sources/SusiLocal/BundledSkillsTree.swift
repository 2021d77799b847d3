import Foundation
import SusiEngine

/// The bundled skills' folders and files as a walk last listed them (kept
/// in `meta` as `bundled_skills_tree`), so that a process finding every
/// folder unchanged stamps the files from the list, one `fstatat` each,
/// instead of listing every folder again: the walk's opens, listings and
/// closes were most of the bundled-skills check, and the check runs in
/// every process that opens the catalogue.
///
/// A folder's entries change only with its mtime and ctime (adding,
/// removing or renaming an entry sets both, and no one can set a ctime
/// back), so equal folder stamps mean the same names; a file's content is
/// then checked by the same stamp as a walk's. A folder is trusted only
/// when it had settled before the walk listed it: file times come from a
/// clock that ticks every few milliseconds (seconds on some file systems),
/// and a change in the tick of the listing could leave the times as they
/// were.
enum BundledSkillsTree {
    /// How long before the walk a folder must have last changed to be listed here.
    static let settleSeconds = 2

    /// The record of `walked` (a walk of `root` begun at `started`, wall
    /// clock), or nil when it could not be replayed by `stamp(record:root:)`:
    /// something refused, a link (its target is stamped, not its path), a
    /// name with a newline, or a folder changed within `settleSeconds` of
    /// the walk.
    static func record(of walked: (files: [(file: SkillSourceFile, info: stat)], refused: [SkillFileRefusal],
                                   folders: [(relative: String, info: stat)]),
                       root: String, started: Date) -> String? {
        guard walked.refused.isEmpty, !walked.folders.isEmpty else { return nil }
        let settled = Int64(started.timeIntervalSince1970.rounded(.down)) - Int64(settleSeconds)
        var lines: [String] = [""]  // the folders' digest, below
        lines.reserveCapacity(1 + walked.folders.count + walked.files.count)
        var folderStamp: [UInt8] = []
        for (relative, info) in walked.folders {
            guard !relative.utf8.contains(0x0A),
                  Int64(info.st_mtim.tv_sec) < settled, Int64(info.st_ctim.tv_sec) < settled else { return nil }
            EmbeddedService.appendStamp(relative: relative.utf8, info: info, to: &folderStamp)
            lines.append("d " + relative)
        }
        lines[0] = PasswordHasher.digest(bytes: folderStamp)
        let prefix = root + "/"
        for (file, _) in walked.files {
            guard !file.relative.utf8.contains(0x0A), file.path == prefix + file.relative else { return nil }
            lines.append("f " + file.relative)
        }
        return lines.joined(separator: "\n")
    }

    /// The files' stamp (`EmbeddedService.stamp(of:)` of a walk of `root`)
    /// worked out from `record` without listing a folder, or nil when the
    /// record no longer holds: a folder's stamp moved, or an entry is gone
    /// or is no longer a folder or a regular file (then the caller walks).
    /// The record is read as bytes, each line's name handed to `fstatat`
    /// in place (splitting it as a String, by Character, cost more than the
    /// walk it replaces).
    static func stamp(record: String, root: String) -> String? {
        var bytes = Array(record.utf8)
        guard let digestEnd = bytes.firstIndex(of: 0x0A) else { return nil }
        let digest = String(decoding: bytes[..<digestEnd], as: UTF8.self)
        bytes.append(0x0A)  // every line ends in a newline, each made a NUL below
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var folderStamp: [UInt8] = []
        var fileStamp: [UInt8] = []
        fileStamp.reserveCapacity(bytes.count * 2)
        let complete = bytes.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var start = digestEnd + 1
            guard start < buffer.count - 1 else { return false }
            while start < buffer.count {
                var end = start
                while buffer[end] != 0x0A { end += 1 }
                guard end - start >= 2, buffer[start + 1] == 0x20 else { return false }
                let kind = buffer[start]
                buffer[end] = 0
                let name = UnsafeBufferPointer(rebasing: buffer[(start + 2)..<end])
                var info = stat()
                let found = (base + start + 2).withMemoryRebound(to: CChar.self, capacity: end - start - 1) { path in
                    name.isEmpty ? fstat(descriptor, &info) : fstatat(descriptor, path, &info, AT_SYMLINK_NOFOLLOW)
                }
                guard found == 0 else { return false }
                switch (kind, info.st_mode & S_IFMT) {
                case (0x64, S_IFDIR):  // "d "
                    EmbeddedService.appendStamp(relative: name, info: info, to: &folderStamp)
                case (0x66, S_IFREG) where !name.isEmpty:  // "f "
                    EmbeddedService.appendStamp(relative: name, info: info, to: &fileStamp)
                default:
                    return false
                }
                start = end + 1
            }
            return true
        }
        guard complete, PasswordHasher.digest(bytes: folderStamp) == digest else { return nil }
        return PasswordHasher.digest(bytes: fileStamp)
    }
}
