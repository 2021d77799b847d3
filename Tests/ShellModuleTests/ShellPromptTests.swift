import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiBasics
import SusiCore
@testable import ShellModule

/// The prompt names who and where, escaped, coloured only where allowed.
@Suite struct ShellPromptTests {
    func context(_ home: TemporaryHome, _ extra: [String: String] = [:], tty: Bool = false) throws -> Context {
        Context(io: .captured(stdinTTY: tty, stdoutTTY: tty, stderrTTY: tty), environment: try home.harness(extra).environment)
    }

    @Test func anonymousOnTheEmbeddedSUSIAndOnAServer() throws {
        let home = try TemporaryHome()
        #expect(ShellPrompt.text(try context(home)) == "anonymous@local> ")
        #expect(ShellPrompt.text(try context(home, ["SUSI_SERVER": "https://api.susi.ai"])) == "anonymous@api.susi.ai> ")
        #expect(ShellPrompt.text(try context(home, ["SUSI_SERVER": "http://127.0.0.1:4000/"])) == "anonymous@127.0.0.1:4000> ")
    }

    @Test func theSessionsAccountForThatServer() throws {
        let home = try TemporaryHome()
        let paths = Paths(environment: try home.harness().environment)
        try Session(server: "local", account: "ada@example.org", identity: .account("ada@example.org"),
                    expires: nil, keySource: .machineKey).save(paths)
        #expect(ShellPrompt.text(try context(home)) == "ada@local> ")
        // Another server's session is not this one's login.
        #expect(ShellPrompt.text(try context(home, ["SUSI_SERVER": "https://api.susi.ai"])) == "anonymous@api.susi.ai> ")
    }

    @Test func anAccountNameCannotDriveTheTerminal() throws {
        let home = try TemporaryHome()
        let paths = Paths(environment: try home.harness().environment)
        try Session(server: "local", account: "\u{1B}]0;pwned\u{07}x", identity: .account("x"),
                    expires: nil, keySource: .machineKey).save(paths)
        let prompt = ShellPrompt.text(try context(home))
        #expect(!prompt.contains("\u{1B}"))
        #expect(!prompt.contains("\u{07}"))
    }

    @Test func colourOnlyOnATerminalThatAllowsIt() throws {
        let home = try TemporaryHome()
        #expect(ShellPrompt.text(try context(home, ["TERM": "xterm"], tty: true)).contains("\u{1B}[1;36m"))
        #expect(!ShellPrompt.text(try context(home, ["TERM": "xterm", "NO_COLOR": "1"], tty: true)).contains("\u{1B}"))
    }
}
