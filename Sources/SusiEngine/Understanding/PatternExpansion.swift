/// The authoring extension of issue 31, which the reference server lacks: optional
/// words in brackets (`[please] tell me a joke`, `minute[s]`) and an intent's
/// `!synonyms:` line (`!synonyms: flip toss, coin penny`). Both are spelled out into
/// ordinary pattern alternatives when the skill is read, so matching, the word index
/// and a store see plain patterns.
enum PatternExpansion {
    /// The most alternatives one written alternative may become.
    static let limit = 64

    /// Whether the text between `[` and `]` is words an author marks optional (letters,
    /// digits, spaces, apostrophes): not a regex class such as `[0-9]`.
    private static func isOptionalText(_ s: Substring) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == " " || $0 == "'" }
    }

    /// `[please] tell me a [funny] joke` → every combination with and without the
    /// bracketed words, fullest first; spaces are tidied. A raw regex alternative, or one
    /// without such brackets, comes back alone.
    static func optionalWords(_ alternative: String) -> [String] {
        guard alternative.utf8.contains(UInt8(ascii: "[")), !PatternCompiler.isRawRegex(Array(alternative.unicodeScalars)) else { return [alternative] }
        var pieces: [(text: String, optional: Bool)] = []
        var rest = Substring(alternative)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]"),
              isOptionalText(rest[rest.index(after: open)..<close]) {
            pieces.append((String(rest[..<open]), false))
            pieces.append((String(rest[rest.index(after: open)..<close]), true))
            rest = rest[rest.index(after: close)...]
        }
        guard pieces.contains(where: \.optional) else { return [alternative] }
        pieces.append((String(rest), false))
        var out: [String] = [""]
        for piece in pieces {
            if piece.optional {
                out = out.flatMap { [$0 + piece.text, $0] }
                if out.count > limit { out = Array(out.prefix(limit)) }
            } else {
                out = out.map { $0 + piece.text }
            }
        }
        var seen = Set<String>()
        return out.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// A `!synonyms:` line's groups: `flip toss spin, coin penny` → [[flip, toss, spin], [coin, penny]].
    static func synonymGroups(_ text: String) -> [[String]] {
        text.lowercased().split(separator: ",").map { group in
            group.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }.filter { $0.count > 1 }
    }

    /// Each word of a group said another way: `flip a coin` with [flip, toss] also gives
    /// `toss a coin`. The written alternative comes first.
    static func synonyms(_ alternative: String, groups: [[String]]) -> [String] {
        guard !groups.isEmpty, !PatternCompiler.isRawRegex(Array(alternative.unicodeScalars)) else { return [alternative] }
        var out = [alternative]
        var seen: Set<String> = [alternative]
        for group in groups {
            for existing in out {
                let words = existing.split(separator: " ").map(String.init)
                for (k, word) in words.enumerated() {
                    guard let member = group.first(where: { $0 == word.lowercased() }) else { continue }
                    for other in group where other != member {
                        var changed = words
                        changed[k] = other
                        let text = changed.joined(separator: " ")
                        if out.count < limit, seen.insert(text).inserted { out.append(text) }
                    }
                }
            }
        }
        return out
    }
}
