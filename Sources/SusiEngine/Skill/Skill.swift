/// A parsed skill file.
public struct Skill: Sendable {
    /// The skill id: the path it was loaded from (relative to the models tree when loaded as a tree).
    public let path: String
    /// From the folder name after the group, as the reference does; "en" when unknown.
    public let language: String
    public var metadata = SkillMetadata()
    public var intents: [Intent] = []
    public var diagnostics: [Diagnostic] = []
    /// Every `!example:` with its `!expect:` and the intent line, including intents that cannot answer.
    public var examples: [SkillExample] = []

    public init(path: String, language: String) {
        self.path = path
        self.language = language
    }
}

public struct SkillExample: Sendable, Equatable, Codable {
    public var query: String
    public var expect: String?
    public var line: Int
}

/// How a skill file is read.
public struct SkillReadOptions: Sendable {
    /// The reference drops bare `*` catch-all patterns from skill-repository files; only
    /// built-in and instant skills may declare them.
    public var allowCatchAll = false

    public init(allowCatchAll: Bool = false) {
        self.allowCatchAll = allowCatchAll
    }
}
