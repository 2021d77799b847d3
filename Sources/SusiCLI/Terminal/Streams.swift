#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
    /// from a pipe (an external command, which could write to the terminal anyway).
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

/// Standard input, real or scripted.
public final class InputSource: @unchecked Sendable {
    private var lines: [String]
    /// The next line to hand out (removing from the front would make reading quadratic).
    private var next = 0
    private let scripted: Bool
    private let lock = NSLock()
    public let isTTY: Bool

    /// True for scripted (test) input, which a child process cannot inherit.
    public var isScripted: Bool { scripted }

    /// Reads the process's standard input.
    public init() {
        lines = []
        scripted = false
        isTTY = isatty(0) == 1
    }

    /// Scripted input for tests: `text` is what a pipe would deliver.
    public init(text: String, isTTY: Bool = false) {
        var split = text.components(separatedBy: "\n")
        if split.last == "" { split.removeLast() }
        lines = split
        scripted = true
        self.isTTY = isTTY
    }

    /// The next line without its newline, or nil at end of input.
    public func readLine() -> String? {
        lock.lock()
        defer { lock.unlock() }
        if scripted {
            guard next < lines.count else { return nil }
            defer { next += 1 }
            return lines[next]
        }
        return Swift.readLine(strippingNewline: true)
    }

    /// Everything that is left.
    public func readAll() -> String {
        var result: [String] = []
        while let line = readLine() { result.append(line) }
        return result.joined(separator: "\n")
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
