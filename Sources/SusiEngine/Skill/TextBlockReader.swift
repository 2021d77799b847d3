/// One line of a skill file after trimming, with its 1-based line number.
struct SourceLine: Sendable {
    var number: Int
    var text: String
}

/// Splits skill text into blocks the way the reference reader does (skill-language.md §2.1):
/// blank lines close blocks, `::` lines are blocks of their own, `#` in column one is a
/// comment that does not close a block, and backslashes glue lines together.
enum TextBlockReader {
    static func blocks(of text: String) -> [[SourceLine]] {
        var blocks: [[SourceLine]] = []
        var current: [SourceLine] = []
        var gluing = false

        func close() {
            if !current.isEmpty { blocks.append(current) }
            current = []
        }

        for (index, raw) in physicalLines(text).enumerated() {
            let number = index + 1
            var line = String(Normalizer.javaRightTrim(raw))
            // A byte test: StringProtocol.contains(String) is a Foundation search, a tenth of an import.
            if line.utf8.contains(0x09) { line = line.replacingTabs() }
            if line.hasPrefix("#") { continue }
            if gluing || (line.hasPrefix("\\") && !current.isEmpty) {
                if line.hasPrefix("\\") { line.removeFirst() }
                gluing = line.hasSuffix("\\")
                if gluing { line = String(Normalizer.javaRightTrim(line.dropLast())) }
                if current.isEmpty {
                    current.append(SourceLine(number: number, text: line))
                } else {
                    current[current.count - 1].text += " " + line
                }
                continue
            }
            if line.isEmpty {
                close()
                continue
            }
            if line.hasPrefix("::") {
                close()
                blocks.append([SourceLine(number: number, text: line)])
                continue
            }
            gluing = line.hasSuffix("\\")
            if gluing { line = String(Normalizer.javaRightTrim(line.dropLast())) }
            current.append(SourceLine(number: number, text: line))
        }
        close()
        return blocks
    }

    /// Lines end at `\n`, `\r` or `\r\n`.
    static func physicalLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var i = start
        while i < scalars.endIndex {
            let c = scalars[i]
            if c == "\n" || c == "\r" {
                lines.append(Substring(scalars[start..<i]))
                var next = scalars.index(after: i)
                if c == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                i = next
            } else {
                i = scalars.index(after: i)
            }
        }
        if start < scalars.endIndex { lines.append(Substring(scalars[start...])) }
        return lines
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        var out = ""
        for c in self { if c == "\t" { out += "    " } else { out.append(c) } }
        return out
    }
}
