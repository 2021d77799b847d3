import Foundation
import SusiListen
import SusiTestKit
import Testing
@testable import SusiHost

/// Hands-free `susi listen` in a real terminal: tmux runs the built binary
/// with a stand-in `arecord` first on PATH, and the screen is read back.
@Suite("susi listen in a terminal", .serialized,
       .enabled(if: Tmux.available && SpokenAudio.available,
                "needs tmux, libpocketsphinx3, pocketsphinx-en-us and espeak-ng (make deps)"))
struct ListenTerminalTests {
    /// The command line tmux runs: only the stand-in folder on the binary's
    /// PATH (so no real recorder of this machine is found first), then the
    /// exit status stays on the screen.
    static func command(_ home: TemporaryHome, _ arguments: String, extra: String = "") -> String {
        "env SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm LANG=C.UTF-8 PATH=\(home.path)/bin \(extra) "
            + "\(EndToEnd.binary) \(arguments); echo EXIT=$?; sleep 60"
    }

    /// Raw 16 kHz S16LE, as arecord writes it.
    static func raw(_ pieces: [SpokenAudio.Piece], _ home: TemporaryHome, _ name: String) throws -> String {
        let wav = try SpokenAudio.wav(pieces, to: home.path + "/\(name).wav")
        let clip = try AudioClip.read(wavFile: wav)
        let path = home.path + "/\(name).raw"
        try Data(clip.samples.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Endless silence from the microphone: the status says it waits for
    /// the hotword; Ctrl-C ends with 130 at once and leaves no status line.
    @Test func ctrlCEndsTheLoopWith130AndClearsTheStatusLine() throws {
        let home = try TemporaryHome()
        try home.script("bin/arecord", "exec /bin/cat /dev/zero\n")
        let tmux = try Tmux(command: Self.command(home, "listen --no-speak"))
        defer { tmux.stop() }
        try tmux.waitFor("waiting for \"susi\"")
        #expect(tmux.screen().contains("Say \"susi\" and your question. Ctrl-C ends."))
        let pressed = Date()
        tmux.keys("C-c")
        try tmux.waitFor("EXIT=130")
        #expect(Date().timeIntervalSince(pressed) < 15, "Ctrl-C was not prompt (a generous bound, for a loaded machine)")
        let screen = tmux.screen()
        #expect(!screen.contains("waiting for"), "status line left behind:\n\(screen)")
        #expect(!screen.contains("●"))
        // What is left: the note, the message, the status, nothing else
        // (but the first-run pointer to onboard, shown once in a new home).
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("hint: new to susi?") }
        #expect(lines == ["Say \"susi\" and your question. Ctrl-C ends.", "error: Stopped listening.", "EXIT=130"], "\(screen)")
    }

    /// A stream with "susi" and a question: waiting, then listening, the
    /// answer, speaking, and waiting again; Ctrl-C ends. The stand-in
    /// recorder and speaker go on only when the test has seen the state
    /// before (a file it creates), so a loaded machine that draws late
    /// cannot skip a state (issue 37).
    @Test func theStatusLineShowsEachStateAfterTheHotword() throws {
        let home = try TemporaryHome()
        let hotword = try Self.raw([.silence(1), .say("susi"), .silence(0.8)], home, "hotword")
        let query = try Self.raw([.say("who invented linux"), .silence(1)], home, "query")
        // Waits (up to 10 minutes) for the file the test creates on an event.
        func after(_ name: String) -> String {
            "n=0; while [ ! -e '\(home.path)/\(name)' ] && [ $n -lt 6000 ]; do /bin/sleep 0.1; n=$((n+1)); done"
        }
        try home.script("bin/arecord", """
            /bin/cat /dev/zero | /usr/bin/head -c 64000
            \(after("waiting-seen"))
            /bin/cat '\(hotword)'
            \(after("listening-seen"))
            /bin/cat '\(query)'
            exec /bin/cat /dev/zero

            """)
        try home.script("fake-espeak", after("speaking-seen") + "\n")
        func seen(_ name: String) { _ = FileManager.default.createFile(atPath: home.path + "/" + name, contents: nil) }
        let answer = InProcess(home: home.path).run(["chat", "who invented linux"]).stdout
        let tmux = try Tmux(command: Self.command(home, "listen", extra: "SUSI_SPEECH_COMMAND=\(home.path)/fake-espeak"))
        defer { tmux.stop() }
        try tmux.waitFor("waiting for \"susi\"")
        seen("waiting-seen")
        try tmux.waitFor("● listening")
        seen("listening-seen")
        try tmux.waitFor("you> who invented linux")
        try tmux.waitFor(String(answer.prefix(30)))
        try tmux.waitFor("speaking (say \"stop\")")
        seen("speaking-seen")
        try tmux.waitFor("waiting for \"susi\"")
        #expect(!tmux.screen().contains("speaking"))
        tmux.keys("C-c")
        try tmux.waitFor("EXIT=130")
        #expect(!tmux.screen().contains("●"))
    }
}
