import Foundation
import SusiBasics
import Testing
@testable import SusiCore
#if canImport(Glibc)
import Glibc
#endif

@Suite("AtomicFile", .serialized)
struct AtomicFileTests {
    @Test func contentRoundTrips() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("a/b/file.json")
        let bytes = Array("{\"k\": \"välue\"}\n".utf8) + [0, 255]
        try AtomicFile.write(bytes, to: path)
        #expect(try AtomicFile.read(path) == bytes)
        try AtomicFile.write([], to: path)
        #expect(try AtomicFile.read(path) == [])
    }

    @Test func aMissingFileReadsAsNil() throws {
        let dir = try TemporaryDirectory()
        #expect(try AtomicFile.read(dir.file("nope")) == nil)
    }

    @Test func modeIs0600AndFoldersAre0700EvenWithAPermissiveUmask() throws {
        let dir = try TemporaryDirectory()
        let old = umask(0)
        defer { umask(old) }
        let path = dir.file("new/deeper/file")
        try AtomicFile.write(Array("x".utf8), to: path)
        #expect(permissions(path) == 0o600)
        #expect(permissions(dir.file("new")) == 0o700)
        #expect(permissions(dir.file("new/deeper")) == 0o700)
    }

    @Test func rewritingAPermissiveFileMakesItPrivate() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("loose", "old")
        chmod(path, 0o644)
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(permissions(path) == 0o600)
        #expect(try dir.read("loose") == "new")
    }

    @Test func noTemporaryFileIsLeftBehind() throws {
        let dir = try TemporaryDirectory()
        try AtomicFile.write(Array("1".utf8), to: dir.file("f"))
        try AtomicFile.write(Array("2".utf8), to: dir.file("f"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["f"])
    }

    @Test func anOldTemporaryFileDoesNotBreakReadingOrWriting() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("config.json", "{\"a\": 1}")
        try dir.write("config.json.tmp-1-2", "half writ")
        #expect(try AtomicFile.read(path) == Array("{\"a\": 1}".utf8))
        try AtomicFile.write(Array("{}".utf8), to: path)
        #expect(try dir.read("config.json") == "{}")
    }

    @Test func readRefusesADirectory() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("d"), withIntermediateDirectories: false)
        #expect(throws: FileError(path: dir.file("d"), reason: "not a regular file (a folder)")) {
            try AtomicFile.read(dir.file("d"))
        }
    }

    /// A FIFO in the place of one of susi's files is refused at once; a
    /// link is refused when the caller says so.
    @Test func readRefusesAFIFOAtOnceAndALinkWhenAsked() throws {
        let dir = try TemporaryDirectory()
        #expect(mkfifo(dir.file("fifo"), 0o600) == 0)
        #expect(throws: FileError(path: dir.file("fifo"), reason: "not a regular file (a FIFO)")) {
            try AtomicFile.read(dir.file("fifo"))
        }
        try dir.write("target", "{}")
        #expect(symlink(dir.file("target"), dir.file("link")) == 0)
        #expect(throws: UnsafeFileError(path: dir.file("link"), problem: .symbolicLink)) {
            try AtomicFile.read(dir.file("link"), links: .refuse)
        }
        #expect(try AtomicFile.read(dir.file("link")) == Array("{}".utf8))
    }

    @Test func readRefusesAFileOverTheLimit() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("big", String(repeating: "x", count: 100))
        #expect(throws: FileError(path: path, reason: "larger than 10 bytes")) {
            try AtomicFile.read(path, limit: 10)
        }
        #expect(try AtomicFile.read(path, limit: 100)?.count == 100)
    }

    @Test func writeRefusesWhenAParentIsAFile() throws {
        let dir = try TemporaryDirectory()
        try dir.write("plain", "x")
        #expect(throws: FileError(path: dir.file("plain"), reason: "exists and is not a directory")) {
            try AtomicFile.write([1], to: dir.file("plain/child"))
        }
    }
}
