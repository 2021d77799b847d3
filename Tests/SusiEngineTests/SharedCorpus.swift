import Foundation
import Testing
@testable import SusiEngine

/// The shared skill corpus at `<package root>/../shared/skill-corpus`, if present.
enum SharedCorpus {
    static let root: URL = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SusiEngineTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared/skill-corpus")
    }()

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("models").path)
    }

    static let missingMessage: Comment = "../shared/skill-corpus is missing (tests that read the public skill corpus need it)"

    /// Skips (with the message above) when the corpus is not beside the package.
    static var required: ConditionTrait { .enabled(if: isAvailable, missingMessage) }

    /// TSV rows without the header; fields split on TAB.
    static func rows(_ name: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst().map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    static func skill(_ relativePath: String) throws -> Skill {
        try SkillParser.parse(fileAt: root.appendingPathComponent(relativePath), id: relativePath)
    }
}
