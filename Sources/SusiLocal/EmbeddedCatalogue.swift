import CSodium
import Foundation
import SusiEngine
import SusiPorts
import SusiReply
import SusiSkills
import SusiStore

extension EmbeddedService {
    // MARK: - Importing

    /// Stores skills (metadata and source) in the catalogue, replacing any
    /// with the same path. Returns how many were stored.
    @discardableResult
    func storeSkills(_ skills: [(skill: Skill, source: String)], bundled: Bool,
                     priority: SkillPriority = .normal) throws -> Int {
        let encoder = JSONEncoder()
        return try store {
            try database.transaction {
                for (skill, source) in skills {
                    if !bundled { try Self.stopWhenInterrupted() }
                    guard let ref = SkillRef(path: skill.path) else { continue }
                    // Only examples of intents that were kept: a skipped `!javascript` intent's
                    // example would be offered ("Try:") and then not answered.
                    let answering = Set(skill.intents.map(\.line))
                    let offered = skill.examples.filter { answering.contains($0.line) }.map(\.query)
                    let examples = String(decoding: try encoder.encode(offered), as: UTF8.self)
                    let meta = skill.metadata
                    try database.run("""
                    INSERT INTO skills (path, model, grp, language, name, title, description, author, author_url, image,
                                        examples, dynamic, intent_count, source, bundled, imported_at, priority)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (path) DO UPDATE SET model = excluded.model, grp = excluded.grp,
                        language = excluded.language, name = excluded.name, title = excluded.title,
                        description = excluded.description, author = excluded.author, author_url = excluded.author_url,
                        image = excluded.image, examples = excluded.examples, dynamic = excluded.dynamic,
                        intent_count = excluded.intent_count, source = excluded.source, bundled = excluded.bundled,
                        imported_at = excluded.imported_at, priority = excluded.priority
                    """, [skill.path, ref.model, ref.group, ref.language, ref.name, meta.name.nonEmpty,
                          meta.description.nonEmpty, meta.author.nonEmpty, meta.authorURL.nonEmpty, meta.image.nonEmpty,
                          examples, meta.dynamicContent, skill.intents.count, source, bundled, timestamp, priority.level])
                }
                try indexIntents(of: skills.map(\.skill), interruptible: !bundled)
                return skills.count
            }
        }
    }

    /// Keeps the bundled skills in the database in step with the ones this
    /// susi ships: re-imported whenever their content changes.
    /// `beforeWriting` runs between the read of the stored digest and the
    /// write transaction (a test's stand-in for another process).
    func syncBundledSkills(beforeWriting: () throws -> Void = {}) throws {
        guard let models = BundledSkills.modelsDirectory(environment: environment) else {
            bundledSearched = BundledSkills.candidates(environment: environment,
                                                       executable: Bundle.main.executablePath ?? CommandLine.arguments[0])
            return
        }
        let stored = try store {
            try database.query("""
            SELECT key, value FROM meta WHERE key IN ('bundled_skills', 'bundled_skills_files', 'bundled_skills_tree')
            """)
        }
        let value = { (key: String) in stored.first { $0["key"].string == key }?["value"].string }
        let current = value("bundled_skills")
        let recorded = value("bundled_skills_files")
        // Every process opens the catalogue, so the files are read only when
        // their stamp (name, inode, size, mtime and ctime, which no one can
        // set back) differs from the one stored with the content digest; and
        // while no folder changed since the last walk, its list of files is
        // stamped without listing the folders again (BundledSkillsTree).
        let tree = value("bundled_skills_tree")
        if let current, let recorded, let tree, let stamp = BundledSkillsTree.stamp(record: tree, root: models),
           recorded == stamp + " " + current {
            bundledSkillsListed = false
            return
        }
        bundledSkillsListed = true
        // The same walker as an import: SUSI_BUNDLED_SKILLS may point at any
        // tree, and nothing it links to outside itself is stored and served.
        // The walk's own `stat` of each file is the stamp's: no second one per path.
        let started = Date()
        let walked = SkillFileWalker.walkStamped(models)
        let files = walked.files.map(\.file)
        let stamp = Self.stamp(of: walked.files)
        let listing = BundledSkillsTree.record(of: walked, root: models, started: started)
        let rememberTree: () throws -> Void = { [database] in
            guard listing != tree else { return }
            if let listing {
                _ = try database.run("INSERT INTO meta (key, value) VALUES ('bundled_skills_tree', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                     [listing])
            } else {
                _ = try database.run("DELETE FROM meta WHERE key = 'bundled_skills_tree'")
            }
        }
        if let current, recorded == stamp + " " + current {
            if listing != tree { try store { try database.transaction { try rememberTree() } } }
            return
        }
        var sources: [(String, String)] = []
        var fingerprint = ""
        for file in files {
            let relative = file.relative
            let text = (try? SkillFileWalker.readText(file)) ?? ""
            sources.append((relative, text))
            fingerprint += relative + "\u{0}" + text + "\u{0}"
        }
        let digest = PasswordHasher.digest(fingerprint)
        let remember: () throws -> Void = { [database] in
            _ = try database.run("INSERT INTO meta (key, value) VALUES ('bundled_skills_files', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                             [stamp + " " + digest])
            try rememberTree()
        }
        guard current != digest else {
            try store { try database.transaction { try remember() } }
            return
        }
        let skills = sources.map { relative, text in
            (SkillParser.parse(text: text, path: "models/" + relative), text)
        }
        try beforeWriting()
        try store {
            try database.transaction {
                // Several processes started by one upgrade all see the old
                // digest; the first to take the write lock imports, and the
                // others, queued behind it, find its digest and only stamp.
                // (Four imports in a row once outlasted a writer's busy
                // timeout on a loaded machine.)
                if try database.scalar("SELECT value FROM meta WHERE key = 'bundled_skills'")?.string == digest {
                    try remember()
                    return
                }
                // Update in place so usage counts survive; drop only skills no longer shipped.
                let shipped = Set(skills.map(\.0.path))
                for row in try database.query("SELECT path FROM skills WHERE bundled = 1") {
                    guard let path = row["path"].string, !shipped.contains(path) else { continue }
                    try database.run("DELETE FROM skills WHERE path = ?", [path])
                }
                try storeSkills(skills, bundled: true)
                try database.run("INSERT INTO meta (key, value) VALUES ('bundled_skills', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                 [digest])
                try remember()
            }
        }
    }

    /// What identifies the bundled files without reading them: each one's
    /// name, inode, size, mtime and ctime (ns), as the walk found them. The
    /// bytes are those of `"\(relative)\0\(ino) \(size) \(sec).\(nsec) \(sec).\(nsec)\0"`
    /// per file, written as bytes (string interpolation per field was most
    /// of the stamp's cost in every process).
    static func stamp(of files: [(file: SkillSourceFile, info: stat)]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.count * 128)
        for (file, info) in files { appendStamp(relative: file.relative.utf8, info: info, to: &bytes) }
        return PasswordHasher.digest(bytes: bytes)
    }

    /// One entry of `stamp(of:)`'s bytes.
    static func appendStamp<Name: Collection<UInt8>>(relative: Name, info: stat, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: relative)
        bytes.append(0)
        DecimalBytes.append(UInt64(info.st_ino), to: &bytes)
        bytes.append(0x20)
        DecimalBytes.append(Int64(info.st_size), to: &bytes)
        bytes.append(0x20)
        DecimalBytes.append(Int64(info.st_mtim.tv_sec), to: &bytes)
        bytes.append(0x2E)
        DecimalBytes.append(Int64(info.st_mtim.tv_nsec), to: &bytes)
        bytes.append(0x20)
        DecimalBytes.append(Int64(info.st_ctim.tv_sec), to: &bytes)
        bytes.append(0x2E)
        DecimalBytes.append(Int64(info.st_ctim.tv_nsec), to: &bytes)
        bytes.append(0)
    }

    // MARK: - Reading

    func skillRow(_ ref: SkillRef) throws -> Row? {
        try store { try database.query("SELECT * FROM skills WHERE path = ?", [ref.path]).first }
    }

    func requireSkill(_ ref: SkillRef) throws {
        guard try skillRow(ref) != nil else { throw Self.missing(ref) }
    }

    static func missing(_ ref: SkillRef) -> ServiceError {
        ServiceError(.notFound, "There is no skill \(ref.description).",
                     hint: "See 'susi skills list' for the skills there are.")
    }

    public func groups() throws -> [String] {
        try store { try database.query("SELECT DISTINCT grp FROM skills ORDER BY grp").compactMap { $0["grp"].string } }
    }

    public func languages() throws -> [String] {
        try store { try database.query("SELECT DISTINCT language FROM skills ORDER BY language").compactMap { $0["language"].string } }
    }

    public func skills(_ query: SkillQuery) throws -> [SkillInfo] {
        // Every column but the source: a listing of the whole corpus read 5 MB of skill text it never showed.
        var sql = """
        SELECT model, grp, language, name, title, description, author, author_url, image, examples, dynamic,
               usage_count, imported_at, intent_count, path FROM skills WHERE language = ?
        """
        var parameters: [SQLBindable] = [query.language]
        if let group = query.group {
            sql += " AND grp = ? COLLATE NOCASE"
            parameters.append(group)
        }
        switch query.source {
        case .all: break
        case .bundled: sql += " AND bundled = 1"
        case .imported: sql += " AND bundled = 0"
        }
        // The examples' texts, not their JSON (whose brackets, quotes, commas and escapes matched any search).
        let examples = "ifnull((SELECT group_concat(value, ' ') FROM json_each(skills.examples)), '')"
        let filter = LikeFilter.clauses(
            for: query.search,
            on: "name || ' ' || ifnull(title, '') || ' ' || ifnull(description, '') || ' ' || ifnull(author, '') || ' ' || \(examples)")
        sql += filter.sql
        parameters += filter.parameters
        // In the table's order, whatever index finds them: the sort below keeps
        // ties (names that differ only in case) in the order the rows come.
        sql += " ORDER BY id"
        let (rows, pending) = try withPendingUsage { try store { try database.query(sql, parameters) } }
        var infos = rows.map { info($0, pending: pending) }
        let ratings = try ratingTable()
        for index in infos.indices { infos[index].rating = ratings[infos[index].ref.path] ?? SkillRating() }
        return query.ordered(infos)
    }

    public func skill(_ ref: SkillRef) throws -> SkillInfo {
        let (found, pending) = try withPendingUsage { try skillRow(ref) }
        guard let row = found else { throw Self.missing(ref) }
        var result = info(row, pending: pending)
        result.rating = try ratingTable(for: ref.path)[ref.path] ?? SkillRating()
        return result
    }

    public func skillText(_ ref: SkillRef) throws -> String {
        guard let row = try skillRow(ref) else { throw Self.missing(ref) }
        return row["source"].string ?? ""
    }

    /// Runs `read` with the uses `susi serve` has not committed yet, seen
    /// consistently with it (`GroupCommit.readingWithPendingUsage`); none
    /// without a group commit.
    /// A store that keeps the uses itself (not in the skills' rows) adds
    /// them too, read inside the same consistent view (a batch is counted
    /// once: pending or stored, never both).
    private func withPendingUsage<T>(_ read: () throws -> T) throws -> (T, [String: Int]) {
        func readBoth() throws -> (T, [String: Int]?) { (try read(), try store { try records.usageCounts() }) }
        let ((result, stored), uncommitted) = try groupCommit.map { try $0.readingWithPendingUsage(readBoth) } ?? (try readBoth(), [:])
        var pending = uncommitted
        if let stored { pending.merge(stored, uniquingKeysWith: +) }
        return (result, pending)
    }

    /// `pending`: uses not yet committed, by skill path.
    private func info(_ row: Row, pending: [String: Int]) -> SkillInfo {
        // SusiReply's parser (a JSONDecoder per row, then JSONSerialization, were most
        // of a listing's own time); anything but an array of strings gives none.
        let examples = Self.examples(row["examples"].string)
        return SkillInfo(
            ref: SkillRef(model: row["model"].string ?? "general", group: row["grp"].string ?? "",
                          language: row["language"].string ?? "", name: row["name"].string ?? ""),
            title: row["title"].string, description: row["description"].string, author: row["author"].string,
            authorURL: row["author_url"].string, image: row["image"].string, examples: examples,
            dynamicContent: row["dynamic"].int == 1,
            usageCount: (row["usage_count"].int ?? 0) + (pending[row["path"].string ?? ""] ?? 0),
            modified: row["imported_at"].double.map(Date.init(timeIntervalSince1970:)),
            intentCount: row["intent_count"].int ?? 0)
    }

    /// The stored examples (a JSON array of strings); none for anything else.
    static func examples(_ json: String?) -> [String] {
        guard let json, case .array(let items)? = try? JSONValue.parse(bytes: Array(json.utf8)) else { return [] }
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for item in items {
            guard case .string(let text) = item else { return [] }
            texts.append(text)
        }
        return texts
    }

    /// Ratings of every skill (or one), computed from the individual rows.
    func ratingTable(for path: String? = nil) throws -> [String: SkillRating] {
        try store { try records.ratings(skill: path) }
    }
}

extension Optional where Wrapped == String {
    /// Nil for nil, empty or whitespace-only text.
    var nonEmpty: String? {
        guard let self, !self.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return self
    }
}
