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
    /// Works on scalar arrays: the AIML skill alone has 60,000 alternatives to compile.
    static func expression(for alternative: String) -> (text: String, hasCapture: Bool) {
        var e: [Unicode.Scalar] = []
        for c in Normalizer.normalize(alternative).unicodeScalars {
            e.append(c == "_" ? "*" : c == "#" ? "^" : c)
        }
        if !isRawRegex(e) { spaceFirstDot(&e) }
        var captured = false
        let star: Unicode.Scalar = "*", plus: Unicode.Scalar = "+"
        expandMeta(&e, meta: star, group: catchAllScalars, captured: &captured)
        replaceInner(&e, meta: star, group: catchAllScalars, captured: &captured)
        expandMeta(&e, meta: plus, group: oneWordScalars, captured: &captured)
        replaceInner(&e, meta: plus, group: oneWordScalars, captured: &captured)
        return (escapingBrackets(e), captured)
    }

    /// The scalars as a string with `[` and `]` escaped; bytes for ASCII (most
    /// patterns), as appending scalar by scalar was a tenth of compiling one.
    static func escapingBrackets(_ e: [Unicode.Scalar]) -> String {
        if e.allSatisfy({ $0.isASCII }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(e.count + 4)
            for c in e {
                if c == "[" || c == "]" { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(UInt8(c.value))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        for c in e {
            if c == "[" || c == "]" { out.append("\\") }
            out.append(c)
        }
        return String(out)
    }

    private static let catchAllScalars = Array(catchAll.unicodeScalars)
    private static let oneWordScalars = Array(oneWord.unicodeScalars)

    static func compile(_ alternative: String) -> CompiledPattern {
        let (e, captured) = expression(for: alternative)
        if captured || e.unicodeScalars.contains("*") {
            do {
                return .regex(try Regex(e))
            } catch {
                return .invalid(e)
            }
        }
        return .literal(e.replacingScalars { $0 == "\\" ? "" : nil })
    }

    static func isRawRegex(_ e: [Unicode.Scalar]) -> Bool {
        for k in e.indices.dropFirst() where e[k - 1] == "." && e[k] == "*" { return true }
        guard let first = e.first, let last = e.last else { return false }
        return (first == "^" && last == "$") || (first == "(" && last == ")")
    }

    /// Only the first `.` is padded with spaces; later dots stay (and act as regex dots).
    private static func spaceFirstDot(_ c: inout [Unicode.Scalar]) {
        while let p = c.firstIndex(of: "."), p > 0, c[p - 1] != " " { c.insert(" ", at: p) }
        while let p = c.firstIndex(of: "."), p < c.count - 1, c[p + 1] != " " { c.insert(" ", at: p + 1) }
    }

    private static func expandMeta(_ e: inout [Unicode.Scalar], meta: Unicode.Scalar, group: [Unicode.Scalar],
                                   captured: inout Bool) {
        if e.isEmpty || (e.count == 1 && e[0] == meta) {
            e = group
            captured = true
        }
        if let last = e.last, last == "?" || last == "!" || last == ":" || last == ".",
           e.count == 1 || e[e.count - 2] != "\\" {
            e.removeLast()
        }
        if e.count >= 2, e[0] == meta, e[1] == " " {
            e = group + [" "] + e[2...]
            captured = true
        }
        if e.first == meta {
            e = group + [" ", "?"] + e[1...]
            captured = true
        }
        if e.count >= 2, e[e.count - 1] == meta, e[e.count - 2] == " " {
            e = e[..<(e.count - 2)] + [" "] + group
            captured = true
        }
        if e.last == meta {
            e = e[..<(e.count - 1)] + [" ", "?"] + group
            captured = true
        }
    }

    /// Java `replaceAll(" \\* | \\?\\* ", " (.*) ")`: left to right, non-overlapping.
    private static func replaceInner(_ c: inout [Unicode.Scalar], meta: Unicode.Scalar, group: [Unicode.Scalar],
                                     captured: inout Bool) {
        guard c.contains(meta) else { return }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(c.count + 8)
        var i = 0
        while i < c.count {
            if i + 2 < c.count, c[i] == " ", c[i + 1] == meta, c[i + 2] == " " {
                out.append(" ")
                out += group
                out.append(" ")
                i += 3
                captured = true
            } else if i + 3 < c.count, c[i] == " ", c[i + 1] == "?", c[i + 2] == meta, c[i + 3] == " " {
                out.append(" ")
                out += group
                out.append(" ")
                i += 4
                captured = true
            } else {
                out.append(c[i])
                i += 1
            }
        }
        c = out
    }
}

extension String {
    /// Replaces single scalars; `transform` returns nil to keep a scalar as it is.
    func replacingScalars(_ transform: (Unicode.Scalar) -> String?) -> String {
        guard unicodeScalars.contains(where: { transform($0) != nil }) else { return self }
        var out = ""
        for c in unicodeScalars {
            if let r = transform(c) { out += r } else { out.unicodeScalars.append(c) }
        }
        return out
    }
}
