import Foundation
import SusiListen
import SusiTestKit
import Testing
@testable import SusiHost

/// The hands-free loop over a recording: the status line only on a
/// terminal, and "stop" said while SUSI speaks cuts the speech short.
@Suite("susi listen: hands-free", .serialized, .enabled(if: SpokenAudio.available, "needs libpocketsphinx3, pocketsphinx-en-us and espeak-ng (make deps)"))
struct HandsFreeTests {
    /// A stand-in for espeak-ng that logs what it was asked to say and
    /// whether it was stopped or spoke to the end (30 s of "speech").
    static let slowSpeaker = """
    for last; do :; done
    echo "start $last" >> "$SPEECH_LOG"
    /bin/sleep 30 &
    pid=$!
    trap 'kill $pid; echo "stopped $last" >> "$SPEECH_LOG"; exit 0' TERM
    wait $pid
    echo "done $last" >> "$SPEECH_LOG"

    """

    static func hotwordAndQuery(_ home: TemporaryHome, _ name: String, then more: [SpokenAudio.Piece] = []) throws -> String {
        try SpokenAudio.wav([.silence(1), .say("susi"), .silence(0.8), .say("who invented linux"), .silence(1)] + more,
                            to: home.path + "/\(name).wav")
    }

    /// The stream position of a --verbose "listen: EVENT at N s" line.
    static func position(of event: String, in stderr: String) -> Double? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.contains("listen: \(event) at ") }),
              let range = line.range(of: "listen: \(event) at ") else { return nil }
        return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    /// Not a terminal: stderr carries no status line (no carriage return,
    /// no escape sequence, no state word), only what a script should see.
    @Test func noStatusLineWhenStderrIsNotATerminal() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let wav = try Self.hotwordAndQuery(home, "plain")
        let result = harness.run(["listen", "--file", wav, "--no-speak"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("you> who invented linux\n"))
        #expect(!result.stdout.contains("\r") && !result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.contains("waiting") && !result.stdout.contains("thinking"))
    }

    /// On a terminal the same run shows waiting, listening, thinking on one
    /// redrawn line, cleared before the answer and at the end.
    @Test func theStatusLineFollowsTheStatesOnATerminal() throws {
        let home = try TemporaryHome()
        var harness = try home.harness()
        harness.stderrTTY = true
        let wav = try Self.hotwordAndQuery(home, "tty")
        let result = harness.run(["listen", "--file", wav, "--no-speak"])
        #expect(result.status == 0, "\(result.stderr)")
        let states = ["waiting for \"susi\"", "listening", "hearing", "thinking"]
        var rest = Substring(result.stderr)
        for state in states {
            guard let found = rest.range(of: "\r● " + state) ?? rest.range(of: "● " + state) else {
                Issue.record("no \(state) in order in \(result.stderr.debugDescription)")
                break
            }
            rest = rest[found.upperBound...]
        }
        #expect(result.stderr.hasSuffix("\r\u{1B}[K"))
        #expect(!result.stdout.contains("●"))
        // --json is for programs: no status line even on a terminal.
        let json = harness.run(["listen", "--file", wav, "--no-speak", "--json"])
        #expect(json.status == 0)
        #expect(!json.stderr.contains("●"))
    }

    /// "stop" said while the answer is spoken stops the speaker at once: the
    /// stand-in (30 s of speech) logs that it was stopped, not that it
    /// finished, and the stop is heard after the answer began.
    @Test func sayingStopWhileSUSISpeaksStopsTheSpeech() throws {
        let home = try TemporaryHome()
        let speaker = try home.script("fake-espeak", Self.slowSpeaker)
        let log = home.path + "/speech.log"
        let harness = try home.harness(["SUSI_SPEECH_COMMAND": speaker, "SPEECH_LOG": log])
        let wav = try Self.hotwordAndQuery(home, "stop", then: [.say("stop"), .silence(1.5)])
        let answer = harness.run(["chat", "who invented linux"]).stdout
        let started = Date()
        let result = harness.run(["listen", "--file", wav, "--verbose"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "you> who invented linux\n" + answer)
        let spoken = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        #expect(lines == ["start \(spoken)", "stopped \(spoken)"])
        // The order: the answer was being spoken, then "stop" was heard.
        let stderr = result.stderr
        let speaking = stderr.range(of: "listen: speaking")
        let heard = stderr.range(of: "listen: stop heard")
        #expect(speaking != nil && heard != nil && speaking!.lowerBound < heard!.lowerBound, "\(stderr)")
        // At once: in stream time (not a timed assert), soon after the word,
        // well before the end of the 1.5 s of silence that follows it.
        let total = try AudioClip.read(wavFile: wav).seconds
        if let at = Self.position(of: "stop heard", in: stderr) {
            print("stop heard \(String(format: "%.2f", at - (total - 1.5))) s after the end of the recorded word")
            #expect(at < total - 1.5 + 0.8, "stop heard at \(at) s of \(total) s")
        }
        // Generous: the stand-in would have spoken for 30 s.
        #expect(elapsed < 25, "took \(elapsed) s")
    }

    /// Without "stop", the answer is spoken to its end (the same recording
    /// minus the word), so the test above can tell the two apart.
    @Test func withoutStopTheAnswerIsSpokenToTheEnd() throws {
        let home = try TemporaryHome()
        let speaker = try home.script("fake-espeak", Self.slowSpeaker.replacingOccurrences(of: "/bin/sleep 30", with: "/bin/sleep 1"))
        let log = home.path + "/speech.log"
        let harness = try home.harness(["SUSI_SPEECH_COMMAND": speaker, "SPEECH_LOG": log])
        let wav = try Self.hotwordAndQuery(home, "nostop", then: [.silence(1.5)])
        let result = harness.run(["listen", "--file", wav, "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("listen: stop heard"))
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("start ") && lines[1].hasPrefix("done "), "\(lines)")
    }
}
