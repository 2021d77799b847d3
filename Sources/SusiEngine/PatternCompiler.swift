import Foundation

/// How one pattern alternative is tested against a normalised query.
enum CompiledPattern: Sendable {
    /// Compared by string equality, as the reference does for patterns without wildcards.
    case literal(String)
    /// Matched as a whole-input regex, as the reference does for patterns with wildcards.
    case regex(Regex)
    /// Java would have refused to compile it; it never matches.
    case invalid(String)

    /// The text the reference ranks by: its length is the intent's "wholesize".
    var source: String {
        switch self {
        case .literal(let s), .invalid(let s): return s
        case .regex(let r): return r.source
        }
    }
}

/// Turns a pattern alternative into the reference's regex text, step by step as the
/// reference server does, quirks included (see skill-language.md §2.4).
enum PatternCompiler {
    static let catchAll = "(.*)"
    private static let oneWord = "(^\\S+)"

    /// The reference's pattern string for one alternative (before deciding literal or regex).
    static func expression(for alternative: String) -> (text: String, hasCapture: Bool) {
        var e = Normalizer.normalize(alternative)
        e = e.replacingOccurrences(of: "_", with: "*").replacingOccurrences(of: "#", with: "^")
        if !isRawRegex(e) { e = spaceFirstDot(e) }
        var captured = false
        e = expandMeta(e, meta: "*", group: catchAll, captured: &captured)
        e = replaceInner(e, meta: "*", group: catchAll, captured: &captured)
        e = expandMeta(e, meta: "+", group: oneWord, captured: &captured)
        e = replaceInner(e, meta: "+", group: oneWord, captured: &captured)
        e = e.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        return (e, captured)
    }

    static func compile(_ alternative: String) -> CompiledPattern {
        let (e, captured) = expression(for: alternative)
        if captured || e.contains("*") {
            do {
                return .regex(try Regex(e))
            } catch {
                return .invalid(e)
            }
        }
        return .literal(e.replacingOccurrences(of: "\\", with: ""))
    }

    static func isRawRegex(_ e: String) -> Bool {
        if e.contains(".*") { return true }
        guard let first = e.first, let last = e.last else { return false }
        return (first == "^" && last == "$") || (first == "(" && last == ")")
    }

    /// Only the first `.` is padded with spaces; later dots stay (and act as regex dots).
    private static func spaceFirstDot(_ e: String) -> String {
        var c = Array(e)
        while let p = c.firstIndex(of: "."), p > 0, c[p - 1] != " " { c.insert(" ", at: p) }
        while let p = c.firstIndex(of: "."), p < c.count - 1, c[p + 1] != " " { c.insert(" ", at: p + 1) }
        return String(c)
    }

    private static func expandMeta(_ text: String, meta: Character, group: String, captured: inout Bool) -> String {
        var e = text
        if e.isEmpty || e == String(meta) {
            e = group
            captured = true
        }
        let chars = Array(e)
        if let last = chars.last, "?!:.".contains(last), chars.count == 1 || chars[chars.count - 2] != "\\" {
            e.removeLast()
        }
        if e.hasPrefix("\(meta) ") {
            e = group + " " + e.dropFirst(2)
            captured = true
        }
        if e.first == meta {
            e = group + " ?" + e.dropFirst()
            captured = true
        }
        if e.hasSuffix(" \(meta)") {
            e = e.dropLast(2) + " " + group
            captured = true
        }
        if e.last == meta {
            e = e.dropLast() + " ?" + group
            captured = true
        }
        return e
    }

    /// Java `replaceAll(" \\* | \\?\\* ", " (.*) ")`: left to right, non-overlapping.
    private static func replaceInner(_ text: String, meta: Character, group: String, captured: inout Bool) -> String {
        let c = Array(text)
        var out = ""
        var i = 0
        while i < c.count {
            if i + 2 < c.count, c[i] == " ", c[i + 1] == meta, c[i + 2] == " " {
                out += " \(group) "
                i += 3
                captured = true
            } else if i + 3 < c.count, c[i] == " ", c[i + 1] == "?", c[i + 2] == meta, c[i + 3] == " " {
                out += " \(group) "
                i += 4
                captured = true
            } else {
                out.append(c[i])
                i += 1
            }
        }
        return out
    }
}
