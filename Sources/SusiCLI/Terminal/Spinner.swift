import Foundation
import SusiBasics

/// A status line that turns while slow work runs, on a terminal only: each
/// frame is redrawn in place (carriage return, the text through the
/// terminal guard, erase to the end of the line) and `stop()` clears it, so
/// the line printed next stands alone. Piped, or with `enabled` false,
/// nothing is drawn.
public final class Spinner: @unchecked Sendable {
    private let sink: OutputSink
    private let text: String
    private let frames: [String]
    private let enabled: Bool
    private let lock = NSLock()
    private var running = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// Braille frames where the locale is UTF-8, `|/-\` elsewhere.
    public init(_ text: String, on sink: OutputSink, enabled: Bool, environment: [String: String]) {
        self.sink = sink
        self.text = text
        self.enabled = enabled && sink.isTTY
        frames = TerminalInfo.isUTF8(environment: environment) ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
    }

    /// Draws the first frame at once, then one every 100 ms.
    public func start() {
        guard enabled else { return }
        lock.withLock { running = true }
        sink.redrawLine(frames[0] + " " + text)
        let thread = Thread { [self] in
            var index = 1
            while lock.withLock({ running }) {
                usleep(100_000)
                guard lock.withLock({ running }) else { break }
                sink.redrawLine(frames[index % frames.count] + " " + text)
                index += 1
            }
            finished.signal()
        }
        self.thread = thread
        thread.start()
    }

    /// Stops turning and clears the line.
    public func stop() {
        guard enabled, lock.withLock({ () -> Bool in
            let was = running
            running = false
            return was
        }) else { return }
        finished.wait()
        sink.clearLine()
    }
}

extension OutputSink {
    /// Replaces the current terminal line with `text` (guarded like all
    /// text): only for the project's own status lines.
    public func redrawLine(_ text: String) {
        write(bytes: Array(("\r" + UntrustedText.guarded(text) + "\u{1B}[K").utf8))
        flush()
    }

    /// Erases the current terminal line and returns to its start.
    public func clearLine() {
        write(bytes: Array("\r\u{1B}[K".utf8))
        flush()
    }
}
