#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A skill file found in a tree, or named on the command line.
public struct SkillSourceFile: Sendable, Equatable {
    /// The path below the walked folder (`general/Fun/en/parrot.txt`).
    public var relative: String
    /// Where the bytes are read from: the file itself, or the in-tree file a
    /// link inside the tree points at.
    public var path: String

    public init(relative: String, path: String) {
        self.relative = relative
        self.path = path
    }
}

/// A file left out, and why. `line` is where the problem is, when it is in
/// the file's text (an invalid byte); nil when it is the whole file.
public struct SkillFileRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A symbolic link out of the tree, to a folder, or to nothing.
        case link
        /// A FIFO, socket, device or anything else that is not a regular file.
        case notRegular
        /// The bytes could not be read (permissions, I/O error, too large).
        case unreadable
        /// NUL bytes or invalid UTF-8: not a text file.
        case binary
    }

    public var file: String
    public var line: Int?
    public var kind: Kind
    public var reason: String

    public init(file: String, line: Int? = nil, kind: Kind, reason: String) {
        self.file = file
        self.line = line
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)" }
}

/// The one tree walker behind `skills import`, `skills test DIR`,
/// `chat --skill DIR` and the bundled skills. Skill trees come from third
/// parties, and git stores symbolic links, so a link is followed only when
/// it points at a regular file inside the same tree; a link that leaves the
/// tree (`shadow.txt -> /etc/shadow`), a link to a folder (which could loop)
/// and anything but a regular file (a FIFO would block the read forever) are
/// refused with the reason. Reads never follow a link at the last step, never
/// block on a FIFO swapped in after the walk, and are bounded.
public enum SkillFileWalker {
    /// The largest skill file read (the biggest public one is 2.7 MB).
    public static let sizeLimit = 16 << 20

    /// Every `.txt` file below `root`, sorted by relative path, and every
    /// candidate refused. `root` itself may be a link (the user named it).
    public static func walk(_ root: String) -> (files: [SkillSourceFile], refused: [SkillFileRefusal]) {
        let walked = walkStamped(root)
        return (walked.files.map(\.file), walked.refused)
    }

    /// As `walk`, with each file's `stat` as the walk took it (of the file
    /// itself, or of the in-tree file a link points at), for a caller that
    /// stamps the files (the bundled skills' check) without a second `stat`
    /// of each path; and each folder it listed, with its `stat` (the root's
    /// relative path is ""), in the order they were listed.
    ///
    /// Each folder is opened once (`O_NOFOLLOW` below the root) and its
    /// entries are looked at through its descriptor (`fstatat`, `openat`),
    /// so the kernel resolves one name per call instead of the whole path
    /// again; the root's real path, which only links are checked against, is
    /// resolved when the first link is met.
    public static func walkStamped(_ root: String)
        -> (files: [(file: SkillSourceFile, info: stat)], refused: [SkillFileRefusal], folders: [(relative: String, info: stat)]) {
        var files: [(file: SkillSourceFile, info: stat)] = []
        var refused: [SkillFileRefusal] = []
        var folders: [(relative: String, info: stat)] = []
        let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
        if rootDescriptor < 0 {
            let code = errno
            // A root that does not resolve (missing, a dangling link) has no files and nothing refused.
            guard realPath(root) != nil else { return ([], [], []) }
            return ([], [SkillFileRefusal(file: root, kind: .unreadable,
                                          reason: "cannot read the folder: \(String(cString: strerror(code)))")], [])
        }
        var rootInfo = stat()
        if fstat(rootDescriptor, &rootInfo) == 0 { folders.append(("", rootInfo)) }
        var resolvedRoot: String??
        func realRoot() -> String? {
            if let resolvedRoot { return resolvedRoot }
            let found = realPath(root)
            resolvedRoot = .some(found)
            return found
        }
        /// Takes over `descriptor` (closed before it returns).
        func visit(_ descriptor: Int32, _ directory: String, _ prefix: String) {
            guard let handle = fdopendir(descriptor) else {
                let code = errno
                close(descriptor)
                refused.append(SkillFileRefusal(file: prefix.isEmpty ? root : prefix, kind: .unreadable,
                                                reason: "cannot read the folder: \(String(cString: strerror(code)))"))
                return
            }
            defer { closedir(handle) }
            let folder = dirfd(handle)
            for name in entries(of: handle).sorted() {
                let path = directory + "/" + name
                let relative = prefix.isEmpty ? name : prefix + "/" + name
                var info = stat()
                guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let isSkill = name.hasSuffix(".txt")
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
                    guard child >= 0 else {
                        refused.append(SkillFileRefusal(file: relative, kind: .unreadable,
                                                        reason: "cannot read the folder: \(String(cString: strerror(errno)))"))
                        continue
                    }
                    folders.append((relative, info))
                    visit(child, path, relative)
                case S_IFREG:
                    if isSkill { files.append((SkillSourceFile(relative: relative, path: path), info)) }
                case S_IFLNK:
                    guard let realRoot = realRoot() else { continue }
                    switch linkTarget(path, inside: realRoot) {
                    case .success(let (target, isDirectory)):
                        if isDirectory {
                            refused.append(SkillFileRefusal(file: relative, kind: .link,
                                                            reason: "a symbolic link to a folder; not followed"))
                        } else if isSkill {
                            var targetInfo = stat()
                            guard stat(target, &targetInfo) == 0 else { continue }
                            files.append((SkillSourceFile(relative: relative, path: target), targetInfo))
                        }
                    case .failure(let refusal):
                        if isSkill || refusal.reason.contains("folder") {
                            refused.append(SkillFileRefusal(file: relative, kind: .link, reason: refusal.reason))
                        }
                    }
                default:
                    if isSkill {
                        refused.append(SkillFileRefusal(file: relative, kind: .notRegular,
                                                        reason: "not a regular file (\(typeName(info.st_mode))); file skipped"))
                    }
                }
            }
        }
        visit(rootDescriptor, root, "")
        return (files.sorted { $0.file.relative < $1.file.relative }, refused.sorted { $0.file < $1.file }, folders)
    }

    /// A file named on the command line: the user chose it, so a link is
    /// followed wherever it points, but it must end at a regular file.
    public static func named(_ path: String, shown: String) throws(SkillFileRefusal) -> SkillSourceFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw SkillFileRefusal(file: shown, kind: .unreadable, reason: "cannot read: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw SkillFileRefusal(file: shown, kind: .notRegular, reason: "not a regular file (\(typeName(info.st_mode)))")
        }
        return SkillSourceFile(relative: shown, path: realPath(path) ?? path)
    }

    /// The file's text. Refused: anything but a regular file at the time of
    /// reading (the last step is not followed: `path` is already resolved),
    /// more than `sizeLimit` bytes, a NUL byte or invalid UTF-8 (with the line
    /// it is on). A leading byte-order mark is dropped.
    public static func readText(_ file: SkillSourceFile) throws(SkillFileRefusal) -> String {
        func refuse(_ kind: SkillFileRefusal.Kind, _ reason: String, line: Int? = nil) -> SkillFileRefusal {
            SkillFileRefusal(file: file.relative, line: line, kind: kind, reason: reason)
        }
        let fd = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ELOOP { throw refuse(.link, "became a symbolic link while reading; file skipped") }
            throw refuse(.unreadable, "cannot read: \(String(cString: strerror(errno))); file skipped")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw refuse(.notRegular, "not a regular file (\(typeName(info.st_mode))); file skipped")
        }
        guard Int(info.st_size) <= sizeLimit else {
            throw refuse(.unreadable, "larger than \(sizeLimit >> 20) MiB; file skipped")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw refuse(.unreadable, "cannot read: \(String(cString: strerror(errno))); file skipped")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > sizeLimit { throw refuse(.unreadable, "larger than \(sizeLimit >> 20) MiB; file skipped") }
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw refuse(.binary, "binary data (a NUL byte), not a skill file; file skipped", line: line(of: nul, in: bytes))
        }
        guard var text = String(validating: bytes, as: UTF8.self) else {
            let bad = firstInvalidUTF8(bytes)
            throw refuse(.binary, "not UTF-8 text (invalid byte 0x\(String(bytes[bad], radix: 16, uppercase: true))); file skipped",
                         line: line(of: bad, in: bytes))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    // MARK: - Helpers

    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The offset of the first byte that does not start or continue a valid sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count,
                  String(validating: bytes[index..<index + length], as: UTF8.self) != nil else { return index }
            index += length
        }
        return max(0, bytes.count - 1)
    }

    static func typeName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        default: return "an unknown kind of file"
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in an open folder, without "." and "..".
    static func entries(of handle: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Where a link inside the tree ends, if that is inside `root`.
    static func linkTarget(_ path: String, inside root: String) -> Result<(String, Bool), SkillFileRefusal> {
        func refused(_ reason: String) -> Result<(String, Bool), SkillFileRefusal> {
            .failure(SkillFileRefusal(file: path, kind: .link, reason: reason))
        }
        guard let target = realPath(path) else {
            return refused("a symbolic link to nothing (\(String(cString: strerror(errno)))); file skipped")
        }
        guard target.hasPrefix(root == "/" ? "/" : root + "/") else {
            var info = stat()
            let isDirectory = stat(target, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            return refused(isDirectory ? "a symbolic link to a folder outside the tree; not followed"
                                       : "a symbolic link out of the tree; file skipped")
        }
        var info = stat()
        guard stat(target, &info) == 0 else { return refused("a symbolic link to nothing; file skipped") }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .success((target, true))
        case S_IFREG: return .success((target, false))
        default: return refused("a symbolic link to \(typeName(info.st_mode)); file skipped")
        }
    }
}
