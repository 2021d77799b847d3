struct RegexSyntaxError: Error, CustomStringConvertible, Sendable {
    let message: String
    let offset: Int
    var description: String { "\(message) near index \(offset)" }
}

/// Recursive-descent parser for the Java regex subset. Group numbers follow the order of
/// opening parentheses, as in Java, so `$1$`, `$2$` mean what the skill author expects.
struct RegexParser {
    private let s: [UInt32]
    private var i = 0
    private(set) var groupCount = 0
    private var depth = 0

    init(_ pattern: String) {
        s = pattern.unicodeScalars.map(\.value)
    }

    mutating func parse() throws -> RegexNode {
        let node = try parseAlternation()
        if i < s.count { throw RegexSyntaxError(message: "Unmatched closing ')'", offset: i) }
        return node
    }

    private func peek(_ offset: Int = 0) -> UInt32? {
        i + offset < s.count ? s[i + offset] : nil
    }

    private func fail(_ message: String) -> RegexSyntaxError {
        RegexSyntaxError(message: message, offset: i)
    }

    private mutating func parseAlternation() throws -> RegexNode {
        var branches = [try parseConcat()]
        while peek() == 0x7C {  // |
            i += 1
            branches.append(try parseConcat())
        }
        return branches.count == 1 ? branches[0] : .alternate(branches)
    }

    private mutating func parseConcat() throws -> RegexNode {
        var items: [RegexNode] = []
        while let c = peek(), c != 0x7C, c != 0x29 {
            let atom = try parseAtom()
            items.append(try parseQuantifier(atom))
        }
        return items.count == 1 ? items[0] : .concat(items)
    }

    private mutating func parseAtom() throws -> RegexNode {
        let c = s[i]
        switch c {
        case 0x28: return try parseGroup()
        case 0x5B:
            i += 1
            return .set(try parseClass())
        case 0x2E:
            i += 1
            return .anyChar
        case 0x5E:
            i += 1
            return .inputStart
        case 0x24:
            i += 1
            return .inputEnd
        case 0x5C:
            i += 1
            return try parseEscape()
        case 0x2A, 0x2B, 0x3F:
            throw fail("Dangling meta character '\(Character(Unicode.Scalar(c)!))'")
        case 0x7B:
            throw fail("Illegal repetition")
        default:
            i += 1
            return .literal(c)
        }
    }

    private mutating func parseGroup() throws -> RegexNode {
        i += 1  // (
        depth += 1
        defer { depth -= 1 }
        if depth > 200 { throw fail("Groups nested too deeply") }
        var capture: Int?
        if peek() == 0x3F {  // ?
            if peek(1) == 0x3A {
                i += 2
            } else if peek(1) == 0x3C, let n = peek(2), ScalarClass.isWord(n), n != 0x5F {
                i += 2
                while let c = peek(), ScalarClass.isWord(c) { i += 1 }
                guard peek() == 0x3E else { throw fail("Named group not closed") }
                i += 1
                groupCount += 1
                capture = groupCount
            } else {
                throw fail("Unsupported group construct")
            }
        } else {
            groupCount += 1
            capture = groupCount
        }
        let inner = try parseAlternation()
        guard peek() == 0x29 else { throw fail("Unclosed group") }
        i += 1
        return .group(inner, capture: capture)
    }

    private mutating func parseQuantifier(_ atom: RegexNode) throws -> RegexNode {
        guard let c = peek() else { return atom }
        var min = 0
        var max: Int?
        switch c {
        case 0x2A: i += 1
        case 0x2B: min = 1; i += 1
        case 0x3F: max = 1; i += 1
        case 0x7B:
            i += 1
            guard let lo = readNumber() else { throw fail("Illegal repetition") }
            min = lo
            max = lo
            if peek() == 0x2C {
                i += 1
                max = readNumber()
            }
            guard peek() == 0x7D else { throw fail("Unclosed counted closure") }
            i += 1
            if let m = max, m < min { throw fail("Illegal repetition range") }
            if min > 1000 || (max ?? 0) > 1000 { throw fail("Repetition count too large") }
        default:
            return atom
        }
        var greedy = true
        if peek() == 0x3F {
            greedy = false
            i += 1
        } else if peek() == 0x2B {
            // Possessive quantifiers are approximated by greedy ones.
            i += 1
        }
        return .repetition(atom, min: min, max: max, greedy: greedy)
    }

    private mutating func readNumber() -> Int? {
        var value: Int?
        while let c = peek(), c >= 0x30, c <= 0x39 {
            value = min(100_000, (value ?? 0) * 10 + Int(c - 0x30))
            i += 1
        }
        return value
    }

    private mutating func parseEscape() throws -> RegexNode {
        guard let c = peek() else { throw fail("Unexpected internal error") }
        i += 1
        switch c {
        case 0x64: return .set(ScalarSet(classes: [(.digit, false)]))  // d
        case 0x44: return .set(ScalarSet(classes: [(.digit, true)]))  // D
        case 0x73: return .set(ScalarSet(classes: [(.space, false)]))  // s
        case 0x53: return .set(ScalarSet(classes: [(.space, true)]))  // S
        case 0x77: return .set(ScalarSet(classes: [(.word, false)]))  // w
        case 0x57: return .set(ScalarSet(classes: [(.word, true)]))  // W
        case 0x68: return .set(ScalarSet(classes: [(.horizontalSpace, false)]))  // h
        case 0x62: return .wordBoundary(negated: false)  // b
        case 0x42: return .wordBoundary(negated: true)  // B
        case 0x41: return .inputStart  // A
        case 0x7A, 0x5A: return .inputEnd  // z Z
        case 0x51:  // Q ... \E
            var items: [RegexNode] = []
            while i < s.count {
                if s[i] == 0x5C, peek(1) == 0x45 {
                    i += 2
                    break
                }
                items.append(.literal(s[i]))
                i += 1
            }
            return .group(.concat(items), capture: nil)
        default:
            return .literal(try escapedScalar(c))
        }
    }

    /// Escapes that stand for one character, inside or outside a class.
    private mutating func escapedScalar(_ c: UInt32) throws -> UInt32 {
        switch c {
        case 0x74: return 0x09  // t
        case 0x6E: return 0x0A  // n
        case 0x72: return 0x0D  // r
        case 0x66: return 0x0C  // f
        case 0x61: return 0x07  // a
        case 0x65: return 0x1B  // e
        case 0x30:  // 0 octal
            var v: UInt32 = 0
            var n = 0
            while n < 3, let d = peek(), d >= 0x30, d <= 0x37 {
                v = v * 8 + (d - 0x30)
                i += 1
                n += 1
            }
            return v
        case 0x78: return try readHex(count: 2)  // x
        case 0x75: return try readHex(count: 4)  // u
        default:
            let isAlnum = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            if isAlnum { throw fail("Illegal/unsupported escape sequence") }
            return c
        }
    }

    private mutating func readHex(count: Int) throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<count {
            guard let d = peek(), let h = hexValue(d) else { throw fail("Illegal hexadecimal escape sequence") }
            v = v * 16 + h
            i += 1
        }
        return v
    }

    private func hexValue(_ d: UInt32) -> UInt32? {
        switch d {
        case 0x30...0x39: return d - 0x30
        case 0x41...0x46: return d - 0x41 + 10
        case 0x61...0x66: return d - 0x61 + 10
        default: return nil
        }
    }

    private mutating func parseClass() throws -> ScalarSet {
        var set = ScalarSet()
        if peek() == 0x5E {
            set.negated = true
            i += 1
        }
        var first = true
        while true {
            guard let c = peek() else { throw fail("Unclosed character class") }
            if c == 0x5D, !first {
                i += 1
                return set
            }
            first = false
            if c == 0x5B { throw fail("Nested character classes are not supported") }
            var lo: UInt32
            i += 1
            if c == 0x5C {
                guard let e = peek() else { throw fail("Unclosed character class") }
                i += 1
                switch e {
                case 0x64: set.classes.append((.digit, false)); continue
                case 0x44: set.classes.append((.digit, true)); continue
                case 0x73: set.classes.append((.space, false)); continue
                case 0x53: set.classes.append((.space, true)); continue
                case 0x77: set.classes.append((.word, false)); continue
                case 0x57: set.classes.append((.word, true)); continue
                default: lo = try escapedScalar(e)
                }
            } else {
                lo = c
            }
            if peek() == 0x2D, let next = peek(1), next != 0x5D {
                i += 1
                var hi = next
                i += 1
                if next == 0x5C {
                    guard let e = peek() else { throw fail("Unclosed character class") }
                    i += 1
                    hi = try escapedScalar(e)
                }
                guard lo <= hi else { throw fail("Illegal character range") }
                set.ranges.append(lo...hi)
            } else {
                set.ranges.append(lo...lo)
            }
        }
    }
}
