import Foundation
import Testing
@testable import SusiBasics
#if canImport(Glibc)
import Glibc
#endif

/// Reading a file susi reads back or is handed: a regular file only, never
/// through a link where none is expected, bounded in size, never blocking on
/// a FIFO, and stopped by Ctrl-C between blocks.
@Suite("Regular files")
struct RegularFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "susi-regular-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aRegularFileIsReadWhole() throws {
        let path = try write("plain", Array("hello".utf8))
        #expect(try RegularFile.read(path, limit: 5, links: .refuse) == Array("hello".utf8))
        #expect(try RegularFile.read(path, limit: 5, links: .follow) == Array("hello".utf8))
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: RegularFile.Failure.missing) { try RegularFile.read(folder + "/none", limit: 10, links: .refuse) }
    }

    @Test func aLinkIsRefusedWhereNoneIsExpectedAndFollowedWhereTheUserNamedIt() throws {
        let target = try write("target", Array("secret".utf8))
        let link = folder + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: RegularFile.Failure.symbolicLink) { try RegularFile.read(link, limit: 100, links: .refuse) }
        #expect(try RegularFile.read(link, limit: 100, links: .follow) == Array("secret".utf8))
    }

    @Test(arguments: [RegularFile.Links.refuse, .follow])
    func aFIFOIsRefusedAtOnceNotWaitedOn(_ links: RegularFile.Links) throws {
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: RegularFile.Failure.notRegular(kind: "a FIFO")) { try RegularFile.read(fifo, limit: 100, links: links) }
        let link = folder + "/to-fifo"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        #expect(throws: RegularFile.Failure.notRegular(kind: "a FIFO")) { try RegularFile.read(link, limit: 100, links: .follow) }
    }

    @Test func aFolderOrADeviceIsRefused() throws {
        #expect(throws: RegularFile.Failure.notRegular(kind: "a folder")) { try RegularFile.read(folder, limit: 100, links: .follow) }
        #expect(throws: RegularFile.Failure.notRegular(kind: "a device")) { try RegularFile.read("/dev/zero", limit: 100, links: .follow) }
    }

    @Test func moreThanTheLimitIsRefused() throws {
        let path = try write("big", [UInt8](repeating: 1, count: 11))
        #expect(throws: RegularFile.Failure.tooLarge(limit: 10)) { try RegularFile.read(path, limit: 10, links: .refuse) }
    }

    @Test func ctrlCBetweenBlocksStopsTheRead() throws {
        let path = try write("long", [UInt8](repeating: 1, count: 300_000))
        var asked = 0
        #expect(throws: RegularFile.Failure.interrupted) {
            try RegularFile.read(path, limit: 1 << 20, links: .refuse, interrupted: { asked += 1; return asked > 1 })
        }
    }

    @Test func reasonsReadAsPartOfASentence() {
        #expect(RegularFile.Failure.symbolicLink.reason == "it is a symbolic link")
        #expect(RegularFile.Failure.notRegular(kind: "a FIFO").reason == "it is not a regular file (a FIFO)")
        #expect(RegularFile.Failure.tooLarge(limit: 2048).reason == "it is larger than 2048 bytes")
    }
}
