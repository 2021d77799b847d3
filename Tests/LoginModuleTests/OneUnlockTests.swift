import Foundation
import SusiTestKit
import Testing
@testable import SusiVault
#if canImport(Glibc)
import Glibc
#endif

private let password = "Secret#123"
private let ada = "ada@example.com"

private func count(_ text: String, in haystack: String) -> Int {
    haystack.components(separatedBy: text).count - 1
}

/// A passphrase is asked at most once per process (issue 38, major 3).
@Suite("The passphrase is asked once")
struct OneUnlockTests {
    /// Sign-up on a terminal: the new passphrase (and its repetition) once,
    /// never again to save the voice; the unlock is offered at the end.
    @Test func onboardingWithSignUpAsksThePassphraseOnceAndOffersTheUnlockLast() throws {
        let home = try TemporaryHome()
        var susi = try home.loginHarness()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let result = susi.run(["onboard", "--server", "local", "--signup", "--email", ada, "--password-stdin",
                               "--voice", "en-US", "--speak", "--yes"],
                              stdin: "\(password)\npass phrase\npass phrase\nn\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(count("New passphrase for the credential file:", in: result.stderr) == 1, "\(result.stderr)")
        #expect(count("Passphrase for the credential file:", in: result.stderr) == 0, "\(result.stderr)")
        #expect(count("Keep the credential file unlocked", in: result.stderr) == 1, "\(result.stderr)")
        let offer = try #require(result.stderr.range(of: "Keep the credential file unlocked"))
        let lastStep = try #require(result.stderr.range(of: "4/4 Skills"))
        #expect(lastStep.upperBound < offer.lowerBound, "the unlock is offered at the end: \(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("pass phrase"))
    }

    /// Two commands in one process (the shell's scope, or onboarding's steps)
    /// share the key; a new process asks again.
    @Test func oneProcessAsksOnceAnotherAsksAgain() throws {
        let home = try TemporaryHome()
        _ = try home.signedUpWithPassphrase()
        var susi = try home.loginHarness()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let session = susi.session()
        let first = session.run(["login", "token"], stdin: "correct horse\n")
        #expect(first.status == 0, "\(first.stderr)")
        let second = session.run(["login", "token"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(count("Passphrase for the credential file:", in: first.stderr + second.stderr) == 1)
    }

    /// `login status` names the protection and whether it is unlocked.
    @Test func statusSaysWhichProtectionAndWhetherUnlocked() throws {
        let home = try TemporaryHome()
        let (susi, _) = try home.signedUpWithPassphrase()
        let locked = susi.run(["login", "status"])
        #expect(locked.stdout.contains("Protection:  passphrase, locked ('susi login unlock' keeps it unlocked for a while)\n"), "\(locked.stdout)")
        let json = susi.run(["--json", "login", "status"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["protection"] as? String == "passphrase")
        #expect(object["unlocked"] as? Bool == false)

        let other = try TemporaryHome()
        let machine = try other.loginHarness()
        machine.signUp()
        let status = machine.run(["login", "status"])
        #expect(status.stdout.contains("Protection:  machine key (nothing to unlock)\n"), "\(status.stdout)")
        let machineJSON = machine.run(["--json", "login", "status"])
        let machineObject = try #require(try JSONSerialization.jsonObject(with: Data(machineJSON.stdout.utf8)) as? [String: Any])
        #expect(machineObject["unlocked"] as? Bool == true)
    }
}

/// `susi login unlock` without XDG_RUNTIME_DIR, as ssh-agent: a private
/// folder it creates (0700, the user's, a random name) and checks.
@Suite("Unlock without XDG_RUNTIME_DIR", .serialized)
struct UnlockWithoutRuntimeDirTests {
    static func run(_ arguments: [String], home: TemporaryHome, stdin: String = "") throws -> EndToEnd.Result {
        try EndToEnd.run(arguments, home: home.path, stdin: stdin)
    }

    @Test func unlockCreatesAPrivateFolderAndAPipedChatWorks() throws {
        let home = try TemporaryHome()
        let (_, file) = try home.signedUpWithPassphrase()
        let before = try Self.run(["chat"], home: home, stdin: "hi\n")
        #expect(before.status == 77)

        let unlock = try Self.run(["login", "unlock", "--for", "10m", "--passphrase-file", file], home: home)
        #expect(unlock.status == 0, "\(unlock.stderr)")
        let socket = try VaultAgent.socketPath(environment: [:], credentialsFile: home.credentialsFile)
        // The folder: 0700, ours, a name nobody could guess, outside SUSI_HOME.
        let folder = String(socket[..<socket.lastIndex(of: "/")!])
        defer {
            VaultAgent.lock(socket: socket)
            try? FileManager.default.removeItem(atPath: folder)
        }
        #expect(VaultAgent.status(socket: socket) != nil)
        var info = stat()
        #expect(lstat(folder, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(info.st_uid == getuid())
        #expect(!folder.hasPrefix(home.path))
        let name = (folder as NSString).lastPathComponent
        #expect(name.hasPrefix("susi-") && name.count == 5 + 6 && !name.hasSuffix("XXXXXX"), "\(name)")

        let chat = try Self.run(["chat"], home: home, stdin: "hi\n")
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(!chat.stderr.contains("assphrase"))
        let status = try Self.run(["login", "status"], home: home)
        #expect(status.stdout.contains("Protection:  passphrase, unlocked until "), "\(status.stdout)")

        let lock = try Self.run(["login", "lock"], home: home)
        #expect(lock.status == 0)
        #expect(try Self.run(["chat"], home: home, stdin: "hi\n").status == 77)
    }

    /// A folder that fails the checks (here: others may enter it) is refused,
    /// and nothing is started in it.
    @Test func aFolderOthersCanEnterIsRefused() throws {
        let home = try TemporaryHome()
        let (_, file) = try home.signedUpWithPassphrase()
        let open = home.path + "/open-folder"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        chmod(open, 0o755)
        try Data((open + "\n").utf8).write(to: URL(fileURLWithPath: home.path + "/data/agent-folder"))
        chmod(home.path + "/data/agent-folder", 0o600)
        let unlock = try Self.run(["login", "unlock", "--passphrase-file", file], home: home)
        #expect(unlock.status == 77, "\(unlock.stderr)")
        #expect(unlock.stderr.contains("susi cannot keep the credential file unlocked: the agent folder \(open) "), "\(unlock.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: open).isEmpty)
    }
}
