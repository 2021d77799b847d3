import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiNet
@testable import SusiVault

/// A same-user plugin tries every way past the token-on-request contract
/// (docs/plugins.md): its parent's environment through /proc, the unlock
/// agent's socket directly, and a susi of its own that asks the agent.
@Suite("What a plugin can reach", .serialized)
struct PluginSecretsTests {
    /// A plugin (`susi peek`) that prints what it found.
    static func installPeek(_ home: TemporaryHome) throws -> String {
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = """
        #!/bin/sh
        echo "environ:"
        tr '\\0' '\\n' < /proc/$PPID/environ 2>&1
        echo "agent:"
        for socket in "$XDG_RUNTIME_DIR"/susi/*.sock; do
            [ -S "$socket" ] || continue
            perl -MIO::Socket::UNIX -e '$c = IO::Socket::UNIX->new(Peer => $ARGV[0]) or die "no connection\\n"; print $c "KEY\\n"; my $l = <$c>; print(defined $l ? $l : "nothing\\n")' "$socket" 2>&1
        done
        echo "own susi:"
        "$PEEK_SUSI" login token </dev/null 2>&1
        echo "status $?"
        """
        let path = bin + "/susi-peek"
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return bin
    }

    @Test func theParentsEnvironmentHoldsNoSecretOnceRead() throws {
        let home = try TemporaryHome()
        let bin = try Self.installPeek(home)
        let result = try EndToEnd.run(["peek"], home: home.path,
                                      extra: ["PATH": bin + ":/usr/bin:/bin", "PEEK_SUSI": EndToEnd.binary,
                                              "SUSI_PASSPHRASE": "pass-phrase-7781", "SUSI_TOKEN": "token-value-5523"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("environ:\n"))
        #expect(!result.stdout.contains("pass-phrase-7781"), "\(result.stdout)")
        #expect(!result.stdout.contains("token-value-5523"), "\(result.stdout)")
    }

    /// Ada signed up with a passphrase, the file unlocked by the binary's agent.
    static func unlocked(_ home: TemporaryHome) throws -> (runtime: String, socket: String) {
        let runtime = try home.runtimeFolder()
        let (_, file) = try home.signedUpWithPassphrase()
        let socket = try VaultAgent.socketPath(environment: ["XDG_RUNTIME_DIR": runtime], credentialsFile: home.credentialsFile)
        let unlock = try EndToEnd.run(["login", "unlock", "--for", "1h", "--passphrase-file", file], home: home.path,
                                      extra: ["XDG_RUNTIME_DIR": runtime])
        #expect(unlock.status == 0, "\(unlock.stderr)")
        return (runtime, socket)
    }

    @Test func theUnlockAgentGivesAPluginNothing() throws {
        let home = try TemporaryHome()
        let (runtime, socket) = try Self.unlocked(home)
        defer { VaultAgent.lock(socket: socket) }
        let extra = ["XDG_RUNTIME_DIR": runtime]
        let bin = try Self.installPeek(home)
        let result = try EndToEnd.run(["peek"], home: home.path,
                                      extra: extra.merging(["PATH": bin + ":/usr/bin:/bin", "PEEK_SUSI": EndToEnd.binary]) { _, new in new })
        #expect(result.status == 0, "\(result.stderr)")
        let agent = result.stdout.components(separatedBy: "agent:\n").last?.components(separatedBy: "own susi:").first ?? ""
        #expect(agent == "REFUSED\n", "\(result.stdout)")
        // Its own susi is refused the key too, so it cannot open the file without the passphrase.
        #expect(result.stdout.hasSuffix("status 77\n"), "\(result.stdout)")
        // The agent still serves susi itself.
        let own = try EndToEnd.run(["login", "token"], home: home.path, extra: extra)
        #expect(own.status == 0, "\(own.stderr)")
        #expect(!own.stdout.isEmpty)
        #expect(!result.stdout.contains(own.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func theAgentLeavesTheFolderItWasStartedIn() throws {
        let home = try TemporaryHome()
        let (_, socket) = try Self.unlocked(home)
        defer { VaultAgent.lock(socket: socket) }
        let state = try #require(VaultAgent.status(socket: socket))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(state.pid)/cwd") == "/")
    }
}

/// A message that embeds another message ends with one full stop.
@Suite("One full stop", .enabled(if: getuid() == 0, "needs root to give a folder to another user"))
struct DoubledFullStopTests {
    @Test func anAgentFolderOfAnotherUserIsReportedWithOneFullStop() throws {
        let home = try TemporaryHome()
        let runtime = try home.runtimeFolder()
        let (_, file) = try home.signedUpWithPassphrase()
        try FileManager.default.createDirectory(atPath: runtime + "/susi", withIntermediateDirectories: true)
        chmod(runtime + "/susi", 0o700)
        chown(runtime + "/susi", 65534, 65534)
        let unlock = try EndToEnd.run(["login", "unlock", "--passphrase-file", file], home: home.path, extra: ["XDG_RUNTIME_DIR": runtime])
        #expect(unlock.status == 69, "\(unlock.stderr)")
        #expect(unlock.stderr.contains("it belongs to another user (uid 65534).\n"), "\(unlock.stderr)")
        #expect(!unlock.stderr.contains(".."), "\(unlock.stderr)")
    }
}
