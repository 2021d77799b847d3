import Foundation
import SusiPorts
import Testing
import SusiCore
import SusiEngine
import SusiSkills
import SusiStore
@testable import SusiLocal

/// The bundled-skills check without listing the folders: a process finding
/// every folder as the last walk listed it stamps the files from the stored
/// list, and any change a walk would see still makes it walk.
@Suite struct BundledSkillsTreeTests {
    /// A copy of the bundled skills in the fixture's folder.
    private func bundledCopy(in fixture: Fixture) throws -> String {
        let root = try #require(BundledSkills.modelsDirectory(environment: Fixture.environment))
        let copy = fixture.directory + "/models"
        try FileManager.default.copyItem(atPath: root, toPath: copy)
        return copy
    }

    /// A moment the folders of a fresh copy count as settled at.
    private func later() -> Date {
        Date().addingTimeInterval(Double(BundledSkillsTree.settleSeconds + 60))
    }

    @Test func theRecordGivesTheWalksStamp() throws {
        let fixture = Fixture()
        let copy = try bundledCopy(in: fixture)
        let walked = SkillFileWalker.walkStamped(copy)
        #expect(walked.files.count > 10)
        #expect(walked.folders.first?.relative == "")
        #expect(walked.folders.contains { $0.relative == "general/Communication/en" })
        let record = try #require(BundledSkillsTree.record(of: walked, root: copy, started: later()))
        #expect(BundledSkillsTree.stamp(record: record, root: copy) == EmbeddedService.stamp(of: walked.files))

        // An edit in place keeps every folder: the record holds, with the file's new stamp.
        let greetingsFile = copy + "/general/Communication/en/greetings.txt"
        let handle = try #require(FileHandle(forWritingAtPath: greetingsFile))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\nhowdy susi\nHowdy partner!\n".utf8))
        try handle.close()
        let edited = SkillFileWalker.walkStamped(copy)
        #expect(EmbeddedService.stamp(of: edited.files) != EmbeddedService.stamp(of: walked.files))
        #expect(BundledSkillsTree.stamp(record: record, root: copy) == EmbeddedService.stamp(of: edited.files))
    }

    @Test func aChangedFolderOrAMissingEntryVoidsTheRecord() throws {
        let fixture = Fixture()
        let copy = try bundledCopy(in: fixture)
        let old = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01: a later change surely moves the mtime
        let folder = copy + "/general/Communication/en"
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder)
        let record = try #require(BundledSkillsTree.record(of: SkillFileWalker.walkStamped(copy), root: copy, started: later()))
        #expect(BundledSkillsTree.stamp(record: record, root: copy) != nil)

        // A new file: the folder's stamp moves.
        try "howdy susi\nHowdy partner!\n".write(toFile: folder + "/howdy.txt", atomically: false, encoding: .utf8)
        #expect(BundledSkillsTree.stamp(record: record, root: copy) == nil)
        try FileManager.default.removeItem(atPath: folder + "/howdy.txt")

        // A removed file, with the folder's mtime put back: the file is missing.
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder)
        let again = try #require(BundledSkillsTree.record(of: SkillFileWalker.walkStamped(copy), root: copy, started: later()))
        try FileManager.default.removeItem(atPath: folder + "/greetings.txt")
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder)
        #expect(BundledSkillsTree.stamp(record: again, root: copy) == nil)

        // Garbage is not a record.
        for garbage in ["", "digest", "digest\nx general", "digest\nd "] {
            #expect(BundledSkillsTree.stamp(record: garbage, root: copy) == nil)
        }
    }

    @Test func aWalkThatCannotBeReplayedIsNotRecorded() throws {
        let fixture = Fixture()
        let copy = try bundledCopy(in: fixture)
        // Folders changed just now (the copy): not settled at the walk.
        #expect(BundledSkillsTree.record(of: SkillFileWalker.walkStamped(copy), root: copy,
                                         started: Date()) == nil)
        // A link inside the tree: its target is stamped, not its path.
        try FileManager.default.createSymbolicLink(atPath: copy + "/general/Communication/en/hi.txt",
                                                   withDestinationPath: copy + "/general/Communication/en/greetings.txt")
        let linked = SkillFileWalker.walkStamped(copy)
        #expect(linked.files.contains { $0.file.relative.hasSuffix("/hi.txt") })
        #expect(BundledSkillsTree.record(of: linked, root: copy, started: later()) == nil)
        try FileManager.default.removeItem(atPath: copy + "/general/Communication/en/hi.txt")
        // Something refused (a link out of the tree).
        try FileManager.default.createSymbolicLink(atPath: copy + "/general/Communication/en/out.txt",
                                                   withDestinationPath: "/etc/hostname")
        let refused = SkillFileWalker.walkStamped(copy)
        #expect(!refused.refused.isEmpty)
        #expect(BundledSkillsTree.record(of: refused, root: copy, started: later()) == nil)
    }

    /// Through the service, as every process does it: the second open
    /// stamps from the list, and a new file, a removed one and a folder
    /// swapped for a link are all seen as a walk sees them.
    @Test func theServiceListsTheFoldersOnlyWhenOneChanged() throws {
        let fixture = Fixture()
        let copy = try bundledCopy(in: fixture)
        func open() throws -> EmbeddedService { try fixture.service(bundled: copy) }
        func meta(_ key: String) throws -> String? { try fixture.meta(key) }
        func generation() throws -> String? { try meta("index_generation") }
        // The copy's folders settle first (their ctime is the copy's).
        Thread.sleep(forTimeInterval: Double(BundledSkillsTree.settleSeconds) + 1.2)

        let first = try open()
        #expect(first.bundledSkillsListed == true)
        #expect(try meta("bundled_skills_tree") != nil)
        let count = try fixture.count("skills")
        let imported = try generation()
        let stamp = try meta("bundled_skills_files")

        let second = try open()
        #expect(second.bundledSkillsListed == false)
        #expect(try generation() == imported)
        #expect(try meta("bundled_skills_files") == stamp)
        #expect(try second.skillText(greetings).isEmpty == false)

        // A new skill file in a known folder.
        let folder = copy + "/general/Communication/en"
        try "::name Howdy\n\nhowdy susi\nHowdy partner!\n".write(toFile: folder + "/howdy.txt", atomically: false, encoding: .utf8)
        let howdy = SkillRef(group: "Communication", language: "en", name: "howdy")
        let third = try open()
        #expect(third.bundledSkillsListed == true)
        #expect(try fixture.count("skills") == count + 1)
        #expect(try third.skillText(howdy).contains("Howdy partner!"))
        // The folder changed just now: no list is kept until it settles.
        #expect(try meta("bundled_skills_tree") == nil)
        #expect(try open().bundledSkillsListed == true)

        // Removed again, after the folders settled.
        Thread.sleep(forTimeInterval: Double(BundledSkillsTree.settleSeconds) + 1.2)
        #expect(try open().bundledSkillsListed == true)
        #expect(try meta("bundled_skills_tree") != nil)
        #expect(try open().bundledSkillsListed == false)
        try FileManager.default.removeItem(atPath: folder + "/howdy.txt")
        let fourth = try open()
        #expect(fourth.bundledSkillsListed == true)
        #expect(try fixture.count("skills") == count)

        // A folder swapped for a link to a copy of it: the walk refuses the link.
        Thread.sleep(forTimeInterval: Double(BundledSkillsTree.settleSeconds) + 1.2)
        #expect(try open().bundledSkillsListed == true)
        #expect(try open().bundledSkillsListed == false)
        let moved = fixture.directory + "/Knowledge"
        try FileManager.default.moveItem(atPath: copy + "/general/Knowledge", toPath: moved)
        try FileManager.default.createSymbolicLink(atPath: copy + "/general/Knowledge", withDestinationPath: moved)
        let fifth = try open()
        #expect(fifth.bundledSkillsListed == true)
        #expect(try fixture.count("skills", "path LIKE 'models/general/Knowledge/%'") == 0)
        #expect(try fixture.count("skills") < count)
    }
}
