/// Text that came from outside (a server, a skill file, the chat history,
/// an import diagnostic, an error message) made safe to print: a control
/// character never reaches the terminal raw, it is shown as a visible
/// escape (`\x1b`, `\x07`, `\x7f`, `\u009b`), so ESC, OSC, BEL and C1
/// sequences cannot move the cursor, set the title, write the clipboard,
/// colour the screen or forge lines. Invalid UTF-8 never gets this far:
/// every decoding of outside bytes into a `String` replaces it with U+FFFD.
///
/// This is the one rule for terminal output. Modules apply it where they
/// build text from outside data (`escape`, `line`), and `OutputSink` applies
/// `guarded` to everything written, so a place that forgets still cannot
/// drive the terminal: the sink lets through only the project's own styling
/// (`Style`'s SGR codes and OSC 8 hyperlinks with a clean target).
public enum UntrustedText {
    /// Every control character but newline and tab shown as an escape.
    public static func escape(_ text: String) -> String {
        guard needsWork(text, keepNewlines: true) else { return text }
        return rewrite(text, keepNewlines: true)
    }

    /// One line: newline and carriage return are escaped too, so outside
    /// text cannot start a line of its own (a forged `error:`).
    public static func line(_ text: String) -> String {
        guard needsWork(text, keepNewlines: false) else { return text }
        return rewrite(text, keepNewlines: false)
    }

    /// The visible form of one control scalar.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        if scalar == "\n" { return "\\n" }
        if scalar == "\r" { return "\\r" }
        let value = scalar.value
        let hex = String(value, radix: 16)
        if value < 0x80 { return "\\x" + (hex.count < 2 ? "0" + hex : hex) }
        return "\\u00" + hex
    }

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// What the output sink writes: `text` with every control character
    /// escaped except newline, tab and the project's own escape sequences.
    public static func guarded(_ text: String) -> String {
        // Fast path: nothing below 0x20 but \n and \t, no DEL, no C1 (0xC2 0x80–0x9F).
        var suspicious = false
        for byte in text.utf8 where (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 {
            suspicious = true
            break
        }
        guard suspicious else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let length = ownSequenceLength(scalars, at: index) {
                out.append(contentsOf: scalars[index..<(index + length)])
                index += length
                continue
            }
            if isControl(scalar) && scalar != "\n" && scalar != "\t" {
                out.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// The length of a sequence `Style` or a hyperlink writes, starting at
    /// the ESC at `start`, or nil for anything else.
    static func ownSequenceLength(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        let rest = scalars.count - start
        // SGR: ESC [ <one of Style's codes> m
        if rest >= 4, scalars[start + 1] == "[" {
            var end = start + 2
            var code = ""
            while end < scalars.count, end - start <= 5, ("0"..."9").contains(scalars[end]) {
                code.unicodeScalars.append(scalars[end])
                end += 1
            }
            if end < scalars.count, scalars[end] == "m", Style.codes.contains(code) { return end + 1 - start }
            return nil
        }
        // OSC 8 hyperlink: ESC ] 8 ; ; <target without controls> ESC \
        if rest >= 7, scalars[start + 1] == "]", scalars[start + 2] == "8", scalars[start + 3] == ";",
           scalars[start + 4] == ";" {
            var end = start + 5
            while end < scalars.count, !isControl(scalars[end]) { end += 1 }
            if end + 1 < scalars.count, scalars[end] == "\u{1B}", scalars[end + 1] == "\\" { return end + 2 - start }
        }
        return nil
    }

    private static func needsWork(_ text: String, keepNewlines: Bool) -> Bool {
        text.unicodeScalars.contains { isControl($0) && !(keep($0, keepNewlines)) }
    }

    private static func keep(_ scalar: Unicode.Scalar, _ keepNewlines: Bool) -> Bool {
        scalar == "\t" || (keepNewlines && scalar == "\n")
    }

    private static func rewrite(_ text: String, keepNewlines: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) && !keep(scalar, keepNewlines) {
                out.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
