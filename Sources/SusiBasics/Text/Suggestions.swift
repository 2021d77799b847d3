/// "Did you mean" candidates by edit distance.
public enum Suggestions {
    /// The closest candidate within a distance that scales with the word's
    /// length, or one the word is a prefix of; nil when nothing is close.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let limit = max(1, min(3, lowered.count / 3 + 1))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.name }
        let strippedWord = lowered.drop { $0 == "-" }
        if strippedWord.count >= 2 {
            return candidates.first { $0.lowercased().drop { $0 == "-" }.hasPrefix(strippedWord) }
        }
        return nil
    }

    /// Levenshtein distance with transpositions counted as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
