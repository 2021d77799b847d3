import Foundation
import Testing

/// The package root, found from this file's path (Tests/SusiTestKit/).
public let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// `../shared` beside the checkout: present here and in CI, absent in a
/// clone elsewhere, where these tests are skipped with this message.
public enum SharedData {
    public static let corpus: URL = URL(fileURLWithPath: packageRoot)
        .deletingLastPathComponent()
        .appendingPathComponent("shared/skill-corpus")

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("cases.tsv").path)
    }

    public static let skipNote: Comment = "skipped: ../shared/skill-corpus is missing beside the checkout"

    public static func rows(_ name: String) throws -> [[String]] {
        let text = try String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    public static func skillPath(_ relative: String) -> String {
        corpus.appendingPathComponent(relative).path
    }
}
