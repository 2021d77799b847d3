/// A normalised query in the forms the matchers need, computed once per ask.
struct PreparedQuery: Sendable {
    let text: String
    let scalars: [UInt32]
    /// Where captures are read back in the user's case (decision 0461); nil keeps them
    /// as in `text`, lower case, as the reference does.
    let typed: TypedQuery?

    init(normalized: String, typed: TypedQuery? = nil) {
        text = normalized
        scalars = normalized.unicodeScalars.map(\.value)
        self.typed = typed
    }

    /// A capture's text: in the user's case where `typed` allows it.
    func capture(from start: Int, to end: Int) -> String {
        let lower = text(from: start, to: end)
        guard let typed else { return lower }
        if typed.lowered == text, let aligned = typed.aligned {
            return Self.string(aligned[start..<end])
        }
        return typed.spelling(of: lower)
    }

    func text(from start: Int, to end: Int) -> String {
        Self.string(scalars[start..<end])
    }

    static func string(_ values: ArraySlice<UInt32>) -> String {
        var view = String.UnicodeScalarView()
        for c in values { if let u = Unicode.Scalar(c) { view.append(u) } }
        return String(view)
    }

    func contains(_ needle: [UInt32]) -> Bool {
        guard let first = needle.first else { return true }
        let n = scalars.count
        let m = needle.count
        if m > n { return false }
        var i = 0
        while i <= n - m {
            if scalars[i] == first {
                var k = 1
                while k < m, scalars[i + k] == needle[k] { k += 1 }
                if k == m { return true }
            }
            i += 1
        }
        return false
    }

    /// The space-separated tokens, the keys of the word index.
    var tokens: Set<Substring> {
        Set(text.split(separator: " ", omittingEmptySubsequences: true))
    }
}

/// The query as the user typed it, normalised but not lower-cased, for giving captures
/// back the user's case (decision 0461). Matching never reads it.
struct TypedQuery: Sendable {
    /// The normalised, lower-cased query this was made for.
    let lowered: String
    /// The case-kept form, scalar for scalar beside `lowered`; nil when lower-casing
    /// changed the scalar count or order (then only whole words are looked up).
    let aligned: [UInt32]?
    /// The case-kept words.
    let words: [String]

    init(_ query: String) {
        lowered = Normalizer.normalize(query)
        let kept = Normalizer.normalizeKeepingCase(query)
        words = kept.split(separator: " ").map(String.init)
        let keptScalars = Array(kept.unicodeScalars)
        let lowScalars = Array(lowered.unicodeScalars)
        var lines = keptScalars.count == lowScalars.count
        if lines {
            for (k, l) in zip(keptScalars, lowScalars) where k != l {
                if String(k).lowercased() != String(l) { lines = false; break }
            }
        }
        aligned = lines ? keptScalars.map(\.value) : nil
    }

    /// A capture taken from a rewritten form of the query ("i am called ada" for "I'm
    /// called Ada"): its words as typed when they stand in the query as a run spelled
    /// one way wherever they stand; otherwise the capture as it is.
    func spelling(of capture: String) -> String {
        let trimmed = capture.split(separator: " ").map { $0.lowercased() }
        guard !trimmed.isEmpty, trimmed.count <= words.count else { return capture }
        var found: String?
        for start in 0...(words.count - trimmed.count) {
            let run = words[start..<(start + trimmed.count)]
            guard zip(run, trimmed).allSatisfy({ $0.lowercased() == $1 }) else { continue }
            let spelled = run.joined(separator: " ")
            if let found, found != spelled { return capture }
            found = spelled
        }
        guard let found else { return capture }
        // Spaces the capture kept at its ends (`*hello` on "say hello" gives "say ") stay.
        let leading = String(capture.prefix { $0 == " " })
        let trailing = String(capture.reversed().prefix { $0 == " " })
        return leading + found + trailing
    }
}
