import Foundation
import SusiBasics
import SusiCommands
import SusiCore
import SusiHost
import SusiLocal
import SusiPorts
import Testing
#if canImport(Glibc)
import Glibc
#endif

// The account the tests sign up (signUp defaults to it too), with this password.
private let password = "Secret#123"
private let ada = "ada@example.com"

extension TemporaryHome {
    /// The harness with the passphrase KDF at its minimal cost (set through
    /// the API, never an environment variable).
    public func loginHarness(_ extra: [String: String] = [:]) throws -> InProcess {
        CredentialAccess.passphraseCost = .minimalForTesting
        return try harness(extra)
    }

    public var credentialsFile: String { path + "/data/credentials" }
    public var sessionFile: String { path + "/state/session.json" }

    public func contents(_ file: String) -> Data? { FileManager.default.contents(atPath: file) }

    public func exists(_ file: String) -> Bool { FileManager.default.fileExists(atPath: file) }

    /// Every regular file under SUSI_HOME.
    public func allFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path + "/" + relative)
            }
        }
        return files
    }

    public func service() throws -> EmbeddedService {
        try EmbeddedService(paths: Paths(environment: ["SUSI_HOME": path]), environment: [:])
    }
}

extension InProcess {
    @discardableResult
    public func signUp(_ email: String = "ada@example.com", key: [String] = ["--machine-key"]) -> Result {
        let result = run(["login", "--signup", "--email", email, "--password-stdin"] + key, stdin: password + "\n")
        #expect(result.status == 0, "sign-up failed: \(result.stderr)")
        return result
    }

    public func token() -> String {
        run(["login", "token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension TemporaryHome {
    /// A private runtime folder (what XDG_RUNTIME_DIR is on a desktop).
    public func runtimeFolder() throws -> String {
        let folder = path + "/run"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o700)
        return folder
    }

    /// Signs ada up with a passphrase from a file (the minimal KDF cost, which
    /// the file's header keeps, so the binary unlocks it quickly too).
    public func signedUpWithPassphrase(_ extra: [String: String] = [:]) throws -> (susi: InProcess, passphraseFile: String) {
        let file = path + "/passphrase"
        try Data("correct horse\n".utf8).write(to: URL(fileURLWithPath: file))
        let susi = try loginHarness(extra)
        let result = susi.run(["login", "--signup", "--email", ada, "--password-stdin", "--passphrase-file", file], stdin: password + "\n")
        #expect(result.status == 0, "sign-up failed: \(result.stderr)")
        return (susi, file)
    }
}

extension TemporaryHome {
    /// A logged-in harness (ada, machine key) with these devices registered.
    public func withDevices(_ devices: [Device]) throws -> InProcess {
        let susi = try loginHarness()
        susi.signUp()
        let service = try service()
        for device in devices { try service.addDevice(device, token: susi.token()) }
        return susi
    }

    public func devices(_ susi: InProcess) throws -> [Device] {
        try service().devices(token: susi.token())
    }
}

public let speaker = Device(macAddress: "41:24:AA:9C:C5:78", name: "Speaker", room: "Kitchen")
public let radio = Device(macAddress: "00:11:22:33:44:55", name: "Radio", room: "Attic")
