import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts
import Testing
@testable import SusiVault
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder holding `susi/credentials` and `susi/key`, removed afterwards.
final class VaultHome {
    let root: String
    var folder: String { root + "/susi" }
    var credentials: String { folder + "/credentials" }
    var keyFile: String { folder + "/key" }

    init() throws {
        let base = NSTemporaryDirectory() + "susi-vault-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        root = (base as NSString).resolvingSymlinksInPath
    }

    deinit {
        chmod(folder, 0o700)
        try? FileManager.default.removeItem(atPath: root)
    }

    func passphraseVault(_ passphrase: String = "correct horse battery staple",
                         cost: KeyDerivationCost = .minimalForTesting) -> Vault {
        Vault(path: credentials, key: .passphrase(passphrase, cost: cost))
    }

    func machineVault() -> Vault { Vault(path: credentials, key: .machineKey(at: keyFile)) }

    func bytes(_ path: String? = nil) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path ?? credentials)))) ?? []
    }

    func overwrite(_ bytes: [UInt8], at path: String? = nil) throws {
        // Keeps the file's inode and mode: only the contents change.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path ?? credentials))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    func siblings() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

func entry(_ account: String, server: String = "https://api.susi.ai", token: String? = nil,
           expires: Date? = Date(timeIntervalSince1970: 1_900_000_000)) -> VaultEntry {
    VaultEntry(server: server, account: account, token: token ?? "tok-\(account)-s3cr3t",
               expires: expires, identity: .account(account))
}

/// The reportable error `body` throws; records an issue when it throws none.
func failure(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> (any ReportableError)? {
    do {
        try body()
        Issue.record("expected a failure", sourceLocation: sourceLocation)
    } catch let error as any ReportableError {
        return error
    } catch {
        Issue.record("not a ReportableError: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

func mode(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o7777
}

func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
}
