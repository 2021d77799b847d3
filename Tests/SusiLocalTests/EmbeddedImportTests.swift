import Foundation
import SusiCore
import SusiPorts
import SusiStore
import Testing
@testable import SusiLocal

/// `skills import` reads its files on several threads: what it reports and
/// stores must be what one thread reading the sorted files gives.
@Suite("Import order")
struct EmbeddedImportTests {
    @Test func filesReadOnSeveralThreadsAreReportedAndStoredInFileOrder() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let root = fixture.directory + "/tree"
        let folder = root + "/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var names: [String] = []
        for k in 0..<16 {
            let name = String(format: "s%02d.txt", k)
            names.append(name)
            // Sizes that do not follow the names, and a stray line in each file.
            let intents = (0..<((k * 7) % 16 + 1)).map { "ask \(k) number \($0)\nanswer \($0)\n" }.joined(separator: "\n")
            try "stray \(k)\n\n\(intents)".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        let cache = try service.database.scalar("PRAGMA cache_size")?.int
        let report = try service.importSkills(fromTree: root)

        #expect(report.skills == 16)
        #expect(report.skipped.map(\.file) == names.map { root + "/models/general/Fun/en/" + $0 })
        #expect(report.skipped.map(\.reason) == (0..<16).map { "warning: line without an answer is ignored: stray \($0)" })
        let stored = try fixture.raw().query("SELECT path FROM skills WHERE bundled = 0 ORDER BY id").compactMap { $0["path"].string }
        #expect(stored == names.map { "models/general/Fun/en/" + $0 })
        #expect(try fixture.raw().scalar("SELECT count(*) FROM intents i JOIN skills s ON s.id = i.skill WHERE s.bundled = 0")?.int
                == (0..<16).map { ($0 * 7) % 16 + 1 }.reduce(0, +))
        // The larger page cache is the import's only; the connection gets its own back.
        #expect(try service.database.scalar("PRAGMA cache_size")?.int == cache)
        #expect(try service.chat(ChatRequest(query: "ask 3 number 2"), token: nil).text == "answer 2")
    }
}
