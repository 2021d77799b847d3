/// URLs in messages never show a user name or password: whatever sits
/// between `scheme://` and `@` in a URL's authority is printed as `***`.
/// Applied to every error, warning and note (`Program`, `Context`), so a
/// credential typed into a URL is not echoed by the message refusing it.
public enum URLText {
    public static func withoutUserinfo(_ text: String) -> String {
        guard text.contains("@") else { return text }
        return withoutBareUserinfo(withoutURLUserinfo(text))
    }

    /// `user:password@host:port` without a scheme (a speaker address):
    /// a word with a colon before its last `@`. E-mail addresses have none.
    static func withoutBareUserinfo(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var word: [Unicode.Scalar] = []
        func flush() {
            if let at = word.lastIndex(of: "@"), word[..<at].contains(":"), !String(String.UnicodeScalarView(word)).contains("://"),
               String(String.UnicodeScalarView(word[..<at])) != "***" {
                out.append(contentsOf: "***".unicodeScalars)
                out.append(contentsOf: word[at...])
            } else {
                out.append(contentsOf: word)
            }
            word.removeAll()
        }
        for scalar in text.unicodeScalars {
            if endsWord(scalar) {
                flush()
                out.append(scalar)
            } else {
                word.append(scalar)
            }
        }
        flush()
        return String(out)
    }

    private static func endsWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "'", "\"", "<", ">", "\n", "\t", "(", ")", ",": return true
        default: return false
        }
    }

    static func withoutURLUserinfo(_ text: String) -> String {
        guard text.contains("://") else { return text }
        var scalars = Array(text.unicodeScalars)
        var index = 0
        while index + 2 < scalars.count {
            guard scalars[index] == ":", scalars[index + 1] == "/", scalars[index + 2] == "/" else {
                index += 1
                continue
            }
            let start = index + 3
            var end = start
            var at: Int?
            while end < scalars.count, !endsAuthority(scalars[end]) {
                if scalars[end] == "@" { at = end }
                end += 1
            }
            if let at, !(at == start + 3 && String(String.UnicodeScalarView(scalars[start..<at])) == "***") {
                scalars.replaceSubrange(start..<at, with: "***".unicodeScalars)
                index = start + 4
            } else {
                index = end
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func endsAuthority(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "/", "?", "#", " ", "'", "\"", "<", ">", "\n", "\t", "(", ")", ",": return true
        default: return false
        }
    }
}
