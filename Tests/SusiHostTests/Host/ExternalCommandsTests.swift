import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

@Suite("External commands")
struct ExternalCommandTests {
    static let hello = """
        echo "hello: $*"
        echo "to stderr" >&2
        if [ "$1" = "--help" ]; then echo "help for hello"; exit 0; fi
        exit "${SUSI_HELLO_STATUS:-0}"

        """

    @Test func anExternalCommandRunsWithItsArguments() throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-hello", Self.hello)
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        let result = harness.run(["hello", "a", "b c", "--flag"])
        #expect(result == InProcess.Result(stdout: "hello: a b c --flag\n", stderr: "to stderr\n", status: 0))
    }

    @Test(arguments: [0, 1, 3, 42, 64, 78, 100])
    func itsExitStatusPassesThrough(_ status: Int32) throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-hello", Self.hello)
        let harness = InProcess(home: home.path,
                                extra: ["PATH": home.path + "/bin:/usr/bin:/bin", "SUSI_HELLO_STATUS": "\(status)"])
        let result = harness.run(["hello"])
        #expect(result.status == status, "stderr: \(result.stderr)")
        #expect(result.stdout == "hello: \n")
    }

    @Test func itSeesSusisEnvironment() throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-env", "echo \"$SUSI_HOME $SUSI_LOOPBACK_ONLY\"\n")
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        #expect(harness.run(["env"]).stdout == "\(home.path) 1\n")
    }

    @Test func itIsListedInTheRootHelp() throws {
        let home = try TemporaryHome()
        let path = try home.script("bin/susi-hello", Self.hello)
        try home.script("bin/susi-config", "echo impostor\n")
        // Not executable: not a command.
        _ = FileManager.default.createFile(atPath: home.path + "/bin/susi-notexec", contents: Data("x".utf8))
        // Wide enough that the long temp path is not wrapped.
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin", "COLUMNS": "300"])
        let help = harness.run(["--help"]).stdout
        #expect(help.contains("""
            EXTERNAL COMMANDS:
              hello                   Runs \(path)

            """))
        #expect(!help.contains("notexec"))
        #expect(!help.contains("susi-config"))
        // Only the root help lists them.
        #expect(!harness.run(["config", "--help"]).stdout.contains("EXTERNAL COMMANDS"))
    }

    @Test func helpForAnExternalCommandAsksIt() throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-hello", Self.hello)
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        let result = harness.run(["help", "hello"])
        #expect(result.status == 0)
        #expect(result.stdout == "hello: --help\nhelp for hello\n")
    }

    @Test func aScriptCannotOverrideABuiltin() throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-config", "echo impostor\nexit 9\n")
        try home.script("bin/susi-help", "echo impostor\nexit 9\n")
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        #expect(harness.run(["config", "path"])
                == InProcess.Result(stdout: home.path + "/config/config.json\n", stderr: "", status: 0))
        let typo = harness.run(["config", "nope"])
        #expect(typo.status == 64)
        #expect(!typo.stdout.contains("impostor"))
        #expect(harness.run(["help"]).status == 0)
        #expect(!harness.run(["help"]).stdout.contains("impostor"))
    }

    @Test func aRelativePathEntryIsNotSearched() throws {
        let home = try TemporaryHome()
        try home.script("relbin/susi-hello", Self.hello)
        // A relative spelling of the same folder, as seen from this process's directory.
        let cwd = FileManager.default.currentDirectoryPath
        let depth = cwd.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + home.path.dropFirst() + "/relbin"
        #expect(FileManager.default.fileExists(atPath: relative + "/susi-hello"))
        let harness = InProcess(home: home.path, extra: ["PATH": relative + ":/usr/bin:/bin"])
        let result = harness.run(["hello"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: Unknown command 'hello' for 'susi'."))
        #expect(!harness.run(["--help"]).stdout.contains("EXTERNAL COMMANDS"))
    }

    @Test func onlyTheFirstMatchOnPathRuns() throws {
        let home = try TemporaryHome()
        try home.script("one/susi-hello", "echo one\n")
        try home.script("two/susi-hello", "echo two\n")
        let harness = InProcess(home: home.path, extra: ["PATH": "\(home.path)/one:\(home.path)/two:/usr/bin:/bin",
                                                         "COLUMNS": "300"])
        #expect(harness.run(["hello"]).stdout == "one\n")
        let help = harness.run(["--help"]).stdout
        #expect(help.contains("Runs \(home.path)/one/susi-hello"))
        #expect(!help.contains("\(home.path)/two/susi-hello"))
    }

    @Test func scriptedInputReachesTheCommand() throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-cat", "cat\n")
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        #expect(harness.run(["cat"], stdin: "a\nb\n") == InProcess.Result(stdout: "a\nb\n", stderr: "", status: 0))
    }

    /// Regression: feeding more input than a pipe holds to a command that
    /// exits without reading it killed the whole process with SIGPIPE.
    @Test func aCommandThatIgnoresItsInputDoesNotKillSusi() throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-quick", "exit 5\n")
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        let input = String(repeating: "line of input\n", count: 10_000)
        #expect(harness.run(["quick"], stdin: input).status == 5)
    }
}
