import Foundation
import SusiTestKit
import Testing

/// The password prompt in a real terminal (tmux runs the built binary):
/// nothing typed is echoed, and Ctrl-C leaves the terminal as it was.
@Suite("Password prompt in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct LoginTerminalTests {
    static let password = "Typed#Secret42"

    func environment(_ home: TemporaryHome) -> String {
        "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm"
    }

    @Test func thePasswordIsNotEchoed() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "\(environment(home)) \(EndToEnd.binary) login --signup --email ada@example.com --machine-key; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("Choose a password:")
        tmux.keys(Self.password, "Enter")
        try tmux.waitFor("Repeat the password:")
        tmux.keys(Self.password, "Enter")
        try tmux.waitFor("EXIT=0")
        let screen = tmux.screen()
        #expect(screen.contains("Logged in to local as ada@example.com."))
        #expect(!screen.contains(Self.password))
        #expect(!screen.contains("Typed#"))
    }

    @Test func ctrlCAtThePromptRestoresEcho() throws {
        let home = try TemporaryHome()
        let check = "stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo | sed 's/^/STTY=/'"
        let tmux = try Tmux(command: "\(environment(home)) \(EndToEnd.binary) login --email ada@example.com --machine-key; echo EXIT=$?; \(check); sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("Password:")
        tmux.keys("half typed")
        tmux.keys("C-c")
        try tmux.waitFor("EXIT=130")
        try tmux.waitFor("STTY=echo")
        let screen = tmux.screen()
        #expect(!screen.contains("STTY=-echo"))
        #expect(!screen.contains("half typed"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state/session.json"))
    }
}

/// After a passphrase login on a terminal, susi offers to stay unlocked;
/// accepting starts the agent, and a piped chat then needs no passphrase.
@Suite("Unlock offered after a passphrase login", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct UnlockOfferTerminalTests {
    @Test func acceptingTheOfferKeepsTheFileUnlocked() throws {
        let home = try TemporaryHome()
        let runtime = try home.runtimeFolder()
        let susi = "env SUSI_HOME=\(home.path) HOME=\(home.path) XDG_RUNTIME_DIR=\(runtime) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary)"
        let tmux = try Tmux(command: "\(susi) login --signup --email ada@example.com; echo EXIT=$?; echo hi | \(susi) chat; echo CHAT=$?; \(susi) login lock; sleep 60")
        defer { tmux.stop() }
        try typeSignUp(tmux, password: LoginTerminalTests.password, passphrase: "a pass phrase")
        try tmux.waitFor("Keep the credential file unlocked for 8 hours")
        tmux.keys("y", "Enter")
        try tmux.waitFor("EXIT=0")
        try tmux.waitFor("CHAT=0")
        let screen = tmux.screen()
        #expect(screen.contains("The credential file stays unlocked until"))
        #expect(!screen.contains("a pass phrase"))
        #expect(!screen.contains(LoginTerminalTests.password))
        try tmux.waitFor("Locked: the agent forgot the key.")
    }
}

/// A sign-up with a passphrase on the terminal: the password and the new
/// passphrase, each typed twice.
func typeSignUp(_ tmux: Tmux, password: String, passphrase: String) throws {
    try tmux.waitFor("Choose a password:")
    tmux.keys(password, "Enter")
    try tmux.waitFor("Repeat the password:")
    tmux.keys(password, "Enter")
    try tmux.waitFor("New passphrase for the credential file:")
    tmux.keys(passphrase, "Enter")
    try tmux.waitFor("Repeat the passphrase:")
    tmux.keys(passphrase, "Enter")
}
