import Foundation
import SusiTestKit
import SusiTestSupport
import Testing

/// The interactive chat in a real terminal: tmux runs the built binary, keys
/// are sent, and the screen is read back.
@Suite("Interactive chat in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct InteractiveChatTests {
    @Test func typingCtrlCHistoryAndCtrlD() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary) chat; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("you>")

        tmux.keys("hello", "Enter")
        try tmux.waitFor("Hello! How can I help you today?")

        // Ctrl-C discards a half-typed line and gives a fresh prompt; the chat goes on.
        tmux.keys("half typed")
        try tmux.waitFor("half typed")
        tmux.keys("C-c")
        tmux.keys("my name is kim", "Enter")
        try tmux.waitFor("Nice to meet you, kim!")
        #expect(!tmux.screen().contains("half typedmy name"))

        // Up recalls the last line; the conversation remembers the name.
        tmux.keys("C-p")
        try tmux.waitFor("you> my name is kim\n", count: 2)
        tmux.keys("C-u", "what is my name", "Enter")
        try tmux.waitFor("Your name is kim.")

        // Ctrl-D on an empty line ends with status 0.
        try tmux.waitForPrompt("you>")
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
        let history = try String(contentsOfFile: home.path + "/state/chat-history", encoding: .utf8)
        #expect(history.contains("what is my name"))
        #expect(!history.contains("half typed"))
        let mode = try FileManager.default.attributesOfItem(atPath: home.path + "/state/chat-history")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}

/// Ctrl-C while a request to a server is in flight cancels that request at
/// once; the chat goes on.
@Suite("Ctrl-C during an HTTP request", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct InterruptedRequestTests {
    @Test func ctrlCCancelsASlowRequestAndTheChatGoesOn() throws {
        let slow = try LoopbackHTTPServer { request in
            request.query["q"] == "hello"
                ? LoopbackHTTPServer.Response(headers: ["Content-Type": "application/json"], body: Data("{}".utf8), delay: 60)
                : .json("{\"query\": \"x\", \"answers\": [{\"data\": [], \"metadata\": {\"count\": 0}, \"actions\": [{\"type\": \"answer\", \"expression\": \"still here\"}], \"skills\": []}]}")
        }
        defer { slow.stop() }
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary) --server \(slow.baseURL) chat; echo EXIT=$?; sleep 60")
        defer { tmux.stop() }
        try tmux.waitFor("you>")
        tmux.keys("hello", "Enter")
        #expect(eventually { !slow.requests.isEmpty })
        #expect(slow.requests.count == 1)
        // The server answers after a minute: a prompt back within the
        // deadline is the request cancelled, not answered. The bound is
        // generous, for a loaded machine.
        let pressed = Date()
        tmux.keys("C-c")
        try tmux.waitFor("(cancelled)")
        #expect(Date().timeIntervalSince(pressed) < 15, "the request was not cancelled at once")
        tmux.keys("are you there", "Enter")
        try tmux.waitFor("still here")
        try tmux.waitForPrompt("you>")
        tmux.keys("C-d")
        try tmux.waitFor("EXIT=0")
    }
}
