import Foundation
import Testing
@testable import SusiCLI

@Suite("Spinner")
struct SpinnerTests {
    @Test func onATerminalItTurnsInPlaceAndClearsTheLine() throws {
        let sink = OutputSink(capturingAsTTY: true)
        let spinner = Spinner("Sending the Wi-Fi network…", on: sink, enabled: true, environment: ["LANG": "en_US.UTF-8"])
        spinner.start()
        usleep(250_000)
        spinner.stop()
        let text = sink.text
        #expect(text.hasPrefix("\r⠋ Sending the Wi-Fi network…\u{1B}[K\r⠙ "), "\(text.debugDescription)")
        #expect(text.hasSuffix("\r\u{1B}[K"))
        #expect(!text.contains("\n"))
        // Stopping twice draws nothing more.
        spinner.stop()
        #expect(sink.text == text)
    }

    @Test func asciiFramesOutsideAUTF8Locale() throws {
        let sink = OutputSink(capturingAsTTY: true)
        let spinner = Spinner("Working", on: sink, enabled: true, environment: ["LANG": "C"])
        spinner.start()
        spinner.stop()
        #expect(sink.text == "\r| Working\u{1B}[K\r\u{1B}[K")
    }

    @Test func pipedOrDisabledNothingIsDrawn() throws {
        for (tty, enabled) in [(false, true), (true, false)] {
            let sink = OutputSink(capturingAsTTY: tty)
            let spinner = Spinner("Working", on: sink, enabled: enabled, environment: [:])
            spinner.start()
            usleep(150_000)
            spinner.stop()
            #expect(sink.text.isEmpty)
        }
    }

    @Test func theTextGoesThroughTheTerminalGuard() throws {
        let sink = OutputSink(capturingAsTTY: true)
        let spinner = Spinner("room \u{1B}]0;owned\u{07}", on: sink, enabled: true, environment: [:])
        spinner.start()
        spinner.stop()
        #expect(!sink.text.contains("\u{1B}]0"))
        #expect(sink.text.contains("\\x1b]0;owned"))
    }
}
