/// A normalised query in the forms the matchers need, computed once per ask.
struct PreparedQuery: Sendable {
    let text: String
    let scalars: [UInt32]

    init(normalized: String) {
        text = normalized
        scalars = normalized.unicodeScalars.map(\.value)
    }

    func text(from start: Int, to end: Int) -> String {
        var view = String.UnicodeScalarView()
        for c in scalars[start..<end] { if let u = Unicode.Scalar(c) { view.append(u) } }
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
