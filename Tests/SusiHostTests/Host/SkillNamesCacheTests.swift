import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiBasics
import SusiCore

/// `skills info <Tab>` keeps the embedded SUSI's names in a cache keyed on
/// the database file and its -wal; every change to the skills is seen.
@Suite struct SkillNamesCacheTests {
    /// A clock an hour ahead: every file counts as settled, so each Tab that
    /// reads the database also writes the cache (the case that could go stale).
    func harness(_ home: TemporaryHome) throws -> InProcess {
        var susi = try home.harness()
        susi.now = { Date().addingTimeInterval(3600) }
        return susi
    }

    func cacheFile(_ susi: InProcess) -> String {
        Paths(environment: susi.environment).cacheDirectory + "/completion/local-skill-names"
    }

    func parrot(_ home: TemporaryHome) throws -> String {
        let tree = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try Data("::name Parrot\n\npolly *\nPolly says $1$.\n".utf8).write(to: URL(fileURLWithPath: tree + "/Parrot.txt"))
        return home.path + "/tree"
    }

    @Test func anImportedSkillAppearsAndARemovedOneDisappearsThroughTheCache() throws {
        let home = try TemporaryHome()
        let susi = try harness(home)
        #expect(susi.run(["__complete", "skills", "info", ""]).status == 0, "creates the database")
        #expect(susi.run(["__complete", "skills", "info", "Parr"]).stdout == ":none\n")
        #expect(FileManager.default.fileExists(atPath: cacheFile(susi)), "the Tab that read the database cached its names")
        #expect(susi.run(["skills", "import", try parrot(home)]).status == 0)
        #expect(susi.run(["__complete", "skills", "info", "Parr"]).stdout == ":none\nParrot\tParrot\n")
        #expect(susi.run(["__complete", "skills", "info", "Parr"]).stdout == ":none\nParrot\tParrot\n", "now from the cache")
        #expect(susi.run(["skills", "remove", "Fun/en/Parrot"]).status == 0)
        #expect(susi.run(["__complete", "skills", "info", "Parr"]).stdout == ":none\n")
        #expect(susi.run(["__complete", "skills", "info", "Parr"]).stdout == ":none\n")
    }

    @Test func aMatchingCacheIsServedWithoutTheDatabaseAndAChangeMakesItUnused() throws {
        let home = try TemporaryHome()
        let susi = try harness(home)
        _ = susi.run(["__complete", "skills", "info", ""])
        _ = susi.run(["__complete", "skills", "info", ""])
        let file = cacheFile(susi)
        let data = try #require(FileManager.default.contents(atPath: file))
        let text = String(decoding: data, as: UTF8.self)
        // Edited behind susi's back with the key left as it was: what a Tab offers is the cache's.
        try Data((text + "zz_cached_only\tfrom the cache\n").utf8).write(to: URL(fileURLWithPath: file))
        #expect(susi.run(["__complete", "skills", "info", "zz"]).stdout == ":none\nzz_cached_only\tfrom the cache\n")
        // Any write to the database changes the key: the cache is not used.
        #expect(susi.run(["skills", "import", try parrot(home)]).status == 0)
        #expect(susi.run(["__complete", "skills", "info", "zz"]).stdout == ":none\n")
    }

    @Test func namesAreNotCachedRightAfterAWriteOrForAnotherLanguage() throws {
        let home = try TemporaryHome()
        let real = try home.harness()
        _ = real.run(["__complete", "skills", "info", ""])
        #expect(real.run(["__complete", "skills", "info", ""]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cacheFile(real)),
                "the database was written a moment ago: read, not cached")
        let susi = try harness(home)
        _ = susi.run(["__complete", "skills", "info", ""])
        #expect(FileManager.default.fileExists(atPath: cacheFile(susi)))
        var german = susi
        german.environment["SUSI_LANGUAGE"] = "de"
        #expect(german.run(["__complete", "skills", "info", ""]).stdout == ":none\n", "no German skills: the English cache is not served")
    }

    @Test func aOneShotChatKeepsItsHistoryOnTheBackendsConnection() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let chat = susi.run(["chat", "hello"])
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(chat.stderr.isEmpty, "no warning that the history could not be saved")
        let history = susi.run(["chat", "history", "--json"])
        #expect(history.status == 0)
        #expect(history.stdout.contains("\"query\" : \"hello\""), "\(history.stdout)")
    }
}
