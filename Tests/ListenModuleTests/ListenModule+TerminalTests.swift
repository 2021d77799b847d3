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
        #expect(Date().timeIntervalSince(pressed) < 3, "Ctrl-C was not prompt")
        let screen = tmux.screen()
        #expect(!screen.contains("waiting for"), "status line left behind:\n\(screen)")
        #expect(!screen.contains("●"))
        // What is left: the note, the message, the status, nothing else
        // (but the first-run pointer to onboard, shown once in a new home).
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("hint: new to susi?") }
        #expect(lines == ["Say \"susi\" and your question. Ctrl-C ends.", "error: Stopped listening.", "EXIT=130"], "\(screen)")
    }

    /// A stream with "susi" and a question: waiting, then listening (the
    /// recorder pauses before the question), the answer, speaking (a
    /// stand-in speaker takes 3 s), and waiting again; Ctrl-C ends.
    @Test func theStatusLineShowsEachStateAfterTheHotword() throws {
        let home = try TemporaryHome()
        let hotword = try Self.raw([.silence(1), .say("susi"), .silence(0.8)], home, "hotword")
        let query = try Self.raw([.say("who invented linux"), .silence(1)], home, "query")
        try home.script("bin/arecord", """
            /bin/cat /dev/zero | /usr/bin/head -c 64000
            /bin/sleep 1
            /bin/cat '\(hotword)'
            /bin/sleep 3
            /bin/cat '\(query)'
            exec /bin/cat /dev/zero

            """)
        try home.script("fake-espeak", "exec /bin/sleep 3\n")
        let answer = InProcess(home: home.path).run(["chat", "who invented linux"]).stdout
        let tmux = try Tmux(command: Self.command(home, "listen", extra: "SUSI_SPEECH_COMMAND=\(home.path)/fake-espeak"))
        defer { tmux.stop() }
        try tmux.waitFor("waiting for \"susi\"")
        try tmux.waitFor("● listening")
        try tmux.waitFor("you> who invented linux")
        try tmux.waitFor(String(answer.prefix(30)))
        try tmux.waitFor("speaking (say \"stop\")")
        try tmux.waitFor("waiting for \"susi\"")
        #expect(!tmux.screen().contains("speaking"))
        tmux.keys("C-c")
        try tmux.waitFor("EXIT=130")
        #expect(!tmux.screen().contains("●"))
    }
}
