import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts
import SusiLocal
#if canImport(Glibc)
import Glibc
#endif

/// The embedded SUSI's skill names and titles for `skills info <Tab>`,
/// kept in `$XDG_CACHE_HOME/susi/completion/local-skill-names` so that a
/// Tab does not open SQLite (its open, schema read and WAL recovery were
/// most of what a skill-name `__complete` did beyond `--version`).
///
/// The cache is keyed on the database file and its `-wal` as the file
/// system describes them: device, inode, size, and modification and change
/// times in nanoseconds (`-` for a file that is not there), with the
/// language and the database's path. In WAL mode every commit writes the
/// `-wal` (a checkpoint the file itself), so every change to the skills
/// changes the key; a file put back with its old modification time still
/// has a new change time, which no one can set back. It is written only
/// when the key was the same before and after the read, and neither file
/// was modified within `settle` seconds of the read: a timestamp is as
/// coarse as the kernel's tick, and a commit's frames are written a moment
/// before readers see it, so a key taken right after a write could also
/// describe the state after a change the read did not yet see.
struct SkillNamesCache {
    /// How long the files must have been left alone before their names are cached.
    static let settle: TimeInterval = 2

    let file: String
    let database: String
    let language: String

    /// What identifies the database's content without opening it.
    struct Stamp: Equatable {
        var text: String
        /// The newest modification time of the two files, in seconds since 1970.
        var modified: TimeInterval
    }

    static func stamp(of database: String) -> Stamp {
        var text = ""
        var modified: TimeInterval = 0
        for path in [database, database + "-wal"] {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                text += "-;"
                continue
            }
            text += "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):"
                + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec);"
            modified = max(modified, TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        }
        return Stamp(text: text, modified: modified)
    }

    private func header(_ stamp: Stamp) -> [UInt8] {
        Array("susi skill names 1\t\(language)\t\(database)\t\(stamp.text)\n".utf8)
    }

    /// The cached names when the cache was written for exactly this stamp; nil otherwise.
    func load(_ stamp: Stamp) -> [CompletionCandidate]? {
        guard let bytes = try? AtomicFile.read(file) ?? nil else { return nil }
        let head = header(stamp)
        guard bytes.starts(with: head), String(validating: bytes, as: UTF8.self) != nil else { return nil }
        // Bytes, not Characters: "\r\n" is one Character and would hide a line break.
        return bytes[head.count...].split(separator: 10).map { line in
            let parts = line.split(separator: 9, maxSplits: 1, omittingEmptySubsequences: false)
            return CompletionCandidate(String(decoding: parts[0], as: UTF8.self),
                                       parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "")
        }
    }

    /// Replaces the cache; names with a tab or a line break in them are
    /// not cached (the next Tab reads the database). A failure is ignored:
    /// it is only a cache.
    func store(_ names: [CompletionCandidate], for stamp: Stamp) {
        var bytes = header(stamp)
        for name in names {
            let value = Array(name.value.utf8), description = Array(name.description.utf8)
            guard !value.isEmpty, !value.contains(where: { $0 == 9 || $0 == 10 }),
                  !description.contains(where: { $0 == 9 || $0 == 10 }) else { return }
            bytes += value
            if !description.isEmpty { bytes += [9] + description }
            bytes.append(10)
        }
        try? AtomicFile.write(bytes, to: file)
    }

    /// The names for `skills info <Tab>` from the embedded SUSI: from the
    /// scope's open backend when it has one (the shell), else from the cache
    /// when its key matches, else read from the database opened without the
    /// bundled-skills check (a Tab takes the skills as the last command left
    /// them) and cached; before the database exists, the full open.
    static func names(_ context: Context) throws -> [CompletionCandidate] {
        let language = try context.catalogueLanguage()
        if let open = context.services.openBackend(server: try context.serverName()) {
            return try listing(open, language: language)
        }
        let path = context.paths.databaseFile
        var info = stat()
        guard lstat(path, &info) == 0 else { return try listing(context.service(), language: language) }
        let cache = SkillNamesCache(file: context.paths.cacheDirectory + "/completion/local-skill-names",
                                    database: path, language: language)
        if let cached = cache.load(stamp(of: path)) { return cached }
        let service = try EmbeddedService(path: path, environment: context.environment, now: context.now,
                                          syncingBundledSkills: false)
        // Stamped after the open: as root, SQLite gives the -wal the
        // database's owner at every open, which changes its change time.
        let started = context.now().timeIntervalSince1970
        let before = stamp(of: path)
        let names = try listing(service, language: language)
        if stamp(of: path) == before, started - before.modified >= settle {
            cache.store(names, for: before)
        }
        return names
    }

    private static func listing(_ service: SusiService, language: String) throws -> [CompletionCandidate] {
        if let listing = service as? SkillNameListing {
            return try listing.skillNames(language: language).map { CompletionCandidate($0.name, $0.title ?? "") }
        }
        return try service.skills(SkillQuery(language: language)).map { CompletionCandidate($0.ref.name, $0.title ?? "") }
    }
}
