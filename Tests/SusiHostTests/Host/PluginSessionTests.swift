import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// The global options given with an external command reach it as the
/// plugin contract's variables (docs/plugins.md), from argv and from a
/// shell's lines alike.
@Suite("External commands: global options as the session's variables")
struct PluginSessionTests {
    /// Prints its arguments, then the contract's variables and the house
    /// variables the options map to, one per line, sorted.
    static let dump = """
        echo "args: $*"
        env | grep -E '^SUSI_(PLUGIN_|COLOR=|NO_INPUT=|NETWORK=|SERVER=)' | grep -v '^SUSI_PLUGIN_TOKEN_FD=' | sort

        """

    static func withDump(_ extra: [String: String] = [:]) throws -> (TemporaryHome, InProcess) {
        let home = try TemporaryHome()
        try home.script("bin/susi-dump", dump)
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"].merging(extra) { _, new in new })
        return (home, harness)
    }

    @Test func withoutOptionsOnlyTheSessionIsSet() throws {
        let (home, susi) = try Self.withDump()
        defer { withExtendedLifetime(home) {} }
        #expect(susi.run(["dump", "a"]) == InProcess.Result(
            stdout: "args: a\nSUSI_PLUGIN_IDENTITY=\nSUSI_PLUGIN_SERVER=local\n", stderr: "", status: 0))
    }

    @Test func theGlobalOptionsBeforeTheNameBecomeVariables() throws {
        let (home, susi) = try Self.withDump()
        defer { withExtendedLifetime(home) {} }
        let result = susi.run(["-q", "--no-input", "--color", "never", "--json=name,stars", "--no-pager", "--offline",
                               "--server", "http://127.0.0.1:9", "dump", "x", "-v"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        // Words after the name are the command's own, passed unchanged.
        #expect(result.stdout == """
            args: x -v
            SUSI_COLOR=never
            SUSI_NETWORK=off
            SUSI_NO_INPUT=1
            SUSI_PLUGIN_IDENTITY=
            SUSI_PLUGIN_JSON=1
            SUSI_PLUGIN_JSON_FIELDS=name,stars
            SUSI_PLUGIN_NO_PAGER=1
            SUSI_PLUGIN_QUIET=1
            SUSI_PLUGIN_SERVER=http://127.0.0.1:9
            SUSI_SERVER=http://127.0.0.1:9

            """)
        // `--json` alone, and a bare word after it names the command, not the fields.
        #expect(susi.run(["--json", "dump"]).stdout.contains("SUSI_PLUGIN_JSON=1\nSUSI_PLUGIN_SERVER=local\n"))
        #expect(susi.run(["-v", "dump"]).stdout.contains("SUSI_PLUGIN_VERBOSE=1\n"))
    }

    /// `--server` used to be lost: the plugin was told the setting's server.
    @Test func theServerFlagBeatsTheSettingAndTheVariable() throws {
        let (home, susi) = try Self.withDump(["SUSI_SERVER": "http://127.0.0.1:8"])
        defer { withExtendedLifetime(home) {} }
        #expect(susi.run(["dump"]).stdout.contains("SUSI_PLUGIN_SERVER=http://127.0.0.1:8\n"))
        let flagged = susi.run(["--server", "http://127.0.0.1:9", "dump"]).stdout
        #expect(flagged.contains("SUSI_PLUGIN_SERVER=http://127.0.0.1:9\nSUSI_SERVER=http://127.0.0.1:9\n"), "\(flagged)")
    }

    @Test func variablesTheCallerSetAreNeverPassedOn() throws {
        let (home, susi) = try Self.withDump(["SUSI_PLUGIN_QUIET": "1", "SUSI_PLUGIN_JSON": "1", "SUSI_PLUGIN_ANYTHING": "x"])
        defer { withExtendedLifetime(home) {} }
        #expect(susi.run(["dump"]).stdout == "args: \nSUSI_PLUGIN_IDENTITY=\nSUSI_PLUGIN_SERVER=local\n")
    }

    /// A shell's own options hold for its lines; a line's own beat them,
    /// and -v on a line replaces the shell's -q (they are one group). The
    /// built binary: in-process, an external command is fed the rest of the
    /// harness's stdin, the script's remaining lines.
    @Test func aShellLineGetsTheShellsOptionsAndItsOwn() throws {
        let (home, _) = try Self.withDump()
        defer { withExtendedLifetime(home) {} }
        let result = try EndToEnd.run(["--server", "http://127.0.0.1:9", "-q", "shell"], home: home.path,
                                      extra: ["PATH": home.path + "/bin:/usr/bin:/bin"],
                                      stdin: "dump one\n--server http://127.0.0.1:7 -v dump two\n--no-input dump three\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            args: one
            SUSI_PLUGIN_IDENTITY=
            SUSI_PLUGIN_QUIET=1
            SUSI_PLUGIN_SERVER=http://127.0.0.1:9
            SUSI_SERVER=http://127.0.0.1:9
            args: two
            SUSI_PLUGIN_IDENTITY=
            SUSI_PLUGIN_SERVER=http://127.0.0.1:7
            SUSI_PLUGIN_VERBOSE=1
            SUSI_SERVER=http://127.0.0.1:7
            args: three
            SUSI_NO_INPUT=1
            SUSI_PLUGIN_IDENTITY=
            SUSI_PLUGIN_QUIET=1
            SUSI_PLUGIN_SERVER=http://127.0.0.1:9
            SUSI_SERVER=http://127.0.0.1:9

            """)
    }

    /// `--passphrase-file` given with the command unlocks the token it asks
    /// for; without it (and no terminal to ask on) the answer is empty.
    @Test func thePassphraseFileUnlocksTheTokenRequest() throws {
        let home = try TemporaryHome()
        var (susi, file) = try home.signedUpWithPassphrase()
        susi.environment["PATH"] = home.path + "/bin:/usr/bin:/bin"
        try home.script("bin/susi-token", """
            printf 'token\\n' >&3; IFS= read -r token <&3
            echo "identity: $SUSI_PLUGIN_IDENTITY, token: ${#token} characters"

            """)
        let token = susi.run(["login", "token", "--passphrase-file", file]).stdout
        let length = token.trimmingCharacters(in: .newlines).count
        #expect(length > 10)
        let unlocked = susi.run(["--passphrase-file", file, "token"])
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        #expect(unlocked.stdout == "identity: ada@example.com, token: \(length) characters\n")
        #expect(!unlocked.stdout.contains(token.trimmingCharacters(in: .newlines)))
        let locked = susi.run(["token"])
        #expect(locked.stdout == "identity: ada@example.com, token: 0 characters\n")
    }
}
