import Foundation
import SusiTestKit
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

    @Test func aGroupOrLanguageThatMatchesNothingGetsADidYouMean() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let typo = susi.run(["skills", "list", "--group", "Knowlege"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("No skill group 'Knowlege'. Did you mean 'Knowledge'?"))
        #expect(typo.stdout.isEmpty)
        let far = susi.run(["skills", "list", "--group", "Zzzzzzzz"])
        #expect(far.status == 64)
        #expect(far.stderr.contains("See 'susi skills groups'."))
        // Any case names the group.
        let anyCase = susi.run(["skills", "list", "--group", "knowledge"])
        #expect(anyCase.status == 0)
        #expect(anyCase.stdout.contains("time\tKnowledge\t"))
        let language = susi.run(["skills", "search", "time", "--language", "xx"])
        #expect(language.status == 64)
        #expect(language.stderr.contains("No skill language 'xx'. Known: all, en."))
    }

    @Test func languageAllListsEveryLanguage() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Fun/de"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "papagei\nKrah.\n".write(toFile: dir + "/papagei.txt", atomically: true, encoding: .utf8)
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        #expect(!susi.run(["skills", "list"]).stdout.contains("papagei"))
        let all = susi.run(["skills", "list", "--language", "all"])
        #expect(all.stdout.contains("papagei\tFun\tde\t"))
        #expect(all.stdout.contains("time\tKnowledge\ten\t"))
        let limited = susi.run(["skills", "list", "--language", "all", "--limit", "2"])
        #expect(limited.stdout.split(separator: "\n").count == 2)
    }

    /// With --search and no --sort, the best match comes first.
    @Test func searchingRanksByRelevance() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let ranked = susi.run(["skills", "list", "--search", "time"])
        let names = ranked.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(names.first == "time", "\(names)")
        #expect(names == susi.run(["skills", "search", "time"]).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        let byName = susi.run(["skills", "list", "--search", "time", "--sort", "name", "--reverse"])
        // An explicit --sort still wins: names Z-A.
        #expect(byName.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } == names.sorted().reversed())
    }
}
