import Foundation
import SusiCommands
import SusiTestKit
import Testing
@testable import SusiHost
import SusiVault
import SusiTestSupport
#if canImport(Glibc)
import Glibc
#endif

private let ada = "ada@example.com"
/// Two passwords that differ only in bytes that are not UTF-8: a lossy
/// decoding makes both "Secr3t!\u{FFFD}\u{FFFD}Abc1".
private let first = Array("Secr3t!".utf8) + [0xFF, 0xFE] + Array("Abc1".utf8)
private let second = Array("Secr3t!".utf8) + [0xFE, 0xFF] + Array("Abc1".utf8)

@Suite("Outside input is taken exactly or refused")
struct HostileInputTests {
    @Test func aPasswordThatIsNotUTF8IsRefusedEverywhere() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        for (arguments, stdin) in [
            (["login", "--signup", "--email", ada, "--password-stdin", "--machine-key"], first + [0x0A]),
            (["login", "--email", ada, "--password-stdin", "--machine-key"], second + [0x0A]),
        ] {
            let result = susi.run(arguments, stdinBytes: stdin)
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr == "error: The password is not valid UTF-8; it was not used.\nsusi takes text as UTF-8 and never guesses at other bytes.\n")
            #expect(result.stdout == "")
            #expect(!result.stderr.contains("Secr3t") && !result.stderr.contains("Abc1"))
        }
        // Nothing was created: no account, no session, no credential file.
        #expect(!home.exists(home.sessionFile))
        #expect(!home.exists(home.credentialsFile))
        #expect(try home.service().isRegistered(email: ada) == false)

        // On a terminal the prompt refuses it the same way.
        var terminal = try home.loginHarness()
        terminal.stdinTTY = true
        terminal.stdoutTTY = true
        let prompted = terminal.run(["login", "--signup", "--email", ada, "--machine-key"], stdinBytes: first + [0x0A])
        #expect(prompted.status == 65, "\(prompted.stderr)")
        #expect(prompted.stderr.contains("error: The password is not valid UTF-8; it was not used."))
        #expect(try home.service().isRegistered(email: ada) == false)

        // A UTF-8 password still works, exactly.
        let fine = susi.run(["login", "--signup", "--email", ada, "--password-stdin", "--machine-key"], stdin: "Secr3t!ÿþAbc1\n")
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test func aPassphraseThatIsNotUTF8OrTooLongIsRefused() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let file = home.path + "/passphrase"
        try Data(first + [0x0A]).write(to: URL(fileURLWithPath: file))
        let result = susi.run(["login", "--signup", "--email", ada, "--password-stdin", "--passphrase-file", file],
                              stdin: "Secr3t!Abc1\n")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: The passphrase in \(file) is not valid UTF-8; it was not used.\n"))
        #expect(!home.exists(home.credentialsFile))

        try Data(repeating: 0x61, count: 5000).write(to: URL(fileURLWithPath: file))
        let long = susi.run(["login", "--signup", "--email", ada, "--password-stdin", "--passphrase-file", file],
                            stdin: "Secr3t!Abc1\n")
        #expect(long.status == 65)
        #expect(long.stderr == "error: The passphrase in \(file) is longer than 4 KiB, the limit; nothing was taken from it.\n")

        let variable = try home.loginHarness([CredentialAccess.passphraseVariable: String(repeating: "a", count: 5000)])
            .run(["login", "--signup", "--email", ada, "--password-stdin"], stdin: "Secr3t!Abc1\n")
        #expect(variable.status == 65)
        #expect(variable.stderr == "error: SUSI_PASSPHRASE is longer than 4 KiB, the limit; nothing was taken from it.\n")
        #expect(!home.exists(home.credentialsFile))
        #expect(try home.service().isRegistered(email: ada) == false)
    }

    @Test func aQueryLineWithNULOrBadUTF8StopsTheBatchThere() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let nul = susi.run(["chat"], stdinBytes: Array("hello\nhel".utf8) + [0] + Array("lo\nhello\n".utf8))
        #expect(nul.status == 65)
        #expect(nul.stdout == "Hello! How can I help you today?\n")
        #expect(nul.stderr == "error: Line 2 of standard input contains a NUL byte; it was not used.\n")
        let bad = susi.run(["chat"], stdinBytes: Array("hel".utf8) + [0xC3] + Array("lo\n".utf8))
        #expect(bad.status == 65)
        #expect(bad.stdout == "")
        #expect(bad.stderr.hasPrefix("error: Line 1 of standard input is not valid UTF-8; it was not used.\n"))
        // Nothing of the refused lines reached the history.
        let history = susi.run(["chat", "history"])
        #expect(history.stdout.split(separator: "\n").count == 1, "\(history.stdout)")
    }

    @Test func aLongLineIsRefusedWithItsLimit() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let long = susi.run(["chat"], stdinBytes: [UInt8](repeating: 0x61, count: (1 << 20) + 2) + [0x0A])
        #expect(long.status == 65)
        #expect(long.stdout == "")
        #expect(long.stderr == "error: Line 1 of standard input is longer than 1 MiB, the limit; nothing was taken from it.\n")
        // Exactly the limit is fine (CRLF too).
        let atLimit = susi.run(["chat", "--json"], stdinBytes: [UInt8](repeating: 0x61, count: 1 << 20) + [0x0D, 0x0A])
        #expect(atLimit.status == 0, "\(atLimit.stderr)")
    }
}

/// The built binary reading an endless generator: each limit ends the
/// read at once with its message, in bounded memory and time.
@Suite("Unbounded input")
struct UnboundedInputTests {
    /// Runs the binary with stdin from `/dev/zero` or `yes` (killed after
    /// 20 s) and returns its stderr, status, time and its own peak resident
    /// size in MiB, as /usr/bin/time (Debian's `time`, in `make deps`)
    /// measures it: the rusage of a process spawned from this (large) test
    /// process would include the test process's own size.
    private func run(_ arguments: [String], generator: String, home: String)
        throws -> (stderr: String, status: Int32, seconds: Double, maxRSS: Int) {
        let errFile = home + "/stderr-\(UUID().uuidString)"
        let quoted = ([EndToEnd.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let rssFile = errFile + ".rss"
        let script = "\(generator) | /usr/bin/time -f %M -o '\(rssFile)' \(quoted.joined(separator: " ")) >/dev/null 2>'\(errFile)'"
        let environment = ["SUSI_HOME=\(home)", "HOME=\(home)", "PATH=/usr/bin:/bin", "SUSI_LOOPBACK_ONLY=1", "SUSI_SPEAKER=127.0.0.1:9"]
        let words: [String] = ["/bin/sh", "-c", script]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, envp) == 0 else { throw CocoaError(.executableLoad) }
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: killer)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        killer.cancel()
        let stderr = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let kilobytes = (try? String(contentsOfFile: rssFile, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0) } ?? Int.max
        return (stderr, exit, Date().timeIntervalSince(started), kilobytes / 1024)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "no /usr/bin/time; run 'make deps'"))
    func generatorsHitTheLimitsInBoundedMemory() throws {
        let home = try TemporaryHome()
        let chat = try run(["chat"], generator: "cat /dev/zero", home: home.path)
        #expect(chat.status == 65)
        #expect(chat.stderr == "error: Line 1 of standard input is longer than 1 MiB, the limit; nothing was taken from it.\n")
        #expect(chat.seconds < 15)
        // Before the limits, /dev/zero grew susi past 13 GB in 10 s.
        #expect(chat.maxRSS < 100, "susi chat reached \(chat.maxRSS) MiB")

        let lines = try run(["chat"], generator: "yes | tr -d '\\n'", home: home.path)
        #expect(lines.status == 65)
        #expect(lines.stderr.contains("longer than 1 MiB"))
        #expect(lines.maxRSS < 100, "susi chat reached \(lines.maxRSS) MiB")

        let password = try run(["login", "--email", ada, "--password-stdin", "--machine-key"],
                               generator: "cat /dev/zero", home: home.path)
        #expect(password.status == 65)
        #expect(password.stderr == "error: The password on standard input is longer than 4 KiB, the limit; nothing was taken from it.\n")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state/session.json"))
        #expect(password.maxRSS < 100, "susi login reached \(password.maxRSS) MiB")
    }

    @Test func argumentsAndVariablesThatAreNotUTF8AreRefused() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\"room\": \"Hall\"}\n")
        let before = home.configBytes()
        let room = try run(["config", "set", "room", "Kitchen\u{FFFD}"], generator: "true", home: home.path)
        #expect(room.status == 0, "U+FFFD itself is valid text: \(room.stderr)")
        try home.writeConfig("{\"room\": \"Hall\"}\n")
        // Raw bytes need the shell: printf makes the argument.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" config set room \"$(printf 'Kitchen\\377')\"", EndToEnd.binary]
        process.environment = ["SUSI_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "SUSI_LOOPBACK_ONLY": "1"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(text == "error: Argument 4 is not valid UTF-8; susi takes text as UTF-8 and never guesses at other bytes.\n")
        #expect(home.configBytes() == before)

        let variable = Process()
        variable.executableURL = URL(fileURLWithPath: "/bin/sh")
        variable.arguments = ["-c", "SUSI_PASSPHRASE=\"$(printf 'pass\\376')\" exec \"$0\" login token", EndToEnd.binary]
        variable.environment = ["SUSI_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "SUSI_LOOPBACK_ONLY": "1"]
        let verr = Pipe()
        variable.standardError = verr
        try variable.run()
        let vtext = String(decoding: verr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        variable.waitUntilExit()
        #expect(variable.terminationStatus == 65)
        #expect(vtext == "error: The environment variable SUSI_PASSPHRASE is not valid UTF-8; it was not used.\n")
    }
}

@Suite("Credentials in URLs")
struct CredentialsInURLTests {
    private let secret = "pa55w0rd"

    @Test func aServerOrSpeakerURLWithAPasswordIsRefusedAndNeverEchoed() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let url = "http://ada:\(secret)@127.0.0.1:9/"
        for (arguments, status) in [
            (["config", "set", "server", url], Int32(64)),
            (["config", "set", "speaker", url], 64),
            (["config", "set", "speaker", "ada:\(secret)@127.0.0.1:7070"], 64),
            (["--server", url, "chat", "hi"], 64),
            (["--server=\(url)", "skills", "list"], 64),
        ] {
            let result = susi.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret), "\(arguments): \(result.stderr)")
            #expect(!home.exists(home.configFile), "\(arguments) wrote the config file")
        }
        let refused = susi.run(["config", "set", "server", url])
        #expect(refused.stderr.hasPrefix("error: Invalid value 'http://***@127.0.0.1:9/' for 'server': expected a URL without a user name or password; log in with 'susi login' instead.\n"),
                "\(refused.stderr)")

        let variable = try home.harness(["SUSI_SERVER": url]).run(["chat", "hi"])
        #expect(variable.status == 78)
        #expect(variable.stderr.hasPrefix("error: SUSI_SERVER has an invalid value 'http://***@127.0.0.1:9/'"), "\(variable.stderr)")
        #expect(!variable.stderr.contains(secret))

        // A config file written before this rule is refused the same way, and left as it is.
        try home.writeConfig("{\"server\": \"\(url)\"}\n")
        let before = home.configBytes()
        for arguments in [["chat", "hi"], ["config", "list"], ["config", "get", "server"]] {
            let result = susi.run(arguments)
            #expect(result.status == 78, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret), "\(arguments): \(result.stderr)")
        }
        #expect(home.configBytes() == before)
    }
}

@Suite("Lifetimes and sessions from outside")
struct SessionFromOutsideTests {
    /// A reference-like server whose login answers `valid_seconds` with `value`.
    private func server(validSeconds value: String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            let form = String(decoding: request.body, as: UTF8.self)
            let identity = "\"session\": {\"identity\": {\"type\": \"email\", \"name\": \"ada@example.com\", \"anonymous\": false}}"
            if form.contains("checkLogin") || form.contains("logout") {
                return .json("{\"accepted\": true, \"loggedIn\": true, \"message\": \"ok\", \(identity)}")
            }
            return .json("{\"accepted\": true, \"access_token\": \"abcDEF1234567890\", \"valid_seconds\": \(value), \"message\": \"You are logged in as ada@example.com\", \"session\": {\"identity\": {\"type\": \"host\", \"name\": \"x\", \"anonymous\": true}}}")
        }
    }

    @Test func aHugeOrForeverLifetimeGivesASessionThatReadsBackAndLogsOut() throws {
        for value in ["1e300", "-1", "\"forever\"", "9223372036854775807", "-9223372036854775808"] {
            let home = try TemporaryHome()
            let server = try server(validSeconds: value)
            defer { server.stop() }
            let susi = try home.loginHarness(["SUSI_SERVER": server.baseURL])
            let login = susi.run(["login", "--email", "ada@example.com", "--password-stdin", "--machine-key"], stdin: "Secr3t!Abc1\n")
            #expect(login.status == 0, "\(value): \(login.stderr)")
            let status = susi.run(["login", "status"])
            #expect(status.status == 0, "\(value): \(status.stderr)")
            #expect(!status.stdout.contains("expired"), "\(value): \(status.stdout)")
            if value == "-1" || value == "\"forever\"" { #expect(status.stdout.contains("never"), "\(value): \(status.stdout)") }
            let logout = susi.run(["logout"])
            #expect(logout.status == 0, "\(value): \(logout.stderr)")
            #expect(!home.exists(home.sessionFile))
        }
    }

    @Test func aDamagedSessionFileNamesTheRepairAndLogoutAlwaysWorks() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp("ada@example.com")
        // What an unclamped 1e300-second lifetime used to write.
        let damaged = Data("{\"account\":\"ada@example.com\",\"expires\":\"+100000000000000000000-01-01T00:00:00Z\",\"identity\":{\"anonymous\":false,\"name\":\"ada@example.com\",\"type\":\"email\"},\"key_source\":\"machine-key\",\"server\":\"local\"}\n".utf8)
        try damaged.write(to: URL(fileURLWithPath: home.sessionFile))
        let chat = susi.run(["chat", "hello"])
        #expect(chat.status == 65)
        #expect(chat.stderr == "error: The session file \(home.sessionFile) is damaged.\nRun 'susi logout' to remove it (stored logins stay in the credential file), or log in again with 'susi login'.\n")
        #expect(home.contents(home.sessionFile) == damaged, "a failing command leaves the file as it is")
        let credentials = home.contents(home.credentialsFile)

        let logout = susi.run(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.stderr.contains("warning: The session file \(home.sessionFile) is damaged. It was removed"))
        #expect(!home.exists(home.sessionFile))
        #expect(home.contents(home.credentialsFile) == credentials, "the stored logins stay")
        #expect(susi.run(["chat", "hello"]).status == 0)
        #expect(susi.run(["login", "switch", "ada@example.com"]).status == 0)
    }

    @Test func hugeColumnsDoNotTrapTheLayout() throws {
        let home = try TemporaryHome()
        for columns in ["9223372036854775807", "99999999999999999999999", "-9223372036854775808", "0", "NaN"] {
            var susi = try home.harness(["COLUMNS": columns])
            susi.stdoutTTY = true
            #expect(susi.run(["--help"]).status == 0, "\(columns)")
            #expect(susi.run(["skills", "list", "--limit", "3"]).status == 0, "\(columns)")
            #expect(susi.run(["chat", "hello"]).status == 0, "\(columns)")
        }
    }
}

@Suite("Skill files have a size limit")
struct SkillFileLimitTests {
    @Test func aSkillFileOverTheLimitIsSkippedByImportAndRefusedByChatAndTest() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Big/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("small hello\nHi from the small skill.\n".utf8).write(to: URL(fileURLWithPath: dir + "/small.txt"))
        var big = Data("big hello\nHi from the big skill.\n\n".utf8)
        big.append(Data(repeating: 0x23, count: 16 << 20))
        try big.write(to: URL(fileURLWithPath: dir + "/big.txt"))
        let susi = try home.harness()

        let imported = susi.run(["skills", "import", "--warnings", home.path + "/tree"])
        // A file that could not be used makes the import a partial failure (65).
        #expect(imported.status == 65, "\(imported.stderr)")
        #expect(imported.stderr.contains("\(home.path)/tree/models/general/Big/en/big.txt: larger than 16 MiB; file skipped"),
                "\(imported.stderr)")
        #expect(susi.run(["chat", "small hello"]).stdout == "Hi from the small skill.\n")
        #expect(susi.run(["chat", "big hello"]).stdout != "Hi from the big skill.\n")

        let chatted = susi.run(["chat", "--skill", dir + "/big.txt", "big hello"])
        #expect(chatted.status == 66, "\(chatted.stderr)")
        #expect(chatted.stderr.hasPrefix("error: \(dir)/big.txt: larger than 16 MiB"), "\(chatted.stderr)")
        // skills test reports it, tests the rest (nothing here) and exits 65.
        let tested = susi.run(["skills", "test", dir + "/big.txt"])
        #expect(tested.status == 65, "\(tested.stderr)")
        #expect(tested.stderr.hasPrefix("\(dir)/big.txt: larger than 16 MiB"), "\(tested.stderr)")
        #expect(tested.stderr.hasSuffix("error: 1 file could not be tested (listed above); the rest was.\n"), "\(tested.stderr)")
    }
}
