import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore
#if canImport(Glibc)
import Glibc
#endif

/// One session for the whole shell: the credential file is unlocked once,
/// and the shell's global options hold for every line.
@Suite struct ShellSessionTests {
    /// How often `path` is opened while `body` runs (inotify's IN_OPEN; the
    /// close events are watched too, since inotify merges repeated identical
    /// events that are still unread, and an open after a close is never merged).
    static func opens(of path: String, during body: () -> Void) throws -> Int {
        let watcher = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(watcher >= 0)
        defer { close(watcher) }
        try #require(inotify_add_watch(watcher, path, UInt32(IN_OPEN) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_CLOSE_NOWRITE)) >= 0)
        body()
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
            guard length > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= length {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                if event.mask & UInt32(IN_OPEN) != 0 { count += 1 }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
        return count
    }

    @Test func thePassphraseIsAskedOnceForEveryLineThatNeedsTheLogin() throws {
        let home = try TemporaryHome()
        var (susi, _) = try home.signedUpWithPassphrase()
        let token = susi.run(["login", "token", "--passphrase-file", home.path + "/passphrase"]).stdout
        #expect(token.count > 10)
        susi.stdinTTY = true
        susi.stdoutTTY = true
        // Were it asked again, the next command line would be taken as the passphrase.
        let result = susi.run(["shell"], stdin: "login token\ncorrect horse\nchat my name is kim\nlogin token\nchat what is my name\nlogin status\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "Passphrase for the credential file:").count == 2, "asked once: \(result.stderr)")
        #expect(!result.stderr.contains("Wrong passphrase"))
        #expect(result.stdout.components(separatedBy: token).count == 3, "both token lines printed it")
        #expect(result.stdout.contains("Your name is kim."))
        #expect(result.stdout.contains("ada@example.com"))
    }

    @Test func thePassphraseFileIsReadOnceForTheWholeScript() throws {
        let home = try TemporaryHome()
        let (susi, file) = try home.signedUpWithPassphrase()
        var result: InProcess.Result?
        let opened = try Self.opens(of: file) {
            result = susi.run(["--passphrase-file", file, "shell"], stdin: "login token\nchat my name is kim\nchat what is my name\nlogin status\n")
        }
        let run = try #require(result)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Your name is kim."))
        #expect(run.stdout.contains("ada@example.com"))
        #expect(opened == 1, "the passphrase file was opened \(opened) times")
        // Each command on its own reads it again: the key lives only as long as the shell.
        let again = try Self.opens(of: file) {
            #expect(susi.run(["login", "token", "--passphrase-file", file]).status == 0)
        }
        #expect(again == 1)
    }

    @Test func loginLockInTheShellForgetsTheKeptKey() throws {
        let home = try TemporaryHome()
        let (susi, file) = try home.signedUpWithPassphrase()
        let result = susi.run(["--passphrase-file", file, "shell", "--keep-going"], stdin: "login token\nlogin lock\nlogin token --no-input\n")
        #expect(result.stderr.contains("Locked: this shell forgot the key. Commands ask for the passphrase again."), "\(result.stderr)")
        // The shell's --passphrase-file still holds: the third line reads it again.
        #expect(result.status == 0, "\(result.stderr)")
        let opened = try Self.opens(of: file) {
            _ = susi.run(["--passphrase-file", file, "shell"], stdin: "login token\nlogin lock\nlogin token\n")
        }
        #expect(opened == 2, "read again after the lock")
    }

    @Test func aWrongPassphraseIsNotKeptAndNothingChanges() throws {
        let home = try TemporaryHome()
        var (susi, _) = try home.signedUpWithPassphrase()
        let token = susi.run(["login", "token", "--passphrase-file", home.path + "/passphrase"]).stdout
        let before = home.contents(home.credentialsFile)
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let result = susi.run(["shell"], stdin: "login token --no-input\nlogin token\nnope\nnope\nnope\nlogin token\ncorrect horse\n")
        #expect(result.stderr.contains("prompting is disabled by --no-input"), "a line's own --no-input")
        #expect(result.stderr.contains("Wrong passphrase; try again."))
        #expect(result.stderr.components(separatedBy: "Passphrase for the credential file:").count == 5, "three wrong, then asked again")
        #expect(result.stdout.components(separatedBy: token).count == 2, "one token printed")
        #expect(home.contents(home.credentialsFile) == before)
    }

    @Test func theShellsGlobalOptionsHoldForEveryLineUnlessALineGivesItsOwn() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let quiet = susi.run(["--quiet", "--offline", "shell"], stdin: "room set Kitchen\nconfig get network\nroom set Attic -v\n")
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("Set room to Kitchen."), "--quiet holds")
        #expect(quiet.stderr.contains("Set room to Attic."), "a line's -v overrides the shell's --quiet")
        #expect(quiet.stdout == "off\n", "--offline holds")

        let json = susi.run(["--json", "shell"], stdin: "room list\nconfig path\n")
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.hasPrefix("["))
        #expect(json.stdout.contains("\"path\" : "))

        var terminal = susi
        terminal.stdinTTY = true
        terminal.stdoutTTY = true
        let noInput = terminal.run(["--no-input", "shell"], stdin: "room pick\n")
        #expect(noInput.stderr.contains("error: Picking a room needs a terminal."), "--no-input holds: \(noInput.stderr)")
    }

    @Test func jsonFieldsForTheWholeShellAreRefused() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["--json=name", "shell"], stdin: "room set Kitchen\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: susi shell takes --json without fields: its lines print different things."))
        #expect(result.stderr.contains("skills list --json=name,group"))
        #expect(!FileManager.default.fileExists(atPath: home.configFile), "no line ran")
    }
}
