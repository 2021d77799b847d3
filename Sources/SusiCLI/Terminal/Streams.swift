#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SusiBasics

/// An output stream that is either a file descriptor or an in-memory buffer
/// (for in-process tests). Writes to a descriptor are buffered and flushed
/// by the host before exit, before prompting and before running a child.
public final class OutputSink: @unchecked Sendable {
    private enum Target {
        case descriptor(Int32)
        case memory
    }

    private let target: Target
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private var captured: [UInt8] = []
    private let bufferLimit: Int

    public let isTTY: Bool

    /// Whether writes go straight to a real descriptor (a child process can inherit it).
    public var descriptor: Int32? {
        if case let .descriptor(fd) = target { return fd }
        return nil
    }

    public init(descriptor: Int32, buffered: Bool = true) {
        target = .descriptor(descriptor)
        isTTY = isatty(descriptor) == 1
        bufferLimit = buffered ? 1 << 16 : 0
    }

    public init(capturingAsTTY isTTY: Bool = false) {
        target = .memory
        self.isTTY = isTTY
        bufferLimit = 0
    }

    /// Writes text through the terminal guard (`UntrustedText.guarded`):
    /// a control character that is not the project's own styling is shown
    /// as a visible escape, on a terminal and in a pipe alike.
    public func write(_ text: String) {
        write(bytes: Array(UntrustedText.guarded(text).utf8))
    }

    /// Raw bytes, unguarded: only for a child process's own output relayed
    /// from a pipe (an external command, which could write to the terminal
    /// anyway), for the framing of a status line (`redrawLine`), and for
    /// audio asked for on a standard output that is not a terminal.
    public func write(bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        switch target {
        case .memory:
            captured.append(contentsOf: bytes)
        case let .descriptor(fd):
            pending.append(contentsOf: bytes)
            if pending.count > bufferLimit { drain(fd) }
        }
    }

    /// Text followed by a newline.
    public func line(_ text: String = "") {
        write(text + "\n")
    }

    public func flush() {
        lock.lock()
        defer { lock.unlock() }
        if case let .descriptor(fd) = target { drain(fd) }
    }

    /// Everything written so far to an in-memory stream.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: captured, as: UTF8.self)
    }

    /// Everything written so far to an in-memory stream, as bytes.
    public var bytes: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return captured
    }

    private func drain(_ fd: Int32) {
        var offset = 0
        while offset < pending.count {
            let written = pending[offset...].withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress, raw.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                break  // EPIPE and friends: the reader is gone; nothing useful to do.
            }
            offset += written
        }
        pending.removeAll(keepingCapacity: true)
    }
}

/// Standard input, real or scripted, read as bytes with a limit on every
/// line: a line is handed out as text only when it is valid UTF-8 without
/// NUL, never converted lossily, and never more than the limit is held.
public final class InputSource: @unchecked Sendable {
    /// The longest line taken from standard input (a query, an answer).
    public static let lineLimit = 1 << 20
    /// The longest secret (a password or a passphrase), in bytes.
    public static let secretLimit = 4096

    /// Bytes read and not handed out yet; `start` is the first of them
    /// (removing from the front each time would make reading quadratic).
    private var buffer: [UInt8]
    private var start = 0
    private var atEnd: Bool
    private let scripted: Bool
    private let lock = NSLock()
    public let isTTY: Bool
    /// The number of lines handed out so far, for messages.
    public private(set) var lineNumber = 0

    /// True for scripted (test) input, which a child process cannot inherit.
    public var isScripted: Bool { scripted }

    /// Reads the process's standard input (descriptor 0, not stdio's buffer).
    public init() {
        buffer = []
        atEnd = false
        scripted = false
        isTTY = isatty(0) == 1
    }

    /// Scripted input for tests: `text` is what a pipe would deliver.
    public convenience init(text: String, isTTY: Bool = false) {
        self.init(bytes: Array(text.utf8), isTTY: isTTY)
    }

    /// Scripted input as raw bytes, which need not be UTF-8.
    public init(bytes: [UInt8], isTTY: Bool = false) {
        buffer = bytes
        atEnd = true
        scripted = true
        self.isTTY = isTTY
    }

    /// The next line's bytes without its line break (LF or CRLF), or nil at
    /// the end of input. A line longer than `limit` bytes is an error, and
    /// no more than about `limit` bytes are ever read ahead.
    public func readLineBytes(limit: Int, what: @autoclosure () -> String = "A line of standard input") throws(InputError) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        var searched = start
        while true {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                var line = Array(buffer[start..<newline])
                start = newline + 1
                compact()
                if line.last == 0x0D { line.removeLast() }
                guard line.count <= limit else { throw InputError(.tooLong(limit: limit), what()) }
                lineNumber += 1
                return line
            }
            searched = buffer.count
            // One more byte than the limit may be the CR of a CRLF.
            if buffer.count - start > limit + 1 {
                throw InputError(.tooLong(limit: limit), what())
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                var line = Array(buffer[start...])
                start = buffer.count
                compact()
                if line.last == 0x0D { line.removeLast() }
                guard line.count <= limit else { throw InputError(.tooLong(limit: limit), what()) }
                lineNumber += 1
                return line
            }
            fill()
        }
    }

    /// Up to `limit` bytes of what is left, as soon as any are there (not
    /// whole lines); nil at the end of input. For input taken as a stream.
    public func readBytes(upTo limit: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        while start == buffer.count, !atEnd { fill() }
        guard start < buffer.count else { return nil }
        let end = min(buffer.count, start + max(1, limit))
        let bytes = Array(buffer[start..<end])
        start = end
        compact()
        return bytes
    }

    /// The next line as text: valid UTF-8, no NUL, at most `limit` bytes.
    public func readLine(limit: Int = InputSource.lineLimit) throws(InputError) -> String? {
        let number = lineNumber + 1
        let what = "Line \(number) of standard input"
        guard let bytes = try readLineBytes(limit: limit, what: what) else { return nil }
        return try InputSource.text(bytes, what: what)
    }

    /// Everything that is left, as text, each line within the line limit.
    /// With `limit`, at most that many bytes in all (line breaks counted),
    /// else `.tooLong`, so a flood is refused without being held. `what`
    /// names the input in errors; without it, each line by its number.
    public func readAll(limit: Int? = nil, what: String? = nil) throws(InputError) -> String {
        var result: [String] = []
        var total = 0
        while true {
            let name = what ?? "Line \(lineNumber + 1) of standard input"
            let lineLimit = limit.map { min(InputSource.lineLimit, $0 - total) } ?? InputSource.lineLimit
            guard let bytes = try readLineBytes(limit: lineLimit, what: name) else { break }
            total += bytes.count + 1
            if let limit, total > limit { throw InputError(.tooLong(limit: limit), name) }
            result.append(try InputSource.text(bytes, what: name))
        }
        return result.joined(separator: "\n")
    }

    /// `bytes` as text when they are valid UTF-8 without NUL; never a lossy
    /// conversion. `what` names the input in the error ("The password").
    public static func text(_ bytes: [UInt8], what: String) throws(InputError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw InputError(.invalidUTF8, what) }
        guard !bytes.contains(0) else { throw InputError(.nul, what) }
        return text
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[0..<count])
            }
            return
        }
    }

    private func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count <= 1 << 16)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }
}

/// Input that cannot be taken as it is: too long, not UTF-8, or with a NUL
/// byte. The message names the input and the limit, never its content.
public struct InputError: ReportableError, Equatable {
    public enum Kind: Equatable, Sendable {
        case tooLong(limit: Int)
        case invalidUTF8
        case nul
    }

    public var kind: Kind
    /// What was read, as a sentence subject: "Line 3 of standard input", "The password".
    public var what: String

    public init(_ kind: Kind, _ what: String) {
        self.kind = kind
        self.what = what
    }

    public var exitCode: ExitCode { .dataError }

    public var message: String {
        switch kind {
        case let .tooLong(limit): return "\(what) is longer than \(InputError.describe(limit)), the limit; nothing was taken from it."
        case .invalidUTF8: return "\(what) is not valid UTF-8; it was not used."
        case .nul: return "\(what) contains a NUL byte; it was not used."
        }
    }

    public var hint: String? {
        switch kind {
        case .tooLong: return nil
        case .invalidUTF8: return "susi takes text as UTF-8 and never guesses at other bytes."
        case .nul: return nil
        }
    }

    /// 4096 → "4096 bytes", 1048576 → "1 MiB".
    public static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// The three standard streams a command may use.
public struct IOStreams: Sendable {
    public var stdin: InputSource
    public var stdout: OutputSink
    public var stderr: OutputSink

    public init(stdin: InputSource, stdout: OutputSink, stderr: OutputSink) {
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The process's own streams.
    public static func standard() -> IOStreams {
        IOStreams(stdin: InputSource(),
                  stdout: OutputSink(descriptor: 1),
                  stderr: OutputSink(descriptor: 2, buffered: false))
    }

    /// In-memory streams for tests, with chosen TTY flags.
    public static func captured(
        stdin: String = "", stdinTTY: Bool = false, stdoutTTY: Bool = false, stderrTTY: Bool = false
    ) -> IOStreams {
        IOStreams(stdin: InputSource(text: stdin, isTTY: stdinTTY),
                  stdout: OutputSink(capturingAsTTY: stdoutTTY),
                  stderr: OutputSink(capturingAsTTY: stderrTTY))
    }

    public func flush() {
        stdout.flush()
        stderr.flush()
    }
}
