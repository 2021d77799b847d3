import Foundation
import SusiReply

/// Skill files an author names, answered and tested in memory with nothing
/// stored (`susi chat --skill`, `susi skills test`), or sent to a server
/// with each query (`chat --skill --on-server`).
public protocol SkillAuthoring {
    /// Loads `files` (files or folders of `*.txt`) and, with `bundled`, the
    /// skills that ship with susi. Missing or unreadable paths are input errors (66).
    func workbench(files: [String], bundled: Bool) throws -> SkillBench
    /// The same, but a refused file is listed in the bench's `refused` and
    /// the rest is loaded (`skills test`); a missing path is still thrown (66).
    func testWorkbench(files: [String], bundled: Bool) throws -> SkillBench
    /// The files' text as one skill, for chat.json's `instant` parameter;
    /// refused as `workbench` refuses them (65/66), or past the request limit (65).
    func instantText(_ paths: [String]) throws -> String
    /// True when the reply's answer came from the skill sent with the request.
    func answeredFromInstant(_ reply: Reply) -> Bool
}

extension SkillAuthoring {
    public func testWorkbench(files: [String], bundled: Bool) throws -> SkillBench {
        try workbench(files: files, bundled: bundled)
    }
}

/// Loaded skill files.
public protocol SkillBench: AnyObject {
    /// Files refused while loading, as `file[:line]: reason` (see `testWorkbench`).
    var refused: [String] { get }
    /// How many skill files were loaded (with or without examples).
    var fileCount: Int { get }
    /// Problems found while reading the files, as `file:line: reason`.
    var diagnostics: [String] { get }
    /// Every `!example` query, in file order, once each.
    var exampleQueries: [String] { get }
    /// A conversation that answers from exactly these skills.
    func conversation(language: String) -> SkillChat
    /// Every `!example` of every skill, asked and graded.
    func exampleResults() -> [ExampleResult]
}

extension SkillBench {
    public var refused: [String] { [] }
}

/// One conversation with loaded skills; it keeps its own memory.
public protocol SkillChat: AnyObject {
    func ask(_ query: String, now: Date, explain: Bool) -> Reply
    /// Whether an intent of these skills would answer `query` here (the
    /// memory stays as it is), matched as a server matches its instant skill.
    func matches(_ query: String, now: Date) -> Bool
}

/// The outcome of one `!example` / `!expect` pair, as `susi skills test` reports it.
public struct ExampleResult: Encodable, Equatable, Sendable {
    public enum Status: String, Encodable, Sendable { case pass, fail, skip }
    public var file: String
    public var line: Int
    public var query: String
    public var expect: String?
    /// The first possible answer, when the skill answered.
    public var answer: String?
    public var status: Status
    public var reason: String?

    public init(file: String, line: Int, query: String, expect: String?, answer: String?, status: Status, reason: String? = nil) {
        self.file = file
        self.line = line
        self.query = query
        self.expect = expect
        self.answer = answer
        self.status = status
        self.reason = reason
    }
}
