import SusiCLI

/// A shell line split into words the way sh splits them, without any
/// expansion: whitespace separates words; '…' keeps everything literally;
/// "…" keeps everything but lets a backslash escape `"`, `\`, `$` and `` ` ``;
/// outside quotes a backslash keeps the next character; `#` at the start of
/// a word begins a comment. Nothing is ever handed to a real shell.
enum ShellLine {
    /// Why a line could not be split: it is not run.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// The words of a complete line.
    static func words(_ line: String) throws(Problem) -> [String] {
        let split = scan(line)
        if let open = split.openQuote {
            throw Problem(message: "The line has an unterminated \(open == "'" ? "single" : "double") quote (\(open)): close it and try again.")
        }
        if split.trailingBackslash {
            throw Problem(message: "The line ends with a backslash: nothing follows it to escape.")
        }
        return split.words
    }

    /// The words of a half-typed line, for completion: the last word is the
    /// one under the cursor (empty after a space), an open quote is allowed.
    static func partialWords(_ line: String) -> [String] {
        let split = scan(line)
        return split.endsInWord ? split.words : split.words + [""]
    }

    private struct Split {
        var words: [String] = []
        var openQuote: Character?
        var trailingBackslash = false
        /// False when the line ends in whitespace (or is empty).
        var endsInWord = false
    }

    private static func scan(_ line: String) -> Split {
        var split = Split()
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                if quote == "\"", !"\"\\$`".contains(character) { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord {
                    split.words.append(word)
                    word = ""
                    inWord = false
                }
            case "#" where !inWord:
                split.endsInWord = false
                return finish(split, word: word, inWord: inWord, quote: quote, escaped: escaped, comment: true)
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        return finish(split, word: word, inWord: inWord, quote: quote, escaped: escaped, comment: false)
    }

    private static func finish(_ split: Split, word: String, inWord: Bool, quote: Character?, escaped: Bool,
                               comment: Bool) -> Split {
        var split = split
        if inWord { split.words.append(word) }
        split.openQuote = quote
        split.trailingBackslash = escaped && quote == nil
        split.endsInWord = inWord && !comment
        return split
    }

    /// `value` as one word of a line: unchanged when it needs no quoting,
    /// else with backslashes before the characters the splitter treats specially.
    static func quoted(_ value: String) -> String {
        var text = ""
        for character in value {
            if " \t'\"\\#$`".contains(character) { text.append("\\") }
            text.append(character)
        }
        return text
    }
}
