/// Text that came from outside (a server, a skill file, the chat history,
/// an import diagnostic, an error message) made safe to print: a control
/// character never reaches the terminal raw, it is shown as a visible
/// escape (`\x1b`, `\x07`, `\x7f`, `\u009b`), so ESC, OSC, BEL and C1
/// sequences cannot move the cursor, set the title, write the clipboard,
/// colour the screen or forge lines. Neither does an invisible or direction
/// character (`isInvisible`: U+202E, the isolates, zero-width characters,
/// U+2028/2029, U+FEFF, tag characters...; shown as `\u202e`), which would
/// reorder, hide or split what the reader sees. The access log escapes the
/// same list (LogText). Invalid UTF-8 never gets this far: every decoding
/// of outside bytes into a `String` replaces it with U+FFFD.
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

    /// The visible form of one control or invisible scalar: `\x1b`,
    /// `\u009b`, `\u202e`, `\u{e0041}`.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        if scalar == "\n" { return "\\n" }
        if scalar == "\r" { return "\\r" }
        let value = scalar.value
        let hex = String(value, radix: 16)
        if value < 0x80 { return "\\x" + (hex.count < 2 ? "0" + hex : hex) }
        if value > 0xFFFF { return "\\u{" + hex + "}" }
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// C0 controls, DEL and C1 controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// Characters that show nothing yet change what the reader sees: the
    /// bidirectional overrides, embeddings, isolates and marks (U+202A–202E,
    /// U+2066–2069, U+200E/F, U+061C), zero-width characters (U+200B–200D,
    /// U+2060–2064, U+FEFF), the line and paragraph separators (U+2028/2029),
    /// the soft hyphen, fillers and invisible separators (U+00AD, U+034F,
    /// U+115F/1160, U+17B4/17B5, U+180B–180F, U+3164, U+FFA0), deprecated
    /// format characters (U+206A–206F), interlinear annotations (U+FFF9–FFFB)
    /// and tag characters (U+E0000–E007F, which can carry hidden ASCII).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B...0x200F,
             0x2028...0x202E, 0x2060...0x206F, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            return true
        default:
            return false
        }
    }

    /// Shown as an escape on every path to a terminal (newline and tab
    /// aside, which `escape` and the guard keep).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || (scalar.value >= 0xAD && isInvisible(scalar))
    }

    /// Whether UTF-8 bytes may hold a scalar `needsEscape` catches other
    /// than newline and tab: a quick test over the bytes, exact for ASCII,
    /// conservative above (a lead byte of an invisible character's block).
    public static func mayNeedEscape<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        for byte in bytes {
            switch byte {
            case 0x0A, 0x09: continue
            case 0x00...0x1F, 0x7F: return true
            // C2: C1 controls and U+00AD; CD: U+034F; D8: U+061C; E1: U+115F–180F;
            // E2: U+2000–2FFF; E3: U+3164; EF: U+FEFF, U+FFA0, U+FFF9–FFFB; F3: tags.
            case 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF3: return true
            default: continue
            }
        }
        return false
    }

    /// What the output sink writes: `text` with every control character
    /// escaped except newline, tab and the project's own escape sequences.
    public static func guarded(_ text: String) -> String {
        // Fast path: nothing below 0x20 but \n and \t, no DEL, no lead byte of a C1 or invisible character.
        guard mayNeedEscape(text.utf8) else { return text }
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
            if needsEscape(scalar) && scalar != "\n" && scalar != "\t" {
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
            while end < scalars.count, !needsEscape(scalars[end]) { end += 1 }
            if end + 1 < scalars.count, scalars[end] == "\u{1B}", scalars[end + 1] == "\\" { return end + 2 - start }
        }
        return nil
    }

    private static func needsWork(_ text: String, keepNewlines: Bool) -> Bool {
        guard mayNeedEscape(text.utf8) || !keepNewlines else { return false }
        return text.unicodeScalars.contains { needsEscape($0) && !(keep($0, keepNewlines)) }
    }

    private static func keep(_ scalar: Unicode.Scalar, _ keepNewlines: Bool) -> Bool {
        scalar == "\t" || (keepNewlines && scalar == "\n")
    }

    private static func rewrite(_ text: String, keepNewlines: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) && !keep(scalar, keepNewlines) {
                out.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
