import Foundation
import SusiCLI

/// What reading a line produced.
public enum LineInput: Equatable, Sendable {
    case line(String)
    /// Ctrl-C at the prompt: the line was discarded.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case end
    /// A line that cannot be taken: longer than `InputSource.lineLimit`,
    /// not valid UTF-8, or with a NUL byte.
    case refused(InputError)
}

/// Work to do while a line is being typed: `next` says when (nil: nothing
/// pending), `run` does it, printing above the prompt (chat's planned answers).
public struct LineEditorTimer {
    public var next: () -> Date?
    public var run: () -> Void

    public init(next: @escaping () -> Date?, run: @escaping () -> Void) {
        self.next = next
        self.run = run
    }
}

/// Reads lines for the shell and interactive chat: readline on a terminal,
/// plain reads when piped or in tests, so the loop above never cares which.
public protocol LineEditor: AnyObject {
    func read(prompt: String) -> LineInput
    /// As `read(prompt:)`, running `timer` when it is due while the line is
    /// typed; an editor that cannot (plain reads) runs what is due first.
    func read(prompt: String, timer: LineEditorTimer) -> LineInput
    /// Remembers a line for the up-arrow (and the history file, if any).
    func remember(_ line: String)
    /// Saves history; called once at the end.
    func close()
}

extension LineEditor {
    public func read(prompt: String, timer: LineEditorTimer) -> LineInput {
        if let next = timer.next(), next <= Date() { timer.run() }
        return read(prompt: prompt)
    }
}

/// Lines from an `InputSource`, with no editing or history: piped input and tests.
public final class PlainLineEditor: LineEditor {
    private let input: InputSource
    private let output: OutputSink?

    /// `output` receives the prompt (nil: no prompt, as for piped input).
    public init(input: InputSource, output: OutputSink?) {
        self.input = input
        self.output = output
    }

    public func read(prompt: String) -> LineInput {
        if let output {
            output.write(prompt)
            output.flush()
        }
        do {
            guard let line = try input.readLine() else {
                if output != nil { output?.line() }
                return .end
            }
            return .line(line)
        } catch {
            return .refused(error)
        }
    }

    public func remember(_ line: String) {}
    public func close() {}
}
