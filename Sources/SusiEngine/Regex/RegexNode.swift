/// The parsed form of a pattern in the Java regex dialect that skill patterns compile to.
/// Only what the public skills and the reference compiler produce is supported; anything
/// else is a syntax error, which makes the alternative unmatchable (as Java would refuse it).
indirect enum RegexNode: Sendable {
    case literal(UInt32)
    case anyChar
    case set(ScalarSet)
    case inputStart
    case inputEnd
    case wordBoundary(negated: Bool)
    case group(RegexNode, capture: Int?)
    case concat([RegexNode])
    case alternate([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)
}

enum ScalarClass: Sendable {
    case digit, space, word, horizontalSpace

    func contains(_ c: UInt32) -> Bool {
        switch self {
        case .digit: return c >= 0x30 && c <= 0x39
        case .space: return c == 0x20 || (c >= 0x09 && c <= 0x0D)
        case .word: return ScalarClass.isWord(c)
        case .horizontalSpace: return c == 0x20 || c == 0x09 || c == 0xA0
        }
    }

    static func isWord(_ c: UInt32) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
    }
}

/// A character class such as `[a-z\d]` or `\S`.
struct ScalarSet: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    var classes: [(ScalarClass, negated: Bool)] = []
    var negated = false

    func contains(_ c: UInt32) -> Bool {
        var hit = false
        for r in ranges where r.contains(c) { hit = true; break }
        if !hit {
            for (cls, neg) in classes where cls.contains(c) != neg { hit = true; break }
        }
        return hit != negated
    }
}

/// Java's `.` and `$` treat these as line terminators (no DOTALL, no MULTILINE).
func isLineTerminator(_ c: UInt32) -> Bool {
    c == 0x0A || c == 0x0D || c == 0x85 || c == 0x2028 || c == 0x2029
}
