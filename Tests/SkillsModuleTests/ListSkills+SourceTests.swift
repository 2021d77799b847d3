import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

/// `skills list --source bundled|imported|all`.
@Suite("skills list --source")
struct ListSkillsSourceTests {
    func names(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
    }

    func importedHome() throws -> (TemporaryHome, InProcess) {
        let home = try TemporaryHome()
        for (language, name) in [("en", "parrot"), ("de", "papagei")] {
            let dir = home.path + "/tree/models/general/Fun/\(language)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data("\(name) hello\nKrah.\n".utf8).write(to: URL(fileURLWithPath: "\(dir)/\(name).txt"))
        }
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        return (home, susi)
    }

    @Test func bundledImportedAndAll() throws {
        let (home, susi) = try importedHome()
        defer { withExtendedLifetime(home) {} }
        let all = names(susi.run(["skills", "list"]).stdout)
        #expect(all.contains("parrot") && all.contains("time"))
        #expect(names(susi.run(["skills", "list", "--source", "all"]).stdout) == all)

        let imported = susi.run(["skills", "list", "--source", "imported"])
        #expect(imported.status == 0)
        #expect(names(imported.stdout) == ["parrot"])
        #expect(names(susi.run(["skills", "list", "--source", "imported", "--language", "all"]).stdout) == ["papagei", "parrot"])

        let bundled = names(susi.run(["skills", "list", "--source", "bundled"]).stdout)
        #expect(bundled.contains("time"))
        #expect(!bundled.contains("parrot"))
        #expect(Set(bundled).union(["parrot"]) == Set(all))
        // With the other filters and as JSON.
        let json = susi.run(["--json", "skills", "list", "--source", "imported", "--search", "parrot"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["parrot"])
    }

    @Test func withNothingImportedTheImportedListIsEmpty() throws {
        let home = try TemporaryHome()
        var susi = try home.harness()
        let piped = susi.run(["skills", "list", "--source", "imported"])
        #expect(piped == InProcess.Result(stdout: "", stderr: "", status: 0))
        susi.stdoutTTY = true
        #expect(susi.run(["skills", "list", "--source", "imported"]).stderr == "No skills match.\n")
    }

    @Test func aBadValueIsAUsageErrorNamingTheAllowedOnes() throws {
        let (home, susi) = try importedHome()
        defer { withExtendedLifetime(home) {} }
        let before = susi.run(["skills", "list", "--language", "all"]).stdout
        let bad = susi.run(["skills", "list", "--source", "mine"])
        #expect(bad.status == 64)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("--source"), "\(bad.stderr)")
        #expect(bad.stderr.contains("all, bundled, imported") || bad.stderr.contains("all, bundled or imported"), "\(bad.stderr)")
        #expect(susi.run(["skills", "list", "--language", "all"]).stdout == before)
    }

    @Test func theCompletionEngineOffersTheValues() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        #expect(susi.run(["__complete", "skills", "list", "--source", ""]).stdout == ":none\nall\nbundled\nimported\n")
        #expect(susi.run(["__complete", "skills", "list", "--source", "im"]).stdout.contains("imported\n"))
        #expect(susi.run(["__complete", "skills", "list", "--so"]).stdout.contains("--source"))
    }

    @Test func aServerCannotTellWhichSkillsShipWithSusi() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let susi = try home.harness()
        let refused = susi.run(["--server", served.url, "skills", "list", "--source", "bundled"])
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("error: --source bundled needs the embedded SUSI: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("Use 'susi --server local skills list --source bundled', or leave --source out."))
        let all = susi.run(["--server", served.url, "skills", "list", "--source", "all"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("time\t"))
    }
}
