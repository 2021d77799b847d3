/// Word wrapping and column fitting measured in terminal cells.
public enum TextLayout {
    /// "1 star", "2 stars", "0 examples": a count and its noun, plural
    /// with -s unless the count is 1.
    public static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The number of terminal cells `text` takes, ignoring ANSI escapes.
    /// Wide (CJK, emoji) scalars count as two.
    public static func cells(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            count += cellWidth(scalar)
        }
        return count
    }

    static func cellWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if scalar.properties.generalCategory == .nonspacingMark
            || scalar.properties.generalCategory == .enclosingMark
            || value == 0x200B || value == 0x200D || (0xFE00...0xFE0F).contains(value) {
            return 0
        }
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
            || (0x20000...0x3FFFD).contains(value) {
            return 2
        }
        return 1
    }

    /// Wraps each paragraph of `text` (separated by newlines) to `width`
    /// cells, prefixing every line with `indent` spaces. A word longer than
    /// the line stands alone rather than being cut.
    public static func wrap(_ text: String, width: Int, indent: Int = 0) -> String {
        let pad = String(repeating: " ", count: indent)
        let available = max(10, width - indent)
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = paragraph.prefix { $0 == " " }
            let words = paragraph.split(separator: " ")
            if words.isEmpty {
                out.append("")
                continue
            }
            // An indented paragraph (a list item) continues with a hanging indent.
            let hanging = leading.isEmpty ? "" : String(leading) + "  "
            var line = String(leading)
            var lineCells = leading.count
            var lineStart = leading.count
            for word in words {
                let wordCells = cells(String(word))
                if lineCells > lineStart, lineCells + 1 + wordCells > available {
                    out.append(pad + line)
                    line = hanging
                    lineCells = hanging.count
                    lineStart = hanging.count
                }
                if lineCells > lineStart {
                    line += " "
                    lineCells += 1
                }
                line += word
                lineCells += wordCells
            }
            out.append(pad + line)
        }
        return out.joined(separator: "\n")
    }

    /// Label / description rows: labels indented by two, descriptions
    /// wrapped from `column`; a label too wide for its column gets a line of
    /// its own. One line per row, no trailing newline.
    public static func columns(_ rows: [(String, String)], column: Int, width: Int) -> [String] {
        var lines: [String] = []
        for (label, text) in rows {
            let wrapped = wrap(text, width: width, indent: column)
            let indentedLabel = "  " + label
            if cells(indentedLabel) + 2 <= column {
                lines.append(pad(indentedLabel, to: column) + String(wrapped.dropFirst(column)))
            } else {
                lines.append(indentedLabel)
                lines.append(wrapped)
            }
        }
        return lines
    }

    /// Cuts `text` to at most `width` cells, ending with an ellipsis when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard cells(text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let w = cells(String(character))
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// Pads `text` with spaces to `width` cells.
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - cells(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
