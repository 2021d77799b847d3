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
