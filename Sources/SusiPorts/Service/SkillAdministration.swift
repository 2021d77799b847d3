import Foundation

/// Adding and removing skills: a capability of a backend that keeps its own
/// skill index (the embedded SUSI). A server keeps its own skills, so for a
/// remote backend `Context.skillAdministration()` refuses instead of the
/// module downcasting the service.
public protocol SkillAdministration: AnyObject {
    /// Compiles every skill of a `models/<model>/<group>/<language>/<skill>.txt` tree (or of
    /// a plain folder of `.txt` skills) into the index in one transaction; `display`
    /// prefixes file names in the report.
    /// `defaults` place a plain folder's skills that lack `::category` / `::language` headers.
    func importSkills(fromTree directory: String, display: String?, priority: SkillPriority,
                      defaults: SkillImportDefaults) throws -> SkillImportReport
    /// Removes one imported skill (bundled skills cannot be removed).
    func removeSkill(_ ref: SkillRef) throws
    /// Removes every imported skill; returns how many went.
    func removeImportedSkills() throws -> Int
}

extension SkillAdministration {
    public func importSkills(fromTree directory: String, display: String?) throws -> SkillImportReport {
        try importSkills(fromTree: directory, display: display, priority: .normal, defaults: SkillImportDefaults())
    }

    public func importSkills(fromTree directory: String, display: String?, priority: SkillPriority) throws -> SkillImportReport {
        try importSkills(fromTree: directory, display: display, priority: priority, defaults: SkillImportDefaults())
    }
}

/// The group and language (`--group`, `--language`) for a plain folder's
/// skills without headers; nil: the built-in default (Knowledge, en).
public struct SkillImportDefaults: Sendable, Equatable {
    public var group: String?
    public var language: String?

    public init(group: String? = nil, language: String? = nil) {
        self.group = group
        self.language = language
    }

    /// A name usable as one folder of a skill's id: not blank, no `/`, not `.` or `..`.
    public static func isUsableName(_ name: String) -> Bool {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && !trimmed.contains("/") && trimmed != "." && trimmed != ".."
    }
}

/// How a whole import ranks against other skills when several answer a query:
/// a higher priority is tried first; within one priority, bundled skills come
/// before imported ones, then the reference server's ranking decides.
public enum SkillPriority: String, CaseIterable, Sendable, Encodable {
    case low, normal, high

    /// As stored: low 0, normal 1, high 2.
    public var level: Int {
        switch self {
        case .low: return 0
        case .normal: return 1
        case .high: return 2
        }
    }

    public init?(level: Int) {
        guard let found = SkillPriority.allCases.first(where: { $0.level == level }) else { return nil }
        self = found
    }
}

/// What `importSkills(fromTree:)` did.
public struct SkillImportReport: Sendable, Encodable {
    public struct Count: Sendable, Encodable, Equatable {
        public var group: String
        public var language: String
        public var skills: Int
        public var intents: Int

        public init(group: String, language: String, skills: Int, intents: Int) {
            self.group = group
            self.language = language
            self.skills = skills
            self.intents = intents
        }
    }

    /// A file or intent left out, with where and why. No line: the whole file.
    public struct Skip: Sendable, Encodable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int?
        /// What went wrong in one snake_case word (`javascript_intent`), for
        /// counting the skips by kind; `label` says it for a person.
        public var kind: String
        public var label: String
        public var reason: String
        /// The file could not be used at all (a link out of the tree, not a
        /// regular file, unreadable, binary): the import only partly succeeded.
        public var failed: Bool = false
        public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)" }

        enum CodingKeys: String, CodingKey { case file, line, kind, reason }

        public init(file: String, line: Int?, kind: String, label: String, reason: String, failed: Bool = false) {
            self.file = file
            self.line = line
            self.kind = kind
            self.label = label
            self.reason = reason
            self.failed = failed
        }
    }

    /// How many skips of one kind.
    public struct KindCount: Sendable, Equatable {
        public var kind: String
        public var label: String
        public var count: Int
    }

    /// The skips counted by kind, most first (ties by label).
    public var skippedByKind: [KindCount] {
        var counts: [String: KindCount] = [:]
        for skip in skipped {
            counts[skip.kind, default: KindCount(kind: skip.kind, label: skip.label, count: 0)].count += 1
        }
        return counts.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label }
    }

    public init() {}

    public var counts: [Count] = []
    /// The rank the imported skills were given.
    public var priority: SkillPriority = .normal
    public var skipped: [Skip] = []
    /// A plain folder of skills: the group and language given to skills
    /// without `::category` / `::language` headers; nil for a models tree.
    public var plainDefaults: (group: String, language: String)?
    /// How many skills of a plain folder took a default group or language.
    public var defaulted = 0
    /// Files skipped because they could not be used (see `Skip.failed`).
    public var failedFiles: Int { skipped.filter(\.failed).count }
    public var skills: Int { counts.reduce(0) { $0 + $1.skills } }
    public var intents: Int { counts.reduce(0) { $0 + $1.intents } }

    enum CodingKeys: String, CodingKey { case counts, skipped, skills, intents, priority }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(counts, forKey: .counts)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(skills, forKey: .skills)
        try container.encode(intents, forKey: .intents)
        try container.encode(priority, forKey: .priority)
    }
}
