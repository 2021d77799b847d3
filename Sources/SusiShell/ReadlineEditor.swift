#if canImport(Glibc)
import Glibc
#endif
import CReadline
import Foundation
import SusiBasics
import SusiCLI

/// GNU readline through its callback interface, so that Ctrl-C can be
/// handled in a poll loop (Swift cannot longjmp out of readline()): Ctrl-C
/// discards the line and shows a fresh prompt, Ctrl-D on an empty line ends.
public final class ReadlineEditor: LineEditor {
    private var historyFile: String?
    /// Set when the history file cannot be used safely (a symbolic link or
    /// not a regular file): then it is neither read nor written, and the
    /// caller says so once.
    public private(set) var historyWarning: String?
    private let historyLimit: Int32
    /// Lines that must never reach the history file (passwords, tokens).
    private let isSecret: (String) -> Bool
    private var lastRemembered: String?
    /// The history list of the editor this one runs inside (a chat started
    /// from the shell), put back by `close`: each editor has its own list.
    private var outerHistory: susi_history_saved?

    nonisolated(unsafe) private static var received: LineInput?

    /// `isSecret` defaults to `HistoryFilter.mightCarrySecret`: a line that
    /// mentions a password, passphrase or token is never kept.
    public init(historyFile: String?, historyLimit: Int32 = 2000,
                isSecret: @escaping (String) -> Bool = HistoryFilter.mightCarrySecret) {
        self.historyFile = historyFile
        self.historyLimit = historyLimit
        self.isSecret = isSecret
        susi_readline_configure()
        outerHistory = susi_history_push()
        using_history()
        stifle_history(historyLimit)
        if let historyFile {
            if let problem = Self.problem(with: historyFile) {
                self.historyFile = nil
                historyWarning = "Not keeping a chat history: \(historyFile) is \(problem)."
            } else {
                _ = read_history(historyFile)
            }
        }
    }

    /// readline follows links when it reads, writes and truncates a history
    /// file, so a link (or a FIFO, a folder...) in its place is not used.
    static func problem(with path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    public func read(prompt: String) -> LineInput {
        read(prompt: prompt, timer: nil)
    }

    public func read(prompt: String, timer: LineEditorTimer) -> LineInput {
        read(prompt: prompt, timer: Optional(timer))
    }

    private func read(prompt: String, timer: LineEditorTimer?) -> LineInput {
        Interrupts.install()
        defer { Interrupts.uninstall() }
        Self.received = nil
        rl_callback_handler_install(prompt) { line in
            if let line {
                ReadlineEditor.received = ReadlineEditor.input(line)
                free(line)
            } else {
                ReadlineEditor.received = .end
            }
            rl_callback_handler_remove()
        }
        defer { if Self.received == nil { rl_callback_handler_remove() } }
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: Interrupts.descriptor, events: Int16(POLLIN), revents: 0)]
        while Self.received == nil {
            var timeout: Int32 = -1
            if let next = timer?.next() {
                timeout = Int32(max(0, min(next.timeIntervalSinceNow * 1000, 3_600_000)).rounded(.up))
            }
            let ready = poll(&fds, 2, timeout)
            if ready < 0 && errno != EINTR { return .end }
            if ready == 0, let timer {
                // Due while typing: print above the prompt, then redraw the prompt and the line so far.
                if let next = timer.next(), next <= Date() {
                    _ = rl_clear_visible_line()
                    // readline writes through stdio; flush it before our own output goes to the descriptor.
                    _ = fflush(nil)
                    timer.run()
                    rl_on_new_line()
                    rl_redisplay()
                }
                continue
            }
            if Interrupts.take() {
                rl_free_line_state()
                rl_callback_sigcleanup()
                rl_replace_line("", 0)
                rl_crlf()
                rl_callback_handler_remove()
                return .interrupted
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                rl_callback_read_char()
            }
        }
        if Self.received == .end { _ = Glibc.write(1, "\n", 1) }
        return Self.received ?? .end
    }

    /// What readline returned, as text: never a lossy conversion.
    static func input(_ line: UnsafeMutablePointer<CChar>) -> LineInput {
        let count = strlen(line)
        let what = "The line"
        guard count <= InputSource.lineLimit else { return .refused(InputError(.tooLong(limit: InputSource.lineLimit), what)) }
        let bytes = UnsafeRawBufferPointer(start: line, count: count)
        do {
            return .line(try InputSource.text(Array(bytes), what: what))
        } catch {
            return .refused(error)
        }
    }

    public func remember(_ line: String) {
        // ignorespace and ignoredups, as bash and psql do; secrets never.
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix(" "),
              line != lastRemembered, !isSecret(line) else { return }
        add_history(line)
        lastRemembered = line
        // Appended as it is accepted, so closing the terminal (SIGHUP) or a
        // kill loses nothing; `close` only trims the file.
        guard let historyFile, Self.problem(with: historyFile) == nil, Self.privateMode(historyFile, create: true) else { return }
        _ = append_history(1, historyFile)
    }

    public func close() {
        defer {
            if let outerHistory { susi_history_pop(outerHistory) }
            outerHistory = nil
        }
        guard let historyFile, Self.problem(with: historyFile) == nil else { return }
        // Created (or checked) without following a link, so readline only
        // ever writes a regular file. readline may replace the file by a
        // rename, so the mode is set afterwards, through a fresh descriptor
        // that does not follow a link either: never chmod by path.
        guard Self.privateMode(historyFile, create: true) else { return }
        _ = history_truncate_file(historyFile, historyLimit)
        _ = Self.privateMode(historyFile, create: false)
    }

    private static func privateMode(_ path: String, create: Bool) -> Bool {
        let fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (create ? O_CREAT | O_APPEND : 0), 0o600)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return fchmod(fd, 0o600) == 0
    }
}
