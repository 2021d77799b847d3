import Foundation
import SusiCore
import SusiEngine
import SusiStore

/// What `importSkills(fromTree:)` did.
public struct SkillImportReport: Sendable, Encodable {
    public struct Count: Sendable, Encodable, Equatable {
        public var group: String
        public var language: String
        public var skills: Int
        public var intents: Int
    }

    /// A file or intent left out, with where and why. Line 0 stands for the whole file.
    public struct Skip: Sendable, Encodable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String
        public var description: String { "\(file):\(line): \(reason)" }
    }

    public var counts: [Count] = []
    public var skipped: [Skip] = []
    public var skills: Int { counts.reduce(0) { $0 + $1.skills } }
    public var intents: Int { counts.reduce(0) { $0 + $1.intents } }

    enum CodingKeys: String, CodingKey { case counts, skipped, skills, intents }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(counts, forKey: .counts)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(skills, forKey: .skills)
        try container.encode(intents, forKey: .intents)
    }
}

extension EmbeddedService {
    /// Compiles every skill of a `models/<model>/<group>/<language>/<skill>.txt` tree into
    /// the index in one transaction. `directory` is the tree's `models` folder or its
    /// parent. A skill imported before under the same path is replaced; bundled skills
    /// are never overwritten. `display` prefixes file names in the report.
    public func importSkills(fromTree directory: String, display: String? = nil) throws -> SkillImportReport {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        var root = directory
        if manager.fileExists(atPath: directory + "/models", isDirectory: &isDirectory), isDirectory.boolValue {
            root = directory + "/models"
        } else if (directory as NSString).lastPathComponent != "models" {
            throw ServiceError(.invalidInput, "No models folder in '\(display ?? directory)'.",
                               hint: "Skills are imported from a tree laid out as models/<model>/<group>/<language>/<skill>.txt.")
        }
        guard manager.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ServiceError(.notFound, "Cannot read '\(display ?? directory)': no such folder.")
        }
        let shownRoot = (display ?? directory) + (root == directory ? "" : "/models")
        let files = (manager.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".txt") }.sorted()
        let bundled = Set(try store { try database.query("SELECT path FROM skills WHERE bundled = 1") }.compactMap { $0["path"].string })

        var report = SkillImportReport()
        var parsed: [(skill: Skill, source: String)] = []
        for relative in files {
            let shown = shownRoot + "/" + relative
            func skip(_ line: Int, _ reason: String) { report.skipped.append(.init(file: shown, line: line, reason: reason)) }
            let id = "models/" + relative
            guard relative.split(separator: "/", omittingEmptySubsequences: false).count == 4, SkillRef(path: id) != nil else {
                skip(0, "not in the models/<model>/<group>/<language>/<skill>.txt layout; file skipped")
                continue
            }
            if bundled.contains(id) {
                skip(0, "a bundled skill has this path; file skipped")
                continue
            }
            // Read with the skill-file size limit, never more.
            let data: [UInt8]
            do {
                guard let bytes = try AtomicFile.read(root + "/" + relative, limit: SkillFiles.sizeLimit) else {
                    skip(0, "cannot read the file; file skipped")
                    continue
                }
                data = bytes
            } catch let error as FileError where error.reason.hasPrefix("larger") {
                skip(0, "larger than \(SkillFiles.sizeLimit >> 20) MiB, the limit for a skill file; file skipped")
                continue
            } catch {
                skip(0, "cannot read the file; file skipped")
                continue
            }
            var text = String(decoding: data, as: UTF8.self)
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            let skill = SkillParser.parse(text: text, path: id)
            // The parser reports every intent it leaves out (and lines it ignores) as a diagnostic.
            for diagnostic in skill.diagnostics { skip(diagnostic.line, "\(diagnostic.severity.rawValue): \(diagnostic.message)") }
            if skill.intents.isEmpty {
                skip(0, "no usable intent; file skipped")
                continue
            }
            parsed.append((skill, text))
        }
        try store {
            try database.transaction {
                try storeSkills(parsed, bundled: false)
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
        return report
    }

    /// Removes one imported skill and its intents. Bundled skills ship with susi and stay.
    public func removeSkill(_ ref: SkillRef) throws {
        guard let row = try skillRow(ref) else { throw Self.missing(ref) }
        if row["bundled"].int == 1 {
            throw ServiceError(.invalidInput, "\(ref.description) ships with susi and cannot be removed.",
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
