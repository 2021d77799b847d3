import Foundation
import Testing
@testable import SusiHost

/// `susi skills list` over the bundled skills: piped, on a terminal, as
/// JSON, and with each filter.
@Suite struct ListSkillsTests {
    func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func pipedItIsOneTabSeparatedRowPerSkillSortedByName() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "list"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let rows = rows(result.stdout)
        #expect(rows.count >= 20)
        #expect(rows.allSatisfy { $0.count == 6 })
        #expect(rows.map { $0[0] } == rows.map { $0[0] }.sorted())
        #expect(rows.contains(["time", "Knowledge", "en", "-", "0", "Time"]))
        #expect(!result.stdout.contains("NAME"))
    }

    @Test func onATerminalItHasHeadersAndAlignedColumns() throws {
        let home = try TemporaryHome()
        var susi = try home.harness(["NO_COLOR": "1"])
        susi.stdoutTTY = true
        let lines = susi.run(["skills", "list", "--group", "Knowledge"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(lines.first?.contains("GROUP") == true)
        let groupColumn = try #require(lines.first?.range(of: "GROUP")).lowerBound.utf16Offset(in: lines[0])
        for line in lines.dropFirst() {
            #expect(line.utf16.count > groupColumn)
            #expect(Array(Array(line.utf16)[groupColumn..<(groupColumn + 9)]) == Array("Knowledge".utf16), "\(line)")
        }
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func jsonHasEveryFieldOfEachSkill() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "list", "--json", "--limit", "3"])
        #expect(result.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 3)
        for key in ["model", "group", "language", "name", "path", "examples", "rating"] {
            #expect(items[0][key] != nil, "\(key) missing")
        }
    }

    @Test func filtersSortingAndPaging() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let knowledge = rows(susi.run(["skills", "list", "--group", "Knowledge"]).stdout)
        #expect(!knowledge.isEmpty)
        #expect(knowledge.allSatisfy { $0[1] == "Knowledge" })

        let all = rows(susi.run(["skills", "list"]).stdout).map { $0[0] }
        #expect(rows(susi.run(["skills", "list", "--limit", "2", "--offset", "1"]).stdout).map { $0[0] } == Array(all[1...2]))
        #expect(rows(susi.run(["skills", "list", "--reverse"]).stdout).map { $0[0] } == all.reversed())

        let found = rows(susi.run(["skills", "list", "--search", "time"]).stdout).map { $0[0] }
        #expect(found.contains("time"))
        #expect(found.count < all.count)
    }

    @Test func nothingMatchingIsAnEmptyResultNotAFailure() throws {
        let home = try TemporaryHome()
        var susi = try home.harness()
        let piped = susi.run(["skills", "list", "--search", "zzzznothing"])
        #expect(piped.status == 0)
        #expect(piped.stdout.isEmpty)
        susi.stdoutTTY = true
        let shown = susi.run(["skills", "list", "--search", "zzzznothing"])
        #expect(shown.status == 0)
        #expect(shown.stderr.contains("No skills match."))
    }

    @Test func aBadOptionValueIsAUsageError() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let bad = susi.run(["skills", "list", "--limit", "0"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--limit"))
        let sort = susi.run(["skills", "list", "--sort", "stars"])
        #expect(sort.status == 64)
        #expect(sort.stderr.contains("name"))
    }
}

/// Turning what the user typed into exactly one skill (`skills info`,
/// `skills remove`, and later rate and feedback).
@Suite struct SkillResolverTests {
    /// A home where a second `time` skill lives in another group.
    func homeWithTwoTimes() throws -> (TemporaryHome, InProcess) {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Clocks/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "::name Clock time\nwhat o'clock\nIt is clock time.\n".write(toFile: dir + "/time.txt", atomically: true, encoding: .utf8)
        let susi = try home.harness()
        let imported = susi.run(["skills", "import", home.path + "/tree"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Clocks"), "\(imported.stdout) \(imported.stderr)")
        return (home, susi)
    }

    @Test(arguments: ["time", "TIME", "Time.txt", "Knowledge/time", "knowledge/en/time", "Knowledge/en/time"])
    func aSkillIsFoundByNameGroupAndLanguage(_ typed: String) throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["--json", "skills", "info", typed])
        #expect(result.status == 0, "\(typed): \(result.stderr)")
        #expect(result.stdout.contains("\"path\" : \"models/general/Knowledge/en/time.txt\""))
    }

    @Test func aNameSeveralGroupsShareListsTheCandidates() throws {
        let (home, susi) = try homeWithTwoTimes()
        defer { withExtendedLifetime(home) {} }
        let result = susi.run(["skills", "info", "time"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'time' names several skills"))
        #expect(result.stderr.contains("Clocks/time"))
        #expect(result.stderr.contains("Knowledge/time"))
        #expect(result.stdout.isEmpty)
        #expect(susi.run(["skills", "info", "Clocks/time"]).status == 0)
    }

    @Test func aTypoGetsADidYouMean() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "info", "tme"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("No skill named 'tme'. Did you mean 'time'?"))
        #expect(result.stderr.contains("susi skills list"))
    }

    @Test func anEmptyNameIsAUsageError() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "info", " "])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Name a skill."))
    }
}
