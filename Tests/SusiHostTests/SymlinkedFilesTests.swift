import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
#if canImport(Glibc)
import Glibc
#endif

/// One rule for every file susi writes (config, session, credentials, key,
/// database and its -wal/-shm, chat history): a symbolic link in its place is
/// refused with the path named, the link stays a link, and its target keeps
/// its bytes and its mode.
@Suite("Files susi writes are never written through a symbolic link")
struct SymlinkedFilesTests {
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// `name` under SUSI_HOME becomes a link to a file outside it holding `text`.
    static func link(_ home: TemporaryHome, _ name: String, text: String = "keep me\n") throws -> String {
        let target = home.path + "/outside-" + (name as NSString).lastPathComponent
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o644)
        let path = home.path + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        #expect(symlink(target, path) == 0)
        return target
    }

    static func expectUntouched(_ home: TemporaryHome, _ name: String, _ target: String, text: String = "keep me\n") {
        #expect(isLink(home.path + "/" + name), "\(name) is still a link")
        #expect(FileManager.default.contents(atPath: target) == Data(text.utf8), "the target keeps its bytes")
        #expect(permissions(target) == 0o644, "the target keeps its mode")
    }

    @Test func configSetRefusesASymlinkedConfigFile() throws {
        let home = try TemporaryHome()
        let target = try Self.link(home, "config/config.json", text: "{\"room\": \"kitchen\"}\n")
        let result = try home.harness().run(["config", "set", "room", "hall"])
        #expect(result.status == 77)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: Refusing to use \(home.configFile): it is a symbolic link.\n"))
        #expect(result.stderr.contains("never through a link"))
        Self.expectUntouched(home, "config/config.json", target, text: "{\"room\": \"kitchen\"}\n")
        // Reading through it still works: only writes are refused.
        #expect(try home.harness().run(["config", "get", "room"]).stdout == "kitchen\n")
    }

    @Test func loginRefusesASymlinkedSessionFile() throws {
        let home = try TemporaryHome()
        let target = try Self.link(home, "state/session.json")
        let result = try home.loginHarness().run(["login", "--signup", "--email", "ada@example.com", "--password-stdin", "--machine-key"],
                                                 stdin: "Secret#123\n")
        #expect(result.status == 77)
        #expect(result.stderr.contains("error: Refusing to use \(home.path)/state/session.json: it is a symbolic link."))
        Self.expectUntouched(home, "state/session.json", target)
    }

    @Test func aSymlinkedMachineKeyIsRefused() throws {
        let home = try TemporaryHome()
        let target = try Self.link(home, "data/key")
        chmod(home.path + "/data", 0o700)
        let result = try home.loginHarness().run(["login", "--signup", "--email", "ada@example.com", "--password-stdin", "--machine-key"],
                                                 stdin: "Secret#123\n")
        #expect(result.status == 77)
        #expect(result.stderr.contains("Refusing to use \(home.path)/data/key: it is a symbolic link."))
        Self.expectUntouched(home, "data/key", target)
    }

    @Test(arguments: ["susi.db", "susi.db-wal", "susi.db-shm"])
    func aSymlinkedDatabaseFileIsRefused(_ file: String) throws {
        let home = try TemporaryHome()
        let target = try Self.link(home, "data/" + file)
        let result = try home.harness().run(["chat", "hello"])
        #expect(result.status == 77)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("Refusing to use \(home.path)/data/\(file): it is a symbolic link."))
        Self.expectUntouched(home, "data/" + file, target)
    }
}

/// readline's history file, in a real terminal.
@Suite("The chat history file and symbolic links", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct SymlinkedChatHistoryTests {
    @Test func aSymlinkedChatHistoryIsNeitherReadNorWrittenNorChmodded() throws {
        let home = try TemporaryHome()
        let target = try SymlinkedFilesTests.link(home, "state/chat-history", text: "secret line from elsewhere\n")
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary) chat; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("you>")
        // The 100-column screen wraps the long path; join its lines back.
        let screen = tmux.screen().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("warning: Not keeping a chat history: \(home.path)/state/chat-history is a symbolic link."))
        // The target's lines were not loaded: the up-arrow recalls nothing.
        tmux.keys("C-p")
        tmux.keys("hello", "Enter")
        try tmux.waitFor("Hello! How can I help you today?")
        #expect(!tmux.screen().contains("secret line from elsewhere"))
        try tmux.waitForPrompt("you>")
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
        SymlinkedFilesTests.expectUntouched(home, "state/chat-history", target, text: "secret line from elsewhere\n")
    }
}
