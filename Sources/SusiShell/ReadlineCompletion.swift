#if canImport(Glibc)
import Glibc
#endif
import CReadline
import Foundation
import SusiCLI

/// TAB in a `ReadlineEditor`: readline asks for the word under the cursor;
/// the completer gets the line before that word and the word, and answers
/// with the values to offer (already quoted for the line) or a wish for
/// file names. One completer per process, as readline has one hook.
public enum ReadlineCompletion {
    public enum Answer: Sendable, Equatable {
        case values([String])
        /// Let readline complete file names (the value is a path).
        case files
    }

    /// The line before the word, the word as typed (without an opening
    /// quote), and whether a quote is open at the word.
    public typealias Completer = (_ before: String, _ word: String, _ quoted: Bool) -> Answer

    nonisolated(unsafe) private static var completer: Completer?
    nonisolated(unsafe) private static var wholeLine = false

    /// Installs `completer` for every ReadlineEditor; nil turns TAB off.
    public static func install(_ completer: Completer?) {
        self.completer = completer
        wholeLine = false
        susi_readline_set_completion(completer == nil ? nil : { text, start, _ in
            ReadlineCompletion.matches(text, start: Int(start))
        })
    }

    /// What is installed, to put back with `restore` (a chat run inside
    /// `susi shell` completes lines its own way, then the shell's Tab returns).
    public struct Installed {
        fileprivate let completer: Completer?
        fileprivate let wholeLine: Bool
    }

    public static var installed: Installed { Installed(completer: completer, wholeLine: wholeLine) }

    public static func restore(_ installed: Installed) {
        if installed.wholeLine, let completer = installed.completer {
            self.completer = completer
            wholeLine = true
            susi_readline_set_line_completion { text, start, _ in ReadlineCompletion.matches(text, start: Int(start)) }
        } else {
            install(installed.completer)
        }
    }

    /// Installs a completer for the whole line up to the cursor (no word
    /// breaks, no quoting: an apostrophe is just text). It gets the line as
    /// `word` (and "" as `before`) and answers with whole lines; it is never
    /// asked for file names, and an empty answer offers nothing.
    public static func installLine(_ complete: @escaping (_ line: String) -> [String]) {
        completer = { _, line, _ in .values(complete(line)) }
        wholeLine = true
        susi_readline_set_line_completion { text, start, _ in ReadlineCompletion.matches(text, start: Int(start)) }
    }

    private static func matches(_ text: UnsafePointer<CChar>?, start: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let completer, let text, let lineStart = susi_readline_line() else { return nil }
        let lineBytes = UnsafeRawBufferPointer(start: lineStart, count: strlen(lineStart))
        let before = String(decoding: lineBytes.prefix(start), as: UTF8.self)
        let word = String(cString: text)
        switch completer(before, word, susi_readline_quote() != 0) {
        case .files:
            susi_readline_no_default(0)
            return nil
        case let .values(values):
            susi_readline_no_default(1)
            guard !values.isEmpty else { return nil }
            // readline's form: [common prefix, match..., NULL]; one match is
            // inserted whole (with a space after it).
            let common = values.dropFirst().reduce(values[0]) { sharedPrefix($0, $1) }
            // readline frees the list and its strings with free(): malloc them.
            let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (values.count + 2)
            guard let raw = malloc(size) else { return nil }
            let list = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: values.count + 2)
            list[0] = strdup(common)
            if values.count == 1 {
                list[1] = nil
                if values[0].hasSuffix("=") { susi_readline_suppress_append() }
                return list
            }
            for (index, value) in values.enumerated() { list[index + 1] = strdup(value) }
            list[values.count + 1] = nil
            return list
        }
    }

    static func sharedPrefix(_ a: String, _ b: String) -> String {
        String(zip(a, b).prefix { $0 == $1 }.map(\.0))
    }
}
