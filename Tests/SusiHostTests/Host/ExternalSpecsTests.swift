import Foundation
import SusiTestKit
import SusiTestSupport
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// External commands with a `--susi-spec` (examples/susi-hello and hostile
/// ones): real help, a place in the tree, the session, the token on request.
@Suite("External command specs and sessions")
struct ExternalSpecsTests {
    static let example = packageRoot + "/examples/susi-hello"

    /// A home with examples/susi-hello installed in its bin/.
    static func withExample(_ extra: [String: String] = [:]) throws -> (TemporaryHome, InProcess) {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(atPath: home.path + "/bin", withIntermediateDirectories: true)
        let body = try String(contentsOfFile: example, encoding: .utf8)
        try home.script("bin/susi-hello", String(body.dropFirst("#!/bin/sh\n".count)))
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"].merging(extra) { _, new in new })
        return (home, harness)
    }

    @Test func aSpecGivesRealHelpBothWays() throws {
        let (home, harness) = try Self.withExample()
        defer { withExtendedLifetime(home) {} }
        let help = harness.run(["help", "hello"])
        #expect(help.status == 0)
        #expect(help.stderr == "")
        #expect(help.stdout.hasPrefix("OVERVIEW: Greet the signed-in SUSI user.\n"))
        #expect(help.stdout.contains("USAGE: susi hello [<options>] [<name>]"))
        #expect(help.stdout.contains("-s, --shout"))
        #expect(help.stdout.contains("--greeting <word>"))
        #expect(help.stdout.contains("(values: hello, hi, hey; default: hello)"))
        #expect(help.stdout.contains("$ susi hello --shout world"))
        #expect(harness.run(["hello", "--help"]) == help)
        #expect(harness.run(["hello", "-h"]) == help)
        // After `--` it is the command's own argument.
        #expect(harness.run(["hello", "--", "--help"]).stdout == "hello, --help (server: local)\n")
    }

    @Test func theRootHelpListsItWithItsAbstract() throws {
        let (home, harness) = try Self.withExample(["COLUMNS": "300"])
        defer { withExtendedLifetime(home) {} }
        #expect(harness.run(["--help"]).stdout.contains("EXTERNAL COMMANDS:\n  hello                   Greet the signed-in SUSI user.\n"))
    }

    @Test func itIsInTheTreeAndOneWithoutASpecIsABareName() throws {
        let (home, harness) = try Self.withExample()
        defer { withExtendedLifetime(home) {} }
        let bare = try home.script("bin/susi-plain", "echo plain \"$@\"\n")
        let tree = SusiApp.program.tree(environment: harness.environment)
        let hello = try #require(tree.subcommand(named: "hello"))
        #expect(hello.options.map(\.name) == ["shout", "token", "greeting"])
        #expect(hello.options[2].kind.allowedValues == ["hello", "hi", "hey"])
        #expect(hello.arguments.map(\.name) == ["name"])
        let plain = try #require(tree.subcommand(named: "plain"))
        #expect(plain.abstract == "Runs \(bare)")
        #expect(plain.arguments.first?.isRepeating == true)
        // Built-ins keep their place; the tree the binary parses has no externals.
        #expect(tree.subcommands.filter { $0.name == "chat" }.count == 1)
        #expect(SusiApp.program.root.subcommand(named: "hello") == nil)
        #expect(harness.run(["plain", "a", "b"]).stdout == "plain a b\n")
    }

    @Test func itRunsWithTheServerAndIdentityButNoSecrets() throws {
        let (home, harness) = try Self.withExample(["SUSI_TOKEN": "tok-123456", "SUSI_PASSPHRASE": "secret words"])
        #expect(harness.run(["hello", "--shout", "world"]) == InProcess.Result(stdout: "HELLO, WORLD (SERVER: LOCAL)\n", stderr: "", status: 0))
        try home.script("bin/susi-env", "echo \"${SUSI_TOKEN:-unset} ${SUSI_PASSPHRASE:-unset} $SUSI_PLUGIN_SERVER [$SUSI_PLUGIN_IDENTITY] $SUSI_PLUGIN_TOKEN_FD\"\n")
        #expect(harness.run(["env"]).stdout == "unset unset local [] 3\n")
        // A forged session variable from the caller is replaced.
        var forged = harness
        forged.environment["SUSI_PLUGIN_SERVER"] = "http://evil.example"
        #expect(forged.run(["env"]).stdout == "unset unset local [] 3\n")
    }

    @Test func theTokenComesOnlyOnRequestAndOnlyOnce() throws {
        let (home, harness) = try Self.withExample(["SUSI_TOKEN": "tok-123456"])
        #expect(harness.run(["hello", "--token"]).stdout == "hello, anonymous (server: local)\ntoken: yes (10 characters)\n")
        // A second request (from a grandchild that kept descriptor 3) gets nothing.
        try home.script("bin/susi-greedy", """
            printf 'token\\n' >&3; IFS= read -r first <&3
            sh -c 'trap "" PIPE; printf "token\\n" >&3 2>/dev/null; IFS= read -r second <&3; echo "second: [$second]"'
            echo "first: [$first]"

            """)
        #expect(harness.run(["greedy"]).stdout == "second: []\nfirst: [tok-123456]\n")
        // Anonymous: an empty line.
        let (anonymousHome, anonymous) = try Self.withExample()
        defer { withExtendedLifetime(anonymousHome) {} }
        #expect(anonymous.run(["hello", "--token"]).stdout == "hello, anonymous (server: local)\ntoken: none (anonymous)\n")
    }

    @Test func specsAreCachedByPathAndMtime() throws {
        let home = try TemporaryHome()
        let count = home.path + "/asked"
        let spec = #"{"serializationVersion": 1, "command": {"name": "counted", "abstract": "Counted."}}"#
        let path = try home.script("bin/susi-counted", "[ \"$1\" = --susi-spec ] && { echo x >> '\(count)'; echo '\(spec)'; exit 0; }\necho ran\n")
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        #expect(harness.run(["help", "counted"]).stdout.hasPrefix("OVERVIEW: Counted."))
        #expect(harness.run(["counted", "--help"]).stdout.hasPrefix("OVERVIEW: Counted."))
        #expect(try String(contentsOfFile: count, encoding: .utf8) == "x\n")
        #expect(permissions(home.path + "/cache/plugin-specs.json") == 0o600)
        // Changed: asked again.
        try home.script("bin/susi-counted", "[ \"$1\" = --susi-spec ] && { echo x >> '\(count)'; echo '\(spec.replacingOccurrences(of: "Counted.", with: "Changed."))'; exit 0; }\n")
        _ = path
        #expect(harness.run(["help", "counted"]).stdout.hasPrefix("OVERVIEW: Changed."))
        #expect(try String(contentsOfFile: count, encoding: .utf8) == "x\nx\n")
    }

    /// A bad spec is ignored with a warning that says why, and the command
    /// answers its help itself; nothing else changes.
    @Test(arguments: [
        ("{ not json", "is not a command tree in the --dump-help JSON format"),
        (#"{"serializationVersion": 2, "command": {"name": "bad"}}"#, "has serializationVersion 2; susi reads 1"),
        (#"{"serializationVersion": 1, "command": {"name": "other"}}"#, "describes 'other', not 'bad'"),
        (#"{"serializationVersion": 1, "command": {"name": "bad", "options": [{"name": "x y"}]}}"#, "the option name 'x y' is not 1-40 letters"),
        (#"{"serializationVersion": 1, "command": {"name": "bad", "options": [{"name": "a"}, {"name": "a"}]}}"#, "'bad' declares --a twice"),
    ])
    func aBadSpecIsIgnoredWithTheReason(_ answer: String, _ reason: String) throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-bad", "[ \"$1\" = --susi-spec ] && { printf '%s\\n' '\(answer)'; exit 0; }\necho \"own help: $*\"\n")
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        let result = harness.run(["help", "bad"])
        #expect(result.status == 0)
        #expect(result.stdout == "own help: --help\n")
        #expect(result.stderr.hasPrefix("warning: Ignoring the spec of \(home.path)/bin/susi-bad: its --susi-spec answer") || result.stderr.contains(reason))
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(harness.run(["bad", "x"]).stdout == "own help: x\n")
    }

    @Test func aSlowOrHugeAnswerIsCutOff() throws {
        let home = try TemporaryHome()
        try home.script("bin/susi-slow", "[ \"$1\" = --susi-spec ] && exec sleep 30\necho \"own help\"\n")
        try home.script("bin/susi-huge", "[ \"$1\" = --susi-spec ] && { printf '{'; exec cat /dev/zero; }\necho \"own help\"\n")
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        let started = Date()
        let slow = harness.run(["help", "slow"])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(slow.stdout == "own help\n")
        #expect(slow.stderr.contains("it did not answer --susi-spec within 2000 ms"))
        let huge = harness.run(["help", "huge"])
        #expect(huge.stdout == "own help\n")
        #expect(huge.stderr.contains("its --susi-spec answer is larger than 256 KiB"))
    }

    /// A plugin that answers with a valid spec, then closes its output and
    /// sleeps (or leaves a grandchild holding the output): `susi --help` and
    /// first-word Tab are bounded by the 2 s limit, the plugin is killed at
    /// it, and nothing it started survives.
    @Test(arguments: ["closes-and-sleeps", "grandchild-holds-output"])
    func aSpecAskIsBoundedWhateverThePluginDoesWithItsOutput(_ how: String) throws {
        let home = try TemporaryHome()
        let spec = #"{"serializationVersion": 1, "command": {"name": "sleepy", "abstract": "Sleeps."}}"#
        let after = how == "closes-and-sleeps"
            ? "exec >&-\n/bin/sleep 60 &\necho $! > \"\(home.path)/grandchild\"\nexec /bin/sleep 60"
            : "/bin/sleep 60 &\necho $! > \"\(home.path)/grandchild\"\nexit 0"
        try home.script("bin/susi-sleepy", """
        if [ "$1" = --susi-spec ]; then
        printf '%s\\n' '\(spec)'
        \(after)
        fi
        echo own help

        """)
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin", "COLUMNS": "200"])
        let started = Date()
        let help = harness.run(["--help"])
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(help.status == 0)
        // The refusal is remembered: help on it says why, Tab offers it, both at once.
        let own = harness.run(["help", "sleepy"])
        #expect(own.stderr.contains("it did not answer --susi-spec within 2000 ms"), "\(own.stderr)")
        #expect(harness.run(["__complete", "sl"]).stdout.contains("sleepy"))
        #expect(Date().timeIntervalSince(started) < 20)
        let grandchild = try #require(Int32(try String(contentsOfFile: home.path + "/grandchild", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(ProcessWatch.endsSoon(grandchild), "the plugin's grandchild \(grandchild) survived")
    }

    @Test func specTextCannotDriveTheTerminal() throws {
        let home = try TemporaryHome()
        let spec = #"{"serializationVersion": 1, "command": {"name": "esc", "abstract": "Bad \u001b]0;owned\u0007 title", "discussion": "line\u001b[2J"}}"#
        try home.script("bin/susi-esc", "[ \"$1\" = --susi-spec ] && { printf '%s\\n' '\(spec)'; exit 0; }\n")
        let harness = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin"])
        let help = harness.run(["help", "esc"]).stdout
        #expect(!help.contains("\u{1B}"))
        #expect(help.contains(#"Bad \x1b]0;owned\x07 title"#))
        #expect(help.contains(#"line\x1b[2J"#))
    }
}
