import Foundation
import SusiBasics
import Testing
@testable import SusiCore
#if canImport(Glibc)
import Glibc
#endif

/// Every file susi writes goes through `AtomicFile.write`, which must never
/// replace a symbolic link with a regular file nor write through one.
@Suite("Writing where a symbolic link is")
struct SymlinkWriteTests {
    func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    @Test func aLinkToAFileIsRefusedAndBothStayAsTheyWere() throws {
        let dir = try TemporaryDirectory()
        let target = try dir.write("real.json", "{\"room\": \"kitchen\"}\n")
        chmod(target, 0o644)
        let link = dir.file("config.json")
        #expect(symlink(target, link) == 0)
        var caught: Error?
        do { try AtomicFile.write(Array("{}\n".utf8), to: link) } catch { caught = error }
        let error = try #require(caught as? UnsafeFileError)
        #expect(error.exitCode == .noPermission)
        #expect(error.message == "Refusing to use \(link): it is a symbolic link.")
        #expect(error.hint?.contains("never through a link") == true)
        #expect(isLink(link), "the link is still a link")
        #expect(try dir.read("real.json") == "{\"room\": \"kitchen\"}\n")
        #expect(permissions(target) == 0o644, "the target's mode is not touched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["config.json", "real.json"],
                "no temp file left behind")
    }

    @Test func aDanglingLinkIsRefusedAndNothingIsCreatedThroughIt() throws {
        let dir = try TemporaryDirectory()
        let link = dir.file("session.json")
        #expect(symlink(dir.file("nowhere"), link) == 0)
        #expect(throws: UnsafeFileError.self) { try AtomicFile.write(Array("x".utf8), to: link) }
        #expect(isLink(link))
        #expect(!FileManager.default.fileExists(atPath: dir.file("nowhere")))
    }

    @Test func aDirectoryInPlaceOfTheFileIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("config.json")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        var caught: Error?
        do { try AtomicFile.write(Array("x".utf8), to: path) } catch { caught = error }
        #expect((caught as? UnsafeFileError)?.message == "Refusing to use \(path): it is not a regular file.")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
