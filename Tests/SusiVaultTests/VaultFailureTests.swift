import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import Testing
@testable import SusiVault
#if canImport(Glibc)
import Glibc
#endif

/// One flipped byte: where, how, and the exit status it must produce.
struct Tamper: CustomTestStringConvertible, Sendable {
    var region: String
    /// Negative offsets count from the end of the file.
    var offset: Int
    var mask: UInt8
    var exitCode: ExitCode
    var testDescription: String { "\(region) (byte \(offset) ^ \(mask)) → \(exitCode.rawValue)" }
}

@Suite("Vault failures")
struct VaultFailureTests {
    @Test func aWrongPassphraseExits77AndLeavesTheFileAlone() throws {
        let home = try VaultHome()
        try home.passphraseVault().store(entry("a@example.org"))
        let before = home.bytes()
        let wrong = home.passphraseVault("Correct horse battery staple")
        #expect(failure { try wrong.unlock() }?.exitCode == .noPermission)
        try home.passphraseVault().unlock()
        let error = failure { _ = try wrong.entries() }
        #expect(error?.exitCode == .noPermission)
        #expect(error?.message == "Wrong passphrase for the credential file.")
        #expect(error?.hint?.contains("--reset-credentials") == true)
        #expect(failure { try wrong.store(entry("b@example.org")) }?.exitCode == .noPermission)
        #expect(failure { try wrong.rekey(to: .passphrase("x", cost: .minimalForTesting)) }?.exitCode == .noPermission)
        #expect(home.bytes() == before)
        #expect(try home.passphraseVault().entries().count == 1)
    }

    // Flipping the salt, the KDF parameters (within bounds) or the key check
    // changes the key check's verdict: indistinguishable from a wrong
    // passphrase, by design (reference §4.3). Everything else is 65.
    static let passphraseTampers: [Tamper] = [
        Tamper(region: "magic", offset: 0, mask: 0x01, exitCode: .dataError),
        Tamper(region: "magic NUL", offset: 7, mask: 0x20, exitCode: .dataError),
        Tamper(region: "version", offset: 8, mask: 0x02, exitCode: .dataError),
        Tamper(region: "version to 0", offset: 8, mask: 0x01, exitCode: .dataError),
        Tamper(region: "key source", offset: 9, mask: 0x04, exitCode: .dataError),
        Tamper(region: "key source to machine key (its KDF fields must be 0)", offset: 9, mask: 0x03, exitCode: .dataError),
        Tamper(region: "flags", offset: 10, mask: 0x01, exitCode: .dataError),
        Tamper(region: "flags high byte", offset: 11, mask: 0x80, exitCode: .dataError),
        Tamper(region: "opslimit out of bounds", offset: 12, mask: 0x01, exitCode: .dataError),
        Tamper(region: "opslimit in bounds", offset: 12, mask: 0x02, exitCode: .noPermission),
        Tamper(region: "opslimit high byte", offset: 15, mask: 0x40, exitCode: .dataError),
        Tamper(region: "memlimit in bounds", offset: 16, mask: 0x01, exitCode: .noPermission),
        Tamper(region: "memlimit out of bounds", offset: 19, mask: 0x80, exitCode: .dataError),
        Tamper(region: "salt first", offset: 20, mask: 0x01, exitCode: .noPermission),
        Tamper(region: "salt last", offset: 35, mask: 0x80, exitCode: .noPermission),
        Tamper(region: "nonce first", offset: 36, mask: 0x01, exitCode: .dataError),
        Tamper(region: "nonce last", offset: 59, mask: 0x80, exitCode: .dataError),
        Tamper(region: "key check first", offset: 60, mask: 0x01, exitCode: .noPermission),
        Tamper(region: "key check last", offset: 75, mask: 0x80, exitCode: .noPermission),
        Tamper(region: "ciphertext first", offset: 76, mask: 0x01, exitCode: .dataError),
        Tamper(region: "ciphertext middle", offset: 200, mask: 0x10, exitCode: .dataError),
        Tamper(region: "ciphertext last (padding)", offset: -17, mask: 0x01, exitCode: .dataError),
        Tamper(region: "tag first", offset: -16, mask: 0x01, exitCode: .dataError),
        Tamper(region: "tag last", offset: -1, mask: 0x80, exitCode: .dataError),
    ]

    @Test(arguments: passphraseTampers)
    func aFlippedByteInAPassphraseFileIsDetected(_ tamper: Tamper) throws {
        let home = try VaultHome()
        try home.passphraseVault().store(entry("a@example.org"))
        try expectDetected(tamper, home: home, vault: home.passphraseVault())
    }

    static let machineKeyTampers: [Tamper] = [
        Tamper(region: "key source to passphrase (KDF fields 0: out of bounds)", offset: 9, mask: 0x03, exitCode: .dataError),
        Tamper(region: "opslimit set", offset: 12, mask: 0x01, exitCode: .dataError),
        Tamper(region: "memlimit set", offset: 16, mask: 0x01, exitCode: .dataError),
        Tamper(region: "salt (authenticated, unused by the key)", offset: 25, mask: 0x01, exitCode: .dataError),
        Tamper(region: "nonce", offset: 40, mask: 0x01, exitCode: .dataError),
        Tamper(region: "key check", offset: 70, mask: 0x01, exitCode: .noPermission),
        Tamper(region: "ciphertext", offset: 100, mask: 0x01, exitCode: .dataError),
        Tamper(region: "tag", offset: -3, mask: 0x01, exitCode: .dataError),
    ]

    @Test(arguments: machineKeyTampers)
    func aFlippedByteInAMachineKeyFileIsDetected(_ tamper: Tamper) throws {
        let home = try VaultHome()
        try home.machineVault().store(entry("a@example.org"))
        try expectDetected(tamper, home: home, vault: home.machineVault())
    }

    private func expectDetected(_ tamper: Tamper, home: VaultHome, vault: Vault) throws {
        var bytes = home.bytes()
        let index = tamper.offset >= 0 ? tamper.offset : bytes.count + tamper.offset
        bytes[index] ^= tamper.mask
        try home.overwrite(bytes)
        #expect(failure { _ = try vault.entries() }?.exitCode == tamper.exitCode)
        #expect(failure { try vault.store(entry("b@example.org")) }?.exitCode == tamper.exitCode)
        #expect(failure { _ = try vault.remove(server: "https://api.susi.ai", account: "a@example.org") }?
            .exitCode == tamper.exitCode)
        #expect(home.bytes() == bytes, "the damaged file must stay exactly as it was")
        #expect(mode(home.credentials) == 0o600)
    }

    @Test(arguments: [0, 1, 7, 8, 9, 40, 75, 76, 91, 92, 200, -1])
    func aTruncatedFileExits65AndStaysAsItIs(_ length: Int) throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("a@example.org"))
        let full = home.bytes()
        let kept = Array(full.prefix(length >= 0 ? length : full.count + length))
        try home.overwrite(kept)
        let error = failure { _ = try home.passphraseVault().entries() }
        #expect(error?.exitCode == .dataError)
        #expect(error?.hint?.contains("--reset-credentials") == true)
        #expect(failure { try vault.store(entry("b@example.org")) }?.exitCode == .dataError)
        #expect(home.bytes() == kept)
    }

    @Test func aNewerFormatIsRefusedClearly() throws {
        let home = try VaultHome()
        try home.passphraseVault().store(entry("a@example.org"))
        var bytes = home.bytes()
        bytes[8] = 2
        try home.overwrite(bytes)
        let error = failure { _ = try home.passphraseVault().entries() }
        #expect(error?.exitCode == .dataError)
        #expect(error?.message == "The credential file \(home.credentials) uses format version 2, written by a newer susi.")
        #expect(error?.hint?.contains("Upgrade susi") == true)
        #expect(failure { _ = try Vault.status(at: home.credentials) }?.exitCode == .dataError)
        #expect(home.bytes() == bytes)
    }

    @Test func somethingElseEntirelyIsNotACredentialFile() throws {
        let home = try VaultHome()
        try home.passphraseVault().store(entry("a@example.org"))
        try home.overwrite(Array("{\"access_token\": \"plaintext\"}".utf8))
        let error = failure { _ = try home.passphraseVault().entries() }
        #expect(error?.exitCode == .dataError)
        #expect(error?.message.contains("not a susi credential file") == true)
    }

    @Test func aGroupOrWorldReadableFileIsRefusedWithAHint() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("a@example.org"))
        let before = home.bytes()
        chmod(home.credentials, 0o644)
        for attempt: () throws -> Void in [{ _ = try vault.entries() }, { try vault.store(entry("b@example.org")) },
                                           { _ = try Vault.status(at: home.credentials) }] {
            let error = failure(attempt)
            #expect(error is UnsafeFileError)
            #expect(error?.exitCode == .noPermission)
            #expect(error?.message == "Refusing to use \(home.credentials): its permissions 644 let other users read it.")
            #expect(error?.hint?.contains("chmod 600 \(home.credentials)") == true)
        }
        #expect(mode(home.credentials) == 0o644, "refused, not silently repaired")
        #expect(home.bytes() == before)
        chmod(home.credentials, 0o640)
        #expect(failure { _ = try vault.entries() }?.exitCode == .noPermission)
        chmod(home.credentials, 0o600)
        #expect(try vault.entries().count == 1)
    }

    @Test func aSharedFolderIsRefusedWithAHint() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("a@example.org"))
        chmod(home.folder, 0o755)
        let error = failure { _ = try vault.entries() }
        #expect(error?.exitCode == .noPermission)
        #expect(error?.hint?.contains("chmod 700 \(home.folder)") == true)
        #expect(failure { try vault.store(entry("b@example.org")) }?.exitCode == .noPermission)
    }

    @Test func aSymbolicLinkInPlaceOfTheFileIsRefusedWithAHint() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("a@example.org"))
        let real = home.folder + "/elsewhere"
        #expect(rename(home.credentials, real) == 0)
        #expect(symlink(real, home.credentials) == 0)
        let before = home.bytes(real)
        for attempt: () throws -> Void in [{ _ = try vault.entries() }, { try vault.store(entry("b@example.org")) },
                                           { try vault.rekey(to: .machineKey(at: home.keyFile)) }] {
            let error = failure(attempt)
            #expect(error?.exitCode == .noPermission)
            #expect(error?.message == "Refusing to use \(home.credentials): it is a symbolic link.")
            #expect(error?.hint?.contains("never through a link") == true)
        }
        var info = stat()
        #expect(lstat(home.credentials, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link is still there")
        #expect(home.bytes(real) == before)
        #expect(!FileManager.default.fileExists(atPath: home.keyFile))

        // A dangling link is refused too: nothing is written through it.
        #expect(unlink(home.credentials) == 0)
        #expect(symlink(home.root + "/target-does-not-exist", home.credentials) == 0)
        #expect(failure { try vault.store(entry("b@example.org")) }?.exitCode == .noPermission)
        #expect(!FileManager.default.fileExists(atPath: home.root + "/target-does-not-exist"))
    }

    @Test func aLeftoverTempFileFromAnInterruptedWriteDoesNotMatter() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("a@example.org"))
        let old = home.bytes()
        // What a write killed before its rename leaves: a partial temp file beside the vault.
        try vault.store(entry("b@example.org"))
        let newer = home.bytes()
        try home.overwrite(old)
        let leftover = home.credentials + ".tmp-99999-12345"
        _ = FileManager.default.createFile(atPath: leftover, contents: Data(newer.prefix(100)),
                                       attributes: [.posixPermissions: 0o600])
        #expect(try home.passphraseVault().entries().map(\.account) == ["a@example.org"])
        try vault.store(entry("c@example.org"))
        #expect(try home.passphraseVault().entries().map(\.account) == ["a@example.org", "c@example.org"])
        #expect(home.bytes(leftover) == Array(newer.prefix(100)))
    }

    @Test func theWrongKindOfKeyIsRefusedWithoutFallingBack() throws {
        let home = try VaultHome()
        try home.passphraseVault().store(entry("a@example.org"))
        let before = home.bytes()
        let error = failure { _ = try home.machineVault().entries() }
        #expect(error?.exitCode == .noPermission)
        #expect(error?.message == "The credential file \(home.credentials) is protected by a passphrase, not a machine key file.")
        #expect(failure { try home.machineVault().store(entry("b@example.org")) }?.exitCode == .noPermission)
        #expect(!FileManager.default.fileExists(atPath: home.keyFile), "no key file is made behind the caller's back")
        #expect(home.bytes() == before)

        let other = try VaultHome()
        try other.machineVault().store(entry("a@example.org"))
        #expect(failure { _ = try other.passphraseVault().entries() }?.message
            == "The credential file \(other.credentials) is protected by a machine key file, not a passphrase.")
    }

    @Test func aMissingOrReplacedMachineKeyIsReportedAndNeverRegenerated() throws {
        let home = try VaultHome()
        try home.machineVault().store(entry("a@example.org"))
        let before = home.bytes()
        let key = home.bytes(home.keyFile)
        #expect(unlink(home.keyFile) == 0)
        let missing = failure { _ = try home.machineVault().entries() }
        #expect(missing?.exitCode == .noInput)
        #expect(missing?.message.contains(home.keyFile) == true)
        #expect(failure { try home.machineVault().store(entry("b@example.org")) }?.exitCode == .noInput)
        #expect(!FileManager.default.fileExists(atPath: home.keyFile))
        #expect(home.bytes() == before)

        _ = FileManager.default.createFile(atPath: home.keyFile, contents: Data(key.map { $0 ^ 1 }),
                                       attributes: [.posixPermissions: 0o600])
        #expect(failure { _ = try home.machineVault().entries() }?.exitCode == .noPermission)
        try home.overwrite(key, at: home.keyFile)
        chmod(home.keyFile, 0o644)
        #expect(failure { _ = try home.machineVault().entries() } is UnsafeFileError)
        chmod(home.keyFile, 0o600)
        try home.overwrite(Array(key.prefix(16)), at: home.keyFile)
        #expect(failure { _ = try home.machineVault().entries() }?.exitCode == .dataError)
        try home.overwrite(key, at: home.keyFile)
        #expect(try home.machineVault().entries().count == 1)
    }

    @Test func moveAsideRenamesTheDamagedFileAndNeverDeletesIt() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("a@example.org"))
        var bytes = home.bytes()
        bytes[100] ^= 1
        try home.overwrite(bytes)
        #expect(failure { _ = try vault.entries() }?.exitCode == .dataError)

        let when = Date(timeIntervalSince1970: 1_767_323_045) // 2026-01-02 03:04:05 UTC
        let moved = try vault.moveAside(now: when)
        #expect(moved == home.credentials + ".corrupt-20260102T030405Z")
        #expect(home.bytes(moved) == bytes)
        #expect(mode(try #require(moved)) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: home.credentials))

        // Starting afresh works, and a second reset in the same second keeps both.
        try vault.store(entry("b@example.org"))
        #expect(try vault.entries().map(\.account) == ["b@example.org"])
        let second = try Vault.moveAside(home.credentials, now: when)
        #expect(second == home.credentials + ".corrupt-20260102T030405Z-2")
        #expect(home.bytes(moved) == bytes)
        #expect(try Vault.moveAside(home.credentials, now: when) == nil, "nothing left to move")
        #expect(home.siblings() == ["credentials.corrupt-20260102T030405Z", "credentials.corrupt-20260102T030405Z-2",
                                    "credentials.lock"])
    }
}
