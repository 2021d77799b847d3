#if canImport(Glibc)
import Glibc
#endif
import SusiBasics
import SusiCLI
import SusiCore

/// What a key on the introduction pages does.
enum PageKey: Equatable {
    /// `quit`: 'q', a choice (exit 0); `interrupt`: Ctrl-C, Ctrl-D or the end of input (130).
    case next, back, skip, quit, interrupt, other
}

/// Shows the introduction pages and returns when the user goes past the
/// last one or skips (true), or when the user quits with 'q' (false);
/// Ctrl-C throws (exit 130). Either way before anything was written.
enum PageViewer {
    static func show(_ context: Context) throws -> Bool {
        if let keys = RawKeys(context) {
            defer { keys.restore() }
            let goOn = try run(context) { index in
                keys.redraw(IntroPage.screen(index, width: context.width, utf8: TerminalInfo.isUTF8(environment: context.environment),
                                             style: context.errorStyle), on: context.stderr)
                return keys.next()
            }
            keys.clearScreen(on: context.stderr)
            return goOn
        }
        // A dumb terminal (or scripted input): plain numbered pages, a line per answer.
        return try run(context) { index in
            context.stderr.write(IntroPage.plain(index))
            context.stdout.flush()
            context.stderr.write("[n]ext, [p]revious, [s]kip, [q]uit (Enter: next): ")
            context.stderr.flush()
            guard let line = try context.stdin.readLine() else {
                context.stderr.line()
                return .interrupt
            }
            return key(forLine: line)
        }
    }

    /// The page loop over any source of keys.
    static func run(_ context: Context, read: (Int) throws -> PageKey) throws -> Bool {
        var index = 0
        while true {
            switch try read(index) {
            case .next:
                if index == IntroPage.all.count - 1 { return true }
                index += 1
            case .back:
                index = max(0, index - 1)
            case .skip:
                return true
            case .quit:
                return false
            case .interrupt:
                throw CommandError(.interrupted, "Onboarding stopped; nothing was changed.",
                                   hint: "Run 'susi onboard' again whenever you like.")
            case .other:
                continue
            }
        }
    }

    static func key(forLine line: String) -> PageKey {
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "", "n", "next": return .next
        case "p", "prev", "previous", "back", "b": return .back
        case "s", "skip": return .skip
        case "q", "quit": return .quit
        default: return .other
        }
    }

    /// Keys as bytes: letters, Enter, Ctrl-C/Ctrl-D, and the arrows' escape sequences.
    static func key(forBytes bytes: [UInt8]) -> PageKey {
        switch bytes {
        case [UInt8(ascii: "n")], [UInt8(ascii: "N")], [13], [10], [32], [27, 91, 67], [27, 79, 67]: return .next
        case [UInt8(ascii: "p")], [UInt8(ascii: "P")], [27, 91, 68], [27, 79, 68]: return .back
        case [UInt8(ascii: "s")], [UInt8(ascii: "S")]: return .skip
        case [UInt8(ascii: "q")], [UInt8(ascii: "Q")]: return .quit
        case [3], [4]: return .interrupt
        default: return .other
        }
    }
}

/// The terminal in raw mode (no echo, no line buffering, Ctrl-C as a key)
/// while the pages are up. The saved settings are put back by `restore`,
/// and by a signal handler for SIGTERM, SIGHUP, SIGQUIT and SIGINT (which
/// then lets the signal take its usual course), so no way out leaves the
/// terminal raw.
final class RawKeys {
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var previous: [(signal: Int32, handler: __sighandler_t?)] = []
    private static let signals: [Int32] = [SIGTERM, SIGHUP, SIGQUIT, SIGINT]
    /// True from entering raw mode until `restore`: a failed init never touches the terminal.
    private var active = false

    /// Nil unless stdin and stderr are a real terminal that is not dumb
    /// (scripted input in tests reads lines instead).
    init?(_ context: Context) {
        guard !context.stdin.isScripted, context.stderr.descriptor != nil, isatty(0) == 1, isatty(2) == 1,
              context.environment["TERM"] != "dumb", tcgetattr(0, &Self.saved) == 0 else { return nil }
        Self.previous = Self.signals.map { number in
            (number, Glibc.signal(number) { caught in
                tcsetattr(0, TCSANOW, &RawKeys.saved)
                write(2, "\u{1B}[?25h", 6)
                Glibc.signal(caught, SIG_DFL)
                raise(caught)
            })
        }
        var raw = Self.saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSAFLUSH, &raw)
        active = true
        // Hide the cursor while pages are shown.
        write(2, "\u{1B}[?25l", 6)
    }

    func restore() {
        guard active else { return }
        active = false
        tcsetattr(0, TCSAFLUSH, &Self.saved)
        write(2, "\u{1B}[?25h", 6)
        for (number, handler) in Self.previous { Glibc.signal(number, handler) }
        Self.previous = []
    }

    deinit { restore() }

    /// One key: a byte, or an escape sequence read within 50 ms of its ESC.
    func next() -> PageKey {
        var bytes: [UInt8] = []
        guard let first = readByte(timeout: -1) else { return .quit }
        bytes.append(first)
        if first == 27 {
            while bytes.count < 3, let more = readByte(timeout: 50) { bytes.append(more) }
        }
        return PageViewer.key(forBytes: bytes)
    }

    private func readByte(timeout: Int32) -> UInt8? {
        var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, timeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var byte: UInt8 = 0
            let count = read(0, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return count == 1 ? byte : nil
        }
    }

    /// The page drawn from the top left of a cleared screen (the framing is
    /// ours; the page's text goes through the output guard).
    func redraw(_ screen: String, on sink: OutputSink) {
        sink.write(bytes: Array("\u{1B}[H\u{1B}[2J".utf8))
        sink.write(screen)
        sink.flush()
    }

    func clearScreen(on sink: OutputSink) {
        sink.write(bytes: Array("\u{1B}[H\u{1B}[2J".utf8))
        sink.flush()
    }
}
