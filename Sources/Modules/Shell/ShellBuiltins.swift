import Foundation
import SusiBasics
import SusiCLI
import SusiCore

/// The shell's own words besides help, exit and quit (issue 38): `exit N`,
/// `history`, and the typo check that runs before a line is asked to SUSI.
enum ShellBuiltins {
    /// `exit N`: the status, or a usage problem for anything but 0 to 255.
    static func exitStatus(_ word: String) -> Int32? {
        guard word.allSatisfy(\.isASCII), let status = Int32(word), (0...255).contains(status) else { return nil }
        return status
    }

    /// The lines `history` lists: earlier sessions' (the history file as the
    /// shell started) and this one's, kept by the history file's rule.
    final class History {
        private(set) var lines: [String]

        init(_ context: Context) {
            let earlier = ShellHistory.file(context).flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
            lines = earlier.split(separator: "\n").map(String.init)
        }

        func remember(_ line: String) {
            guard !line.hasPrefix(" "), line != lines.last, !ShellHistory.isSecret(line) else { return }
            lines.append(line)
        }

        /// Numbered as bash numbers them.
        func print(_ context: Context) {
            for (index, line) in lines.enumerated() {
                let number = String(index + 1)
                context.stdout.line(String(repeating: " ", count: max(0, 5 - number.count)) + number + "  " + UntrustedText.line(line))
            }
        }
    }

    /// Words that open a sentence more often than they mistype a command
    /// ('what' is one edit from 'chat', 'hello' two from 'help').
    static let sentenceWords: Set<String> = [
        "what", "whats", "who", "whos", "how", "hows", "why", "when", "where", "which", "whose", "is", "are", "am",
        "was", "were", "can", "could", "would", "will", "should", "shall", "do", "does", "did", "tell", "show", "give",
        "i", "im", "my", "me", "you", "your", "we", "the", "a", "an", "hi", "hey", "hello", "hallo", "please", "thanks",
        "thank", "ok", "okay", "yes", "no", "lets", "set", "play", "open", "turn", "good", "nice", "flip", "roll",
        "say", "sing", "find", "search", "start", "stop", "remind", "call", "send", "make", "read", "spell",
    ]

    /// The command a first word probably mistypes, when the line is not a
    /// sentence: within edit distance 2 of a command (1 for a word of three
    /// letters), letters only, not a common sentence opener, no question mark.
    static func mistypedCommand(_ first: String, line: String, commands: [String]) -> String? {
        let word = first.lowercased()
        guard word.count >= 3, word.allSatisfy({ $0.isLetter && $0.isASCII }), !sentenceWords.contains(word),
              !line.trimmingCharacters(in: .whitespaces).hasSuffix("?") else { return nil }
        let limit = word.count == 3 ? 1 : 2
        var best: (name: String, distance: Int)?
        for name in commands where !name.hasPrefix("-") {
            let distance = Suggestions.editDistance(word, name)
            if distance > 0, distance <= limit, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }
}
