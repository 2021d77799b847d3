/// Literal text a whole-input match cannot do without, read off the top level of a regex.
/// Used twice: as a cheap pre-check before the VM, and to file the pattern in the word
/// index (`wholeWords`: words that must appear in the query as space-separated tokens).
struct LiteralRequirements: Sendable {
    private(set) var prefix: [UInt32] = []
    private(set) var suffix: [UInt32] = []
    private(set) var innerRuns: [[UInt32]] = []
    private(set) var minimumLength = 0
    private(set) var wholeWords: [String] = []

    init(_ root: RegexNode) {
        var items: [RegexNode]
        if case .concat(let list) = root { items = list } else { items = [root] }
        if case .inputStart = items.first { items.removeFirst() }
        if case .inputEnd = items.last { items.removeLast() }

        var runs: [(scalars: [UInt32], atStart: Bool, atEnd: Bool)] = []
        var run: [UInt32] = []
        var runStart = 0
        for (k, item) in items.enumerated() {
            if case .literal(let c) = item {
                if run.isEmpty { runStart = k }
                run.append(c)
                minimumLength += 1
            } else {
                if !run.isEmpty { runs.append((run, runStart == 0, false)) }
                run = []
            }
        }
        if !run.isEmpty { runs.append((run, runStart == 0, true)) }

        for r in runs {
            if r.atStart { prefix = r.scalars }
            if r.atEnd { suffix = r.scalars }
            if !r.atStart && !r.atEnd { innerRuns.append(r.scalars) }
            wholeWords += LiteralRequirements.words(in: r.scalars, atStart: r.atStart, atEnd: r.atEnd)
        }
    }

    /// Words bounded on both sides by a literal space or by the ends of the input.
    private static func words(in run: [UInt32], atStart: Bool, atEnd: Bool) -> [String] {
        var result: [String] = []
        var start = 0
        for k in 0...run.count {
            if k == run.count || run[k] == 0x20 {
                let leftOK = start > 0 || atStart
                let rightOK = k < run.count || atEnd
                if k > start, leftOK, rightOK {
                    var s = String.UnicodeScalarView()
                    for c in run[start..<k] { if let u = Unicode.Scalar(c) { s.append(u) } }
                    result.append(String(s))
                }
                start = k + 1
            }
        }
        return result
    }

    func admits(_ query: PreparedQuery) -> Bool {
        let q = query.scalars
        if q.count < minimumLength { return false }
        if !prefix.isEmpty, !q.starts(with: prefix) { return false }
        if !suffix.isEmpty {
            if q.count < suffix.count { return false }
            var k = q.count - suffix.count
            for c in suffix {
                if q[k] != c { return false }
                k += 1
            }
        }
        for r in innerRuns where !query.contains(r) { return false }
        return true
    }
}
