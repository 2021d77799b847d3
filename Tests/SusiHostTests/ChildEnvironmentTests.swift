import Foundation
import SusiTestKit
import Testing

/// Every child a test starts gets an environment from the test kit's
/// allow-list (ChildEnvironment), never the caller's: a user's exported
/// SUSI_PASSPHRASE, SUSI_HOME, XDG_RUNTIME_DIR, proxy or locale must not
/// change what a test sees (issue 37).
@Suite("Children's environment")
struct ChildEnvironmentTests {
    /// What tmux (SHELL, TERM_PROGRAM, ...) and a shell in its pane add of their own.
    static let paneOwn: Set<String> = ["TMUX", "TMUX_PANE", "SHELL", "TERM_PROGRAM", "TERM_PROGRAM_VERSION",
                                       "PWD", "OLDPWD", "SHLVL", "_"]

    @Test func theBuilderHoldsOnlyTheAllowListAndWhatTheTestSets() {
        let environment = ChildEnvironment.make(home: "/tmp/h", term: "xterm", ["SUSI_SERVER": "http://127.0.0.1:9"])
        #expect(Set(environment.keys).subtracting(ChildEnvironment.allowed) == ["SUSI_SERVER"])
        #expect(environment["HOME"] == "/tmp/h")
        #expect(environment["SUSI_HOME"] == "/tmp/h")
        #expect(environment["LC_ALL"] == "C.UTF-8")
        #expect(environment["SUSI_LOOPBACK_ONLY"] == "1")
        #expect(ChildEnvironment.make(home: "/tmp/h", ["SUSI_LOOPBACK_ONLY": "0"])["SUSI_LOOPBACK_ONLY"] == "1",
                "a test cannot switch the loopback guard off")
    }

    @Test(.enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
    func aTmuxPaneSeesOnlyTheAllowList() throws {
        let tmux = try Tmux(command: "echo NAMES $(env | sed 's/=.*//' | sort | tr '\\n' ' ') END; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor(" END")
        let line = try #require(tmux.joinedScreen().lines.first { $0.hasPrefix("NAMES ") })
        let names = Set(line.split(separator: " ").dropFirst().dropLast().map(String.init))
        #expect(names.subtracting(ChildEnvironment.allowed).subtracting(Self.paneOwn) == [])
        #expect(names.contains("PATH") && names.contains("HOME") && names.contains("LC_ALL"))
    }
}
