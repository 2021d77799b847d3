import Foundation
import Testing
@testable import SusiCLI

/// The PATH listing of `susi-*` commands is remembered per directory, keyed
/// on the directory's stamp: a change to the directory is seen at once, a
/// settled directory is not read again, a young one always is.
@Suite struct ExternalCommandCacheTests {
    struct Fixture {
        let root: String
        let bin: String
        var cache: String { root + "/cache/external-commands" }
        var environment: [String: String] { ["PATH": bin] }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("susi-path-\(UUID().uuidString)").path
            bin = root + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        }

        func command(_ name: String, executable: Bool = true) throws {
            let path = bin + "/" + name
            try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: path))
            #expect(chmod(path, executable ? 0o755 : 0o644) == 0)
        }

        /// Dates the directory's mtime an hour back, as a PATH directory untouched for a while.
        func settle() {
            var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, bin, &times, 0) == 0)
        }

        func list(cached: Bool = true) -> [String] {
            ExternalCommands.list(program: "susi", environment: environment, builtins: ["chat"],
                                  cacheFile: cached ? cache : nil).map(\.name)
        }

        var cacheText: String { String(decoding: FileManager.default.contents(atPath: cache) ?? Data(), as: UTF8.self) }
    }

    @Test func aSettledDirectoryIsRememberedAndANewCommandInItIsFoundAtOnce() throws {
        let fixture = try Fixture()
        try fixture.command("susi-hello")
        try fixture.command("other-tool")
        fixture.settle()
        #expect(fixture.list() == ["hello"])
        #expect(fixture.cacheText.contains("susi-hello") && !fixture.cacheText.contains("other-tool"),
                "only the prefixed names are kept: \(fixture.cacheText)")
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.cache)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Adding a command changes the directory's mtime: read again.
        try fixture.command("susi-world")
        #expect(fixture.list() == ["hello", "world"])
        #expect(fixture.list() == fixture.list(cached: false))
        // Removing one too.
        fixture.settle()
        _ = fixture.list()
        #expect(unlink(fixture.bin + "/susi-hello") == 0)
        #expect(fixture.list() == ["world"])
    }

    @Test func aRememberedSettledListingIsUsedWithoutReadingTheDirectory() throws {
        let fixture = try Fixture()
        try fixture.command("susi-hello")
        fixture.settle()
        #expect(fixture.list() == ["hello"])
        // The remembered entries are what is listed (the directory is not read):
        // a forged cache naming nothing for this directory's unchanged stamp lists nothing.
        let stamp = try #require(ExternalCommandCache.stamp(fixture.bin))
        #expect(stamp.settled)
        ExternalCommandCache(file: fixture.cache, prefix: "susi-")
            .save([ExternalCommandCache.Directory(path: fixture.bin, stamp: stamp.text, entries: [])])
        #expect(fixture.list() == [])
        #expect(fixture.list(cached: false) == ["hello"])
    }

    @Test func aDirectoryChangedJustNowIsReadEveryTimeAndNotRemembered() throws {
        let fixture = try Fixture()
        try fixture.command("susi-hello")
        let stamp = try #require(ExternalCommandCache.stamp(fixture.bin))
        #expect(!stamp.settled, "changed less than \(ExternalCommandCache.settleSeconds) s ago")
        // Even a cache naming nothing for its exact stamp is not trusted for it.
        ExternalCommandCache(file: fixture.cache, prefix: "susi-")
            .save([ExternalCommandCache.Directory(path: fixture.bin, stamp: stamp.text, entries: [])])
        #expect(fixture.list() == ["hello"])
        #expect(!fixture.cacheText.contains(fixture.bin), "a young directory is dropped from the cache")
    }

    @Test func executableBitsAreCheckedOnEveryUse() throws {
        let fixture = try Fixture()
        try fixture.command("susi-later", executable: false)
        try fixture.command("susi-now")
        fixture.settle()
        #expect(fixture.list() == ["now"])
        // chmod changes neither the directory's mtime nor its entries.
        #expect(chmod(fixture.bin + "/susi-later", 0o755) == 0)
        #expect(chmod(fixture.bin + "/susi-now", 0o644) == 0)
        #expect(fixture.list() == ["later"])
    }

    /// A FIFO or a link in the cache's place is no cache: never waited on
    /// (it would hang `susi --help` and Tab), never read through.
    @Test
    func aFIFOOrALinkInTheCachesPlaceIsIgnored() throws {
        let fixture = try Fixture()
        try fixture.command("susi-hello")
        try FileManager.default.createDirectory(atPath: fixture.root + "/cache", withIntermediateDirectories: true)
        #expect(mkfifo(fixture.cache, 0o600) == 0)
        #expect(ExternalCommandCache(file: fixture.cache, prefix: "susi-").load().isEmpty)
        let specs = fixture.root + "/cache/specs"
        #expect(mkfifo(specs, 0o600) == 0)
        #expect(ExternalSpecs(cacheFile: specs).loadCache().isEmpty)
        unlink(fixture.cache)
        let elsewhere = fixture.root + "/elsewhere"
        ExternalCommandCache(file: elsewhere, prefix: "susi-").save([.init(path: fixture.bin, stamp: "1", entries: ["susi-x"])])
        #expect(!ExternalCommandCache(file: elsewhere, prefix: "susi-").load().isEmpty)
        #expect(symlink(elsewhere, fixture.cache) == 0)
        #expect(ExternalCommandCache(file: fixture.cache, prefix: "susi-").load().isEmpty)
    }

    @Test func aDamagedOrForeignCacheIsIgnoredAndReplaced() throws {
        let fixture = try Fixture()
        try fixture.command("susi-hello")
        fixture.settle()
        try FileManager.default.createDirectory(atPath: fixture.root + "/cache", withIntermediateDirectories: true)
        for junk in [Data("not a cache".utf8), Data("susi-external-commands 1\u{0}susi-\u{0}\(fixture.bin)\u{0}x\u{0}99".utf8),
                     Data("susi-external-commands 1\u{0}git-\u{0}\(fixture.bin)\u{0}x\u{0}0".utf8)] {
            #expect(FileManager.default.createFile(atPath: fixture.cache, contents: junk))
            #expect(fixture.list() == ["hello"])
            #expect(fixture.cacheText.hasPrefix("susi-external-commands 1\u{0}susi-\u{0}"))
        }
    }
}
