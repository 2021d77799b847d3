import Foundation
import SusiPorts
import Testing
import SusiCore
import SusiEngine
import SusiReply
import SusiSkills
import SusiStore
@testable import SusiLocal

/// The bundled skill files as the test runner finds them.
private func bundledFiles() throws -> (root: String, files: [String]) {
    let root = try #require(BundledSkills.modelsDirectory(environment: Fixture.environment))
    let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".txt") }.sorted()
    return (root, files)
}

/// What a search should find: every word somewhere in name, title, description, author or examples.
private func matches(_ info: SkillInfo, _ search: String) -> Bool {
    let text = ([info.ref.name, info.title ?? "", info.description ?? "", info.author ?? ""] + info.examples)
        .joined(separator: " ").lowercased()
    return search.split(separator: " ").allSatisfy { text.contains($0.lowercased()) }
}

@Suite struct CatalogueTests {
    @Test func groupsAndLanguagesComeFromTheBundledTree() throws {
        let (_, files) = try bundledFiles()
        let service = try Fixture().service()
        let groups = Set(files.map { $0.split(separator: "/")[1] }.map(String.init))
        #expect(try service.groups() == groups.sorted())
        #expect(try service.groups().contains("Communication"))
        #expect(try service.languages() == ["en"])
        #expect(try service.skills(SkillQuery()).count == files.count)
        #expect(files.count >= 20)
    }

    @Test func skillInfoAndText() throws {
        let (root, _) = try bundledFiles()
        let service = try Fixture().service()
        let info = try service.skill(greetings)
        #expect(info.ref == greetings)
        #expect(info.title == "Greetings")
        #expect(info.description == "Say hello, good morning, good night and goodbye to SUSI.")
        #expect(info.author == "SUSI terminal team")
        #expect(info.examples.contains("Hello"))
        #expect(info.dynamicContent == false)
        #expect((info.intentCount ?? 0) > 0)
        #expect(info.usageCount == 0)
        #expect(info.rating == SkillRating())
        let file = try String(contentsOfFile: root + "/general/Communication/en/greetings.txt", encoding: .utf8)
        #expect(try service.skillText(greetings) == file)

        let unknown = [noSuchSkill, SkillRef(group: "communication", language: "en", name: "greetings"),
                       SkillRef(group: "Communication", language: "de", name: "greetings"),
                       SkillRef(model: "other", group: "Communication", language: "en", name: "greetings")]
        for ref in unknown {
            refused(.notFound, ["no skill", ref.name]) { _ = try service.skill(ref) }
            refused(.notFound, ["no skill"]) { _ = try service.skillText(ref) }
        }
    }

    @Test func groupFilterIgnoresCase() throws {
        let service = try Fixture().service()
        let all = try service.skills(SkillQuery())
        let expected = all.filter { $0.ref.group == "Communication" }.map(\.ref)
        #expect(expected.contains(greetings))
        for group in ["Communication", "communication", "COMMUNICATION"] {
            #expect(try service.skills(SkillQuery(group: group)).map(\.ref) == expected)
        }
        #expect(try service.skills(SkillQuery(group: "Nonexistent")).isEmpty)
        #expect(try service.skills(SkillQuery(language: "de")).isEmpty)
    }

    @Test(arguments: ["greet", "GREETINGS", "hello susi", "terminal", "time", "time date", "_", "e_c", "o_e", "%", "50%",
                      "\\", "8_ball", "zzzz-nothing"])
    func searchTreatsWildcardsLiterally(_ search: String) throws {
        let service = try Fixture().service()
        let all = try service.skills(SkillQuery())
        let expected = all.filter { matches($0, search) }.map(\.ref)
        #expect(try service.skills(SkillQuery(search: search)).map(\.ref) == expected)
    }

    @Test func wildcardSearchesAreNotEverything() throws {
        let service = try Fixture().service()
        let all = try service.skills(SkillQuery()).count
        #expect(try service.skills(SkillQuery(search: "%")).count < all)
        #expect(try service.skills(SkillQuery(search: "_")).count < all)
        #expect(try service.skills(SkillQuery(search: "greet")).map(\.ref).contains(greetings))
        #expect(try service.skills(SkillQuery(search: "  greet   ")).map(\.ref).contains(greetings))
        #expect(try service.skills(SkillQuery(search: "")).count == all)
    }

    @Test func sortsReversesAndPages() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let byName = try service.skills(SkillQuery())
        let names = byName.map { $0.ref.name.lowercased() }
        #expect(names == names.sorted())
        #expect(try service.skills(SkillQuery(reversed: true)).map(\.ref) == byName.reversed().map(\.ref))

        // Ratings: dice 5.0 (1 vote), jokes 5.0 (2 votes), greetings 3.0; the rest unrated (by name).
        let ada = try service.newAccount("ada@example.org")
        let bob = try service.newAccount("bob@example.org")
        _ = try service.rate(dice, stars: 5, token: ada)
        _ = try service.rate(jokes, stars: 5, token: ada)
        _ = try service.rate(jokes, stars: 5, token: bob)
        _ = try service.rate(greetings, stars: 3, token: ada)
        let byRating = try service.skills(SkillQuery(sort: .rating)).map(\.ref)
        #expect(Array(byRating.prefix(3)) == [jokes, dice, greetings])
        #expect(Array(byRating.dropFirst(3)) == byName.map(\.ref).filter { ![jokes, dice, greetings].contains($0) })
        #expect(try service.skills(SkillQuery(sort: .rating, reversed: true)).map(\.ref) == byRating.reversed())

        // Usage: counted in the database.
        let raw = try fixture.raw()
        try raw.run("UPDATE skills SET usage_count = 7 WHERE path = ?", [greetings.path])
        try raw.run("UPDATE skills SET usage_count = 3 WHERE path = ?", [dice.path])
        let byUsage = try service.skills(SkillQuery(sort: .usage))
        #expect(Array(byUsage.prefix(2).map(\.ref)) == [greetings, dice])
        #expect(byUsage.first?.usageCount == 7)

        // Pages are slices of the whole ordered list.
        let full = byName.map(\.ref)
        #expect(try service.skills(SkillQuery(limit: 5)).map(\.ref) == Array(full.prefix(5)))
        #expect(try service.skills(SkillQuery(limit: 5, offset: 5)).map(\.ref) == Array(full[5..<10]))
        #expect(try service.skills(SkillQuery(offset: full.count - 2)).map(\.ref) == Array(full.suffix(2)))
        #expect(try service.skills(SkillQuery(limit: 100, offset: full.count)).isEmpty)
        #expect(try service.skills(SkillQuery(offset: full.count + 10)).isEmpty)
        #expect(try service.skills(SkillQuery(limit: 0)).isEmpty)
        #expect(try service.skills(SkillQuery(reversed: true, limit: 3)).map(\.ref) == Array(full.reversed().prefix(3)))
        #expect(try service.skills(SkillQuery(group: "communication", sort: .usage, limit: 1)).map(\.ref) == [greetings])
    }

    @Test func reopeningDoesNotDuplicateSkills() throws {
        let fixture = Fixture()
        let first = try fixture.service()
        let count = try fixture.count("skills")
        let token = try first.newAccount("ada@example.org")
        _ = try first.rate(greetings, stars: 4, token: token)
        let second = try fixture.service()
        let third = try fixture.service()
        #expect(try fixture.count("skills") == count)
        #expect(try second.skills(SkillQuery()).count == count)
        #expect(try third.skill(greetings).rating.stars.fourStar == 1)
        #expect(try fixture.count("skills", "path = ?", [greetings.path]) == 1)
    }

    @Test func changedBundledSkillsAreResyncedKeepingUsage() throws {
        let fixture = Fixture()
        let (root, _) = try bundledFiles()
        let copy = fixture.directory + "/models"
        try FileManager.default.copyItem(atPath: root, toPath: copy)
        func open() throws -> EmbeddedService { try fixture.service(bundled: copy) }
        let service = try open()
        let count = try fixture.count("skills")
        try fixture.raw().run("UPDATE skills SET usage_count = 5 WHERE path IN (?, ?)", [greetings.path, jokes.path])

        // A new susi ships a changed greetings skill and no longer ships dice.
        let greetingsFile = copy + "/general/Communication/en/greetings.txt"
        let text = try String(contentsOfFile: greetingsFile, encoding: .utf8)
        try (text + "\nhowdy susi\nHowdy partner!\n").write(toFile: greetingsFile, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: copy + "/general/Utilities/en/dice.txt")
        _ = service
        let upgraded = try open()
        #expect(try fixture.count("skills") == count - 1)
        refused(.notFound, ["no skill"]) { _ = try upgraded.skill(dice) }
        #expect(try upgraded.skillText(greetings).contains("Howdy partner!"))
        #expect(try upgraded.skill(jokes).usageCount == 5)
        #expect(try upgraded.skill(greetings).usageCount == 5)
    }

    /// Two processes open a database whose bundled skills are stale at once:
    /// the one that takes the write lock second finds the other's import and
    /// does not do it again (each import bumps the index generation, so every
    /// running `susi serve` would rebuild its candidates twice, and four in a
    /// row once outlasted a writer's busy timeout).
    @Test func aSyncThatLostTheRaceDoesNotImportAgain() throws {
        let fixture = Fixture()
        let late = try EmbeddedService(path: fixture.path, environment: Fixture.environment, now: fixture.clock.now,
                                       passwordCost: .minimal, syncingBundledSkills: false)
        #expect(try fixture.count("skills") == 0)
        func generation() throws -> Int? {
            try fixture.raw().scalar("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'index_generation'")?.int
        }
        var afterTheOther: Int?
        try late.syncBundledSkills(beforeWriting: {
            _ = try fixture.service()
            afterTheOther = try generation()
        })
        let count = try fixture.count("skills")
        #expect(count > 0)
        #expect(try generation() == afterTheOther)
        #expect(try late.skills(SkillQuery()).count == count)
        let files = try fixture.raw().scalar("SELECT value FROM meta WHERE key = 'bundled_skills_files'")?.string
        let digest = try #require(try fixture.raw().scalar("SELECT value FROM meta WHERE key = 'bundled_skills'")?.string)
        #expect(files?.hasSuffix(" " + digest) == true)

        // Without the other process, the same call imports (the test can fail).
        let fresh = Fixture()
        let alone = try EmbeddedService(path: fresh.path, environment: Fixture.environment, now: fresh.clock.now,
                                        passwordCost: .minimal, syncingBundledSkills: false)
        try alone.syncBundledSkills()
        #expect(try fresh.count("skills") == count)
    }

    /// The bundled files are read only when their stamp changes, and a
    /// change that keeps the size and puts the mtime back is still seen
    /// (the ctime moves), as is a deleted content digest (how a migration
    /// asks for a resync).
    @Test func bundledSkillsAreReadOnlyWhenTheirStampChanges() throws {
        let fixture = Fixture()
        let (root, _) = try bundledFiles()
        let copy = fixture.directory + "/models"
        try FileManager.default.copyItem(atPath: root, toPath: copy)
        func open() throws -> EmbeddedService { try fixture.service(bundled: copy) }
        func meta(_ key: String) throws -> String? { try fixture.meta(key) }
        _ = try open()
        let digest = try #require(try meta("bundled_skills"))
        let files = try #require(try meta("bundled_skills_files"))
        #expect(files.hasSuffix(" " + digest))
        _ = try open()
        #expect(try meta("bundled_skills_files") == files)

        // The same size, one letter changed, the mtime put back.
        let greetingsFile = copy + "/general/Communication/en/greetings.txt"
        let before = try FileManager.default.attributesOfItem(atPath: greetingsFile)[.modificationDate] as? Date
        let text = try String(contentsOfFile: greetingsFile, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "Hello", with: "Hallo")
        #expect(changed != text && changed.utf8.count == text.utf8.count)
        let handle = try #require(FileHandle(forWritingAtPath: greetingsFile))
        try handle.write(contentsOf: Data(changed.utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: greetingsFile)
        let reopened = try open()
        #expect(try reopened.skillText(greetings).contains("Hallo"))
        #expect(try meta("bundled_skills") != digest)
        #expect(try meta("bundled_skills_files") != files)

        // A migration that deletes the digest gets a resync, stamp or not.
        try fixture.raw().run("UPDATE skills SET source = 'stale' WHERE path = ?", [greetings.path])
        try fixture.raw().run("DELETE FROM meta WHERE key = 'bundled_skills'")
        _ = try open()
        #expect(try fixture.raw().scalar("SELECT source FROM skills WHERE path = ?", [greetings.path])?.string == changed)
    }

    /// The stamp is written as bytes, but they are the ones the interpolated
    /// text had (a stored stamp stays valid across the change), and the walk's
    /// `stat` of each file is what a `stat` of its path gives.
    @Test func theBundledStampIsTheInterpolatedText() throws {
        let (root, _) = try bundledFiles()
        let walked = SkillFileWalker.walkStamped(root).files
        #expect(walked.count > 10)
        var text = ""
        for (file, _) in walked {
            var info = stat()
            #expect(stat(file.path, &info) == 0)
            text += "\(file.relative)\u{0}\(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) "
                + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)\u{0}"
        }
        #expect(EmbeddedService.stamp(of: walked) == PasswordHasher.digest(text))
        #expect(walked.map(\.file) == SkillFileWalker.walk(root).files)
        var bytes: [UInt8] = []
        for value: Int64 in [0, 7, -1, 10, 1_764_646_000, Int64.min, Int64.max] {
            bytes.removeAll()
            DecimalBytes.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "\(value)")
        }
        bytes.removeAll()
        DecimalBytes.append(UInt64.max, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\(UInt64.max)")
    }

    /// The executable is found the way the kernel names it, not by listing its folder.
    @Test func theExecutableIsTheRunningOne() throws {
        let path = BundledSkills.executablePath
        let expected = try #require(Bundle.main.executablePath)
        #expect(URL(fileURLWithPath: path).resolvingSymlinksInPath().path == URL(fileURLWithPath: expected).resolvingSymlinksInPath().path)
    }
}
