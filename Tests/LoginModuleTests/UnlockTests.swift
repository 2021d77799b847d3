import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore
import SusiNet
@testable import SusiVault
@testable import LoginModule
#if canImport(Glibc)
import Glibc
#endif

private let password = "Secret#123"
private let ada = "ada@example.com"

@Suite("susi login unlock, lock and the passphrase on every command")
struct UnlockTests {
    @Test func thePassphraseFileIsAGlobalOption() throws {
        let home = try TemporaryHome()
        let (susi, file) = try home.signedUpWithPassphrase()
        #expect(susi.run(["chat", "my name is kim", "--passphrase-file", file]).status == 0)
        let chat = susi.run(["--passphrase-file", file, "chat", "what is my name"])
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(chat.stdout.contains("Your name is kim."))
        #expect(susi.run(["login", "token", "--passphrase-file", file]).status == 0)

        let before = home.contents(home.credentialsFile)
        let missing = susi.run(["chat", "hello", "--passphrase-file", home.path + "/nope"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("The passphrase file \(home.path)/nope does not exist."))
        #expect(missing.stdout.isEmpty)
        #expect(home.contents(home.credentialsFile) == before)
    }

    @Test func noInputSaysPromptingIsDisabled() throws {
        let home = try TemporaryHome()
        var (susi, _) = try home.signedUpWithPassphrase()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let chat = susi.run(["chat", "hello", "--no-input"])
        #expect(chat.status == 77)
        #expect(chat.stderr.contains("protected by a passphrase, and prompting is disabled by --no-input."))
        #expect(!chat.stderr.contains("no terminal"))
        #expect(chat.stderr.contains("susi login unlock"))

        let viaVariable = try home.loginHarness(["SUSI_NO_INPUT": "1"]).run(["chat", "hello"])
        #expect(viaVariable.status == 77)
        #expect(viaVariable.stderr.contains("prompting is disabled by SUSI_NO_INPUT"))

        let email = susi.run(["login", "--no-input", "--password-stdin"], stdin: password + "\n")
        #expect(email.status == 64)
        #expect(email.stderr.contains("The e-mail address is needed, and prompting is disabled by --no-input: pass --email."))

        susi.stdinTTY = false
        let piped = susi.run(["chat", "hello"])
        #expect(piped.stderr.contains("and there is no terminal to ask on."))
    }

    @Test func aRejectedSusiTokenSaysToUnsetIt() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness(["SUSI_TOKEN": "not-a-valid-token"])
        let passwd = susi.run(["login", "passwd", "--password-stdin"], stdin: "\(password)\nNewer#4567\n")
        #expect(passwd.status == 77)
        #expect(passwd.stderr.contains("unset SUSI_TOKEN to use your stored login"))
        #expect(!passwd.stderr.contains("Log in again"))
        let status = susi.run(["login", "status"])
        #expect(status.status == 77)
        #expect(status.stderr.contains("Unset SUSI_TOKEN to use your stored login"))
        #expect(!home.exists(home.credentialsFile))
    }

    /// Without XDG_RUNTIME_DIR unlock makes its own private folder
    /// (UnlockWithoutRuntimeDirTests); a relative one is still refused.
    @Test func unlockRefusesARelativeRuntimeFolder() throws {
        let home = try TemporaryHome()
        let (_, file) = try home.signedUpWithPassphrase()
        let relative = try home.loginHarness(["XDG_RUNTIME_DIR": "run"]).run(["login", "unlock", "--passphrase-file", file])
        #expect(relative.status == 69)
        #expect(relative.stderr.contains("XDG_RUNTIME_DIR is not an absolute path"))
    }

    @Test func unlockRefusesABadDuration() throws {
        let home = try TemporaryHome()
        let runtime = try home.runtimeFolder()
        let (_, file) = try home.signedUpWithPassphrase()
        let susi = try home.loginHarness(["XDG_RUNTIME_DIR": runtime])
        for (value, message) in [("10", "'10' is not a duration for --for"), ("2x", "'2x' is not a duration"),
                                 ("0s", "--for 0s is out of range"), ("8d", "at most 7d"), ("h", "'h' is not a duration")] {
            let result = susi.run(["login", "unlock", "--for", value, "--passphrase-file", file])
            #expect(result.status == 64, "\(value)")
            #expect(result.stderr.contains(message), "\(value): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime).isEmpty)
    }

    @Test func durations() throws {
        #expect(try LoginModule.parseDuration("30m") == 1800)
        #expect(try LoginModule.parseDuration("2h") == 7200)
        #expect(try LoginModule.parseDuration("1d") == 86400)
        #expect(try LoginModule.parseDuration("1h30m") == 5400)
        #expect(try LoginModule.parseDuration("2S") == 2)
        #expect(LoginModule.describe(8 * 3600) == "8 hours")
        #expect(LoginModule.describe(90) == "90 seconds")
    }

    @Test func unlockNeedsAPassphraseFileToUnlock() throws {
        let home = try TemporaryHome()
        let runtime = try home.runtimeFolder()
        let susi = try home.loginHarness(["XDG_RUNTIME_DIR": runtime])
        let none = susi.run(["login", "unlock"])
        #expect(none.status == 66)
        #expect(none.stderr.contains("There is no credential file at \(home.credentialsFile) to unlock."))
        #expect(!home.exists(home.credentialsFile))

        susi.signUp()
        let before = home.contents(home.credentialsFile)
        let machine = susi.run(["login", "unlock"])
        #expect(machine.status == 1)
        #expect(machine.stderr.contains("protected by the machine key file, which needs no unlocking"))
        #expect(home.contents(home.credentialsFile) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime).filter { $0 != "susi" }.isEmpty)
    }

    @Test func aWrongPassphraseStartsNoAgent() throws {
        let home = try TemporaryHome()
        let runtime = try home.runtimeFolder()
        let (_, _) = try home.signedUpWithPassphrase()
        let wrong = home.path + "/wrong"
        try Data("battery staple\n".utf8).write(to: URL(fileURLWithPath: wrong))
        let susi = try home.loginHarness(["XDG_RUNTIME_DIR": runtime])
        let before = home.contents(home.credentialsFile)
        let result = susi.run(["login", "unlock", "--passphrase-file", wrong])
        #expect(result.status == 77)
        #expect(result.stderr.contains("Wrong passphrase"))
        #expect(!result.stderr.contains("battery"))
        #expect(home.contents(home.credentialsFile) == before)
        let socket = try VaultAgent.socketPath(environment: ["XDG_RUNTIME_DIR": runtime], credentialsFile: home.credentialsFile)
        #expect(!FileManager.default.fileExists(atPath: socket))

        let locked = susi.run(["login", "lock"])
        #expect(locked.status == 0)
        #expect(locked.stderr.contains("The credential file was not unlocked; nothing to lock."))
        let status = susi.run(["login", "status"])
        #expect(status.stdout.contains("Protection:  passphrase, locked ('susi login unlock' keeps it unlocked for a while)"))
    }

    @Test func theAgentCommandIsNotForDirectUse() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["login", "__agent"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("is started by 'susi login unlock'"))
        #expect(!(try home.harness().run(["login", "--help"]).stdout.contains("__agent")))
    }
}

/// The built binary: an agent really starts, answers every command, locks and expires.
@Suite("Unlock agent end to end", .serialized)
struct UnlockEndToEndTests {
    typealias Run = EndToEnd.Result

    static func run(_ arguments: [String], home: TemporaryHome, runtime: String, stdin: String = "") throws -> Run {
        try EndToEnd.run(arguments, home: home.path, extra: ["XDG_RUNTIME_DIR": runtime], stdin: stdin)
    }

    @Test func unlockOnceThenPipedChatWorksUntilLockOrExpiry() throws {
        let home = try TemporaryHome()
        let runtime = try home.runtimeFolder()
        let (_, file) = try home.signedUpWithPassphrase()
        let socket = try VaultAgent.socketPath(environment: ["XDG_RUNTIME_DIR": runtime], credentialsFile: home.credentialsFile)
        defer { VaultAgent.lock(socket: socket) }

        let before = try Self.run(["chat"], home: home, runtime: runtime, stdin: "hi\n")
        #expect(before.status == 77)
        #expect(before.stderr.contains("susi login unlock"))

        let unlock = try Self.run(["login", "unlock", "--for", "1h", "--passphrase-file", file], home: home, runtime: runtime)
        #expect(unlock.status == 0, "\(unlock.stderr)")
        #expect(unlock.stderr.contains("Unlocked until "))
        #expect(unlock.stderr.contains("(1 hour)"))
        let state = try #require(VaultAgent.status(socket: socket))

        // Nothing secret reaches the agent's argv or environment, and it keeps only its socket open.
        let environ = FileManager.default.contents(atPath: "/proc/\(state.pid)/environ") ?? Data("?".utf8)
        #expect(environ.isEmpty)
        let cmdline = String(decoding: FileManager.default.contents(atPath: "/proc/\(state.pid)/cmdline") ?? Data(), as: UTF8.self)
        #expect(cmdline == "susi\0login\0__agent\0serve\0")
        // The status request's connection may still be closing: wait for it (at most 2 s).
        var fds: [Int] = []
        let settle = Date().addingTimeInterval(2)
        repeat {
            fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(state.pid)/fd").compactMap(Int.init).sorted()
            if fds == [0, 1, 2, 3] { break }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < settle
        #expect(fds == [0, 1, 2, 3], "\(fds)")
        let status = String(decoding: FileManager.default.contents(atPath: "/proc/\(state.pid)/status") ?? Data(), as: UTF8.self)
        #expect(status.contains("PPid:\t1\n") || !status.contains("PPid:\t\(getpid())\n"))

        let chat = try Self.run(["chat"], home: home, runtime: runtime, stdin: "my name is kim\nwhat is my name\n")
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(chat.stdout.contains("Your name is kim."))
        let loginStatus = try Self.run(["login", "status"], home: home, runtime: runtime)
        #expect(loginStatus.status == 0)
        #expect(loginStatus.stdout.contains("Protection:  passphrase, unlocked until "))
        #expect(loginStatus.stdout.contains("Token:       "))
        #expect(!loginStatus.stdout.contains("locked (pass"))

        let lock = try Self.run(["login", "lock"], home: home, runtime: runtime)
        #expect(lock.status == 0)
        #expect(lock.stderr.contains("Locked: the agent forgot the key."))
        #expect(!FileManager.default.fileExists(atPath: socket))
        #expect(try Self.run(["chat"], home: home, runtime: runtime, stdin: "hi\n").status == 77)

        let short = try Self.run(["login", "unlock", "--for", "2s", "--passphrase-file", file], home: home, runtime: runtime)
        #expect(short.status == 0, "\(short.stderr)")
        #expect(try Self.run(["chat"], home: home, runtime: runtime, stdin: "hi\n").status == 0)
        Thread.sleep(forTimeInterval: 3.5)
        let expired = try Self.run(["chat"], home: home, runtime: runtime, stdin: "hi\n")
        #expect(expired.status == 77)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func aNewKeyEndsTheAgent() throws {
        let home = try TemporaryHome()
        let runtime = try home.runtimeFolder()
        let (_, file) = try home.signedUpWithPassphrase()
        let socket = try VaultAgent.socketPath(environment: ["XDG_RUNTIME_DIR": runtime], credentialsFile: home.credentialsFile)
        defer { VaultAgent.lock(socket: socket) }
        #expect(try Self.run(["login", "unlock", "--passphrase-file", file], home: home, runtime: runtime).status == 0)
        #expect(VaultAgent.status(socket: socket) != nil)
        // The key changes in-process (minimal cost); the agent notices within a second or so.
        let rekey = try home.loginHarness(["XDG_RUNTIME_DIR": runtime]).run(["login", "key", "--machine-key"])
        #expect(rekey.status == 0, "\(rekey.stderr)")
        var gone = false
        for _ in 0..<50 where !gone {
            Thread.sleep(forTimeInterval: 0.1)
            gone = !FileManager.default.fileExists(atPath: socket)
        }
        #expect(gone)
    }
}
