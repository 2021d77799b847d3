import Foundation
import SusiBasics
import SusiEngine
import SusiPorts
import SusiStore

extension EmbeddedService: SkillAdministration {
    /// Compiles every skill of a `models/<model>/<group>/<language>/<skill>.txt` tree into
    /// the index in one transaction. `directory` is the tree's `models` folder or its
    /// parent, or a plain folder of `.txt` skills (see `PlainSkillFolder`). A skill imported before under the same path is replaced; bundled skills
    /// are never overwritten. `display` prefixes file names in the report; `priority`
    /// ranks every skill of this import (see `SkillPriority`).
    public func importSkills(fromTree directory: String, display: String? = nil,
                             priority: SkillPriority = .normal,
                             defaults: SkillImportDefaults = SkillImportDefaults()) throws -> SkillImportReport {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw CommandError(.noInput, "Cannot read '\(display ?? directory)': no such folder.")
        }
        guard isDirectory.boolValue else {
            throw CommandError(.noInput, "Cannot import '\(display ?? directory)': it is not a folder.",
                               hint: "Skills are imported from a tree laid out as models/<model>/<group>/<language>/<skill>.txt.")
        }
        let fallbackGroup = defaults.group ?? PlainSkillFolder.defaultGroup
        let fallbackLanguage = defaults.language ?? PlainSkillFolder.defaultLanguage
        var root = directory
        var plain = false
        if manager.fileExists(atPath: directory + "/models", isDirectory: &isDirectory), isDirectory.boolValue {
            root = directory + "/models"
        } else if (directory as NSString).lastPathComponent != "models" {
            plain = true
        }
        let shownRoot = (display ?? directory) + (root == directory ? "" : "/models")
        // The walk is over the tree the user named (its models folder), so a
        // link from models/ to a sibling of it counts as leaving the tree.
        let walk = SkillFileWalker.walk(root)
        if plain, let why = PlainSkillFolder.nothingToRead(walk, directory: directory) {
            throw CommandError(.noInput, "No skills to import: '\(display ?? directory)' \(why).",
                               hint: "Import a folder of skill .txt files, or a tree laid out as models/<model>/<group>/<language>/<skill>.txt.")
        }
        let bundled = Set(try store { try database.query("SELECT path FROM skills WHERE bundled = 1") }.compactMap { $0["path"].string })

        var report = SkillImportReport()
        report.priority = priority
        for refusal in walk.refused {
            report.skipped.append(.refused(refusal, shown: shownRoot + "/" + refusal.file))
        }
        // Files are read and parsed on a few threads (most of an import's time);
        // the report and the stored order follow the sorted file list as before.
        enum Step { case skip(kind: String, label: String, reason: String), read(Int) }
        var steps: [(shown: String, step: Step)] = []
        var jobs: [SkillBatchReader.Job] = []
        for file in walk.files {
            try Self.stopWhenInterrupted()
            let relative = file.relative
            let shown = shownRoot + "/" + relative
            if plain {
                // Ids are settled once the headers are read (below).
                guard let id = PlainSkillFolder.provisionalID(relative) else {
                    steps.append((shown, .skip(kind: "layout", label: "file in a subfolder",
                                               reason: "in a subfolder of a plain folder of skills; file skipped")))
                    continue
                }
                steps.append((shown, .read(jobs.count)))
                jobs.append(.init(file: file, id: id))
                continue
            }
            let id = "models/" + relative
            guard relative.split(separator: "/", omittingEmptySubsequences: false).count == 4, SkillRef(path: id) != nil else {
                steps.append((shown, .skip(kind: "layout", label: "file outside the models layout",
                                           reason: "not in the models/<model>/<group>/<language>/<skill>.txt layout; file skipped")))
                continue
            }
            if bundled.contains(id) {
                steps.append((shown, .skip(kind: "bundled_path", label: "file at a bundled skill's path",
                                           reason: "a bundled skill has this path; file skipped")))
                continue
            }
            steps.append((shown, .read(jobs.count)))
            jobs.append(.init(file: file, id: id))
        }
        let outcomes = SkillBatchReader.read(jobs, shouldStop: { Interrupts.isPending })
        if outcomes.contains(where: { $0 == nil }) { throw Self.cancelled }
        var parsed: [(skill: Skill, source: String)] = []
        for (shown, step) in steps {
            func skip(_ line: Int?, _ kind: String, _ label: String, _ reason: String) {
                report.skipped.append(.init(file: shown, line: line, kind: kind, label: label, reason: reason))
            }
            var skill: Skill, text: String
            var defaulted = false
            switch step {
            case .skip(let kind, let label, let reason):
                skip(nil, kind, label, reason)
                continue
            case .read(let index):
                switch outcomes[index] {
                case .refused(let error)?:
                    report.skipped.append(.refused(error, shown: shown))
                    continue
                case .parsed(let found, let source)?:
                    (skill, text) = (found, source)
                    if plain {
                        let placed = PlainSkillFolder.place(skill, source: source, group: fallbackGroup,
                                                             language: fallbackLanguage)
                        defaulted = placed.defaulted
                        if bundled.contains(placed.skill.path) {
                            skip(nil, "bundled_path", "file at a bundled skill's path",
                                 "its headers name a bundled skill's path (\(placed.skill.path)); file skipped")
                            continue
                        }
                        skill = placed.skill
                    }
                case nil:
                    throw Self.cancelled
                }
            }
            // The parser reports every intent it leaves out (and lines it ignores) as a diagnostic.
            for diagnostic in skill.diagnostics {
                skip(diagnostic.line, diagnostic.kind.rawValue, diagnostic.kind.label, "\(diagnostic.severity.rawValue): \(diagnostic.message)")
            }
            if skill.intents.isEmpty {
                skip(nil, "no_intent", "file without a usable intent", "no usable intent; file skipped")
                continue
            }
            parsed.append((skill, text))
            if defaulted { report.defaulted += 1 }
        }
        if plain, parsed.isEmpty, report.failedFiles == 0 {
            throw CommandError(.dataError, "No skill in '\(display ?? directory)' has a usable intent; nothing was imported.",
                               hint: "A skill file holds blocks of a query line followed by answer lines:\n"
                                   + report.skipped.map { UntrustedText.line($0.description) }.joined(separator: "\n"))
        }
        try Self.stopWhenInterrupted()
        try store {
            // The one transaction writes about 14 MB for the public corpus: a page
            // cache that holds it spares spilling pages to the WAL and reading
            // them back mid-transaction. The connection's own size is put back.
            let cache = try database.scalar("PRAGMA cache_size")?.int
            try database.execute("PRAGMA cache_size = -65536")
            defer { if let cache { try? database.execute("PRAGMA cache_size = \(cache)") } }
            try database.transaction {
                try storeSkills(parsed, bundled: false, priority: priority)
            }
        }
        var counts: [String: SkillImportReport.Count] = [:]
        for (skill, _) in parsed {
            guard let ref = SkillRef(path: skill.path) else { continue }
            let key = ref.group + "\u{0}" + ref.language
            counts[key, default: .init(group: ref.group, language: ref.language, skills: 0, intents: 0)].skills += 1
            counts[key]?.intents += skill.intents.count
        }
        report.counts = counts.values.sorted { ($0.group, $0.language) < ($1.group, $1.language) }
        if plain { report.plainDefaults = (fallbackGroup, fallbackLanguage) }
        return report
    }

    /// Ctrl-C while an import runs in `susi shell` (or wherever Ctrl-C is an
    /// event rather than the end of the process): the import stops, and as
    /// its one transaction is not committed, nothing of it is stored.
    static func stopWhenInterrupted() throws {
        guard Interrupts.isPending else { return }
        throw cancelled
    }

    static var cancelled: CommandError { CommandError(.interrupted, "Import cancelled; no skill of it was stored.") }

    /// Removes one imported skill and its intents. Bundled skills ship with susi and stay.
    public func removeSkill(_ ref: SkillRef) throws {
        guard let row = try skillRow(ref) else { throw Self.missing(ref) }
        if row["bundled"].int == 1 {
            // Not a usage mistake (the name was right): the skill's state says no (exit 1).
            throw ServiceError(.conflict, "\(ref.description) ships with susi and cannot be removed.",
                               hint: "Only skills added with 'susi skills import' can be removed.")
        }
        try store { try database.transaction { try database.run("DELETE FROM skills WHERE path = ?", [ref.path]) } }
    }

    /// Removes every imported skill; returns how many there were.
    @discardableResult
    public func removeImportedSkills() throws -> Int {
        try store { try database.transaction { try database.run("DELETE FROM skills WHERE bundled = 0") } }
    }
}

extension SkillImportReport.Skip {
    /// A file the walker or the read refused: the import only partly succeeded.
    static func refused(_ refusal: SkillFileRefusal, shown: String) -> Self {
        let (kind, label) = switch refusal.kind {
        case .link: ("link", "symbolic link not followed")
        case .notRegular: ("not_regular", "not a regular file")
        case .unreadable: ("unreadable", "unreadable file")
        case .binary: ("binary", "binary file")
        }
        return .init(file: shown, line: refusal.line, kind: kind, label: label, reason: refusal.reason, failed: true)
    }
}
