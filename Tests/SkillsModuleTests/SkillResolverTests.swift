import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

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

    /// The public corpus has Weather/en/Weather.txt beside the bundled
    /// weather.txt: the exact spelling picks one, another case lists both.
    @Test func theExactSpellingDecidesBetweenKeysThatDifferInCase() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Weather/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "::name Community weather\nis it sunny\nMaybe.\n".write(toFile: dir + "/Weather.txt", atomically: true, encoding: .utf8)
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        let bundled = susi.run(["--json", "skills", "info", "weather"])
        #expect(bundled.status == 0, "\(bundled.stderr)")
        #expect(bundled.stdout.contains("\"path\" : \"models/general/Weather/en/weather.txt\""))
        let imported = susi.run(["--json", "skills", "info", "Weather"])
        #expect(imported.stdout.contains("\"path\" : \"models/general/Weather/en/Weather.txt\""))
        let either = susi.run(["skills", "info", "WEATHER"])
        #expect(either.status == 64)
        #expect(either.stderr.contains("names several skills"))
    }

    @Test func aTypoGetsADidYouMean() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "info", "tme"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("No skill named 'tme'. Did you mean 'time'?"))
        #expect(result.stderr.contains("susi skills list"))
    }

    @Test func nothingCloseIsNotFound() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "info", "xylophonequartz"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("No skill named 'xylophonequartz', and none with a similar name."))
        #expect(!result.stderr.contains("Did you mean"))
        #expect(result.stdout.isEmpty)
    }

    /// The `::name` header names a skill too, with spaces or underscores, in any case.
    @Test(arguments: ["Random Number", "random_number", "RANDOM   number"])
    func aSkillIsFoundByItsDisplayName(_ typed: String) throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "::name Lucky Pick\npick for me\nSeven.\n".write(toFile: dir + "/lucky.txt", atomically: true, encoding: .utf8)
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        let byTitle = susi.run(["--json", "skills", "info", "lucky pick"])
        #expect(byTitle.status == 0, "\(byTitle.stderr)")
        #expect(byTitle.stdout.contains("\"path\" : \"models/general/Fun/en/lucky.txt\""))
        let result = susi.run(["--json", "skills", "info", typed])
        #expect(result.status == 0, "\(typed): \(result.stderr)")
        #expect(result.stdout.contains("random_number.txt"))
    }

    @Test func aTypoInADisplayNameSuggestsTheKey() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "info", "Randm Numbr"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Did you mean 'random_number'?"), "\(result.stderr)")
    }

    @Test func anEmptyNameIsAUsageError() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "info", " "])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Name a skill."))
    }
}
