import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
#if canImport(Glibc)
import Glibc
#endif

/// A tiny tmpfs (root can mount one; elsewhere these tests are skipped):
/// the real full disk and the real read-only file system.
final class TinyFileSystem {
    static var available: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
    }

    let path: String

    init(kilobytes: Int) throws {
        path = NSTemporaryDirectory() + "susi-tmpfs-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path])
    }

    func remount(readOnly: Bool) throws {
        try Self.mount(["-o", "remount,\(readOnly ? "ro" : "rw")", path])
    }

    deinit {
        _ = try? Self.run("/bin/umount", ["-l", path])
        rmdir(path)
    }

    static func mount(_ arguments: [String]) throws {
        guard try run("/bin/mount", arguments) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = ChildEnvironment.make(home: ChildEnvironment.noHome)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Fills the file system to the last byte.
    func fill() {
        let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let block = [UInt8](repeating: 0x55, count: 4096)
        while block.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) > 0 {}
        var byte: UInt8 = 1
        while Glibc.write(fd, &byte, 1) > 0 {}
        close(fd)
    }

    func unfill() { unlink(path + "/filler") }
}

@Suite("Full disk and read-only file system (tiny tmpfs)", .serialized,
       .enabled(if: TinyFileSystem.available, "needs root and mount to create a tiny tmpfs"))
struct DiskFaultTests {
    /// The database and its write-ahead log (an empty or missing log is the same: nothing in it).
    func databaseBytes(_ home: String) -> [Data] {
        ["susi.db", "susi.db-wal"].map { FileManager.default.contents(atPath: home + "/data/" + $0) ?? Data() }
    }

    /// Nothing committed changed: the database file is as it was and the WAL
    /// (left in place by one-shot commands) still starts with the same frames.
    /// A write that failed may leave bytes after them that no reader takes
    /// (no commit frame ends them).
    func committedUnchanged(_ after: [Data], _ before: [Data]) -> Bool {
        after[0] == before[0] && after[1].count >= before[1].count && after[1].prefix(before[1].count) == before[1]
    }

    @Test func aFullDiskIsFullNotDamagedAndTheDatabaseSurvives() throws {
        let disk = try TinyFileSystem(kilobytes: 1024)
        let home = disk.path + "/home"
        let susi = InProcess(home: home)
        #expect(susi.run(["chat", "my name is kim"]).status == 0)
        disk.fill()
        let before = databaseBytes(home)
        let result = susi.run(["chat", "my name is lee"])
        #expect(result.status == 74, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: Cannot write to the database \(home)/data/susi.db: the disk is full"))
        #expect(result.stderr.contains("Free some space"))
        #expect(!result.stderr.contains("aside"), "never advice to throw away a healthy database")
        #expect(committedUnchanged(databaseBytes(home), before))
        disk.unfill()
        #expect(susi.run(["chat", "what is my name"]).stdout == "Your name is kim.\n")
    }

    @Test func aReadOnlyHomeIsTheSameCodeForChatAndConfigSet() throws {
        let disk = try TinyFileSystem(kilobytes: 2048)
        let home = disk.path + "/home"
        let susi = InProcess(home: home)
        #expect(susi.run(["chat", "hello"]).status == 0)
        try disk.remount(readOnly: true)
        defer { try? disk.remount(readOnly: false) }
        let before = databaseBytes(home)

        let chat = susi.run(["chat", "my name is kim"])
        #expect(chat.status == 73, "\(chat)")
        #expect(chat.stderr.hasPrefix("error: Cannot write to the database \(home)/data/susi.db: it or its folder is read-only"))
        #expect(!chat.stderr.contains("aside"))
        let config = susi.run(["config", "set", "room", "hall"])
        #expect(config.status == 73, "\(config)")
        #expect(config.stderr.hasPrefix("error: Cannot write to the config file \(home)/config/config.json: it or its folder is read-only"))
        #expect(databaseBytes(home) == before)
        #expect(!FileManager.default.fileExists(atPath: home + "/config/config.json"))
    }

    @Test func theCredentialFileOnAReadOnlyHomeIsTheSameStorageError() throws {
        let disk = try TinyFileSystem(kilobytes: 2048)
        let home = disk.path + "/home"
        let susi = try TemporaryHome().loginHarness(["SUSI_HOME": home, "HOME": home])
        let signup = susi.run(["login", "--signup", "--email", "ada@example.com", "--password-stdin", "--machine-key"],
                              stdin: "Secret#123\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        let passphrase = NSTemporaryDirectory() + "susi-pass-" + UUID().uuidString
        try Data("correct horse\n".utf8).write(to: URL(fileURLWithPath: passphrase))
        defer { unlink(passphrase) }
        let before = FileManager.default.contents(atPath: home + "/data/credentials")
        try disk.remount(readOnly: true)
        defer { try? disk.remount(readOnly: false) }

        let rekey = susi.run(["login", "key", "--passphrase", "--new-passphrase-file", passphrase])
        #expect(rekey.status == 73, "\(rekey)")
        #expect(rekey.stderr.hasPrefix("error: Cannot write to the session lock \(home)/state/session.lock: it or its folder is read-only"))
        #expect(FileManager.default.contents(atPath: home + "/data/credentials") == before)
    }

    @Test func theCredentialFileOnAFullDiskIsFullNotDamaged() throws {
        let disk = try TinyFileSystem(kilobytes: 2048)
        let home = disk.path + "/home"
        let susi = try TemporaryHome().loginHarness(["SUSI_HOME": home, "HOME": home])
        let signup = susi.run(["login", "--signup", "--email", "ada@example.com", "--password-stdin", "--machine-key"],
                              stdin: "Secret#123\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        let passphrase = NSTemporaryDirectory() + "susi-pass-" + UUID().uuidString
        try Data("correct horse\n".utf8).write(to: URL(fileURLWithPath: passphrase))
        defer { unlink(passphrase) }
        let before = FileManager.default.contents(atPath: home + "/data/credentials")
        disk.fill()
        defer { disk.unfill() }

        let rekey = susi.run(["login", "key", "--passphrase", "--new-passphrase-file", passphrase])
        #expect(rekey.status == 74, "\(rekey)")
        #expect(rekey.stderr.hasPrefix("error: Cannot write to the credential file \(home)/data/credentials: the disk is full"))
        #expect(!rekey.stderr.contains("reset-credentials"), "a healthy credential file is not to be moved aside")
        #expect(FileManager.default.contents(atPath: home + "/data/credentials") == before)
        disk.unfill()
        #expect(susi.run(["login", "status"]).status == 0)
    }
}
