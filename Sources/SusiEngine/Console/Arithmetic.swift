import Foundation

/// Evaluates a spoken or typed arithmetic expression ("2 + 3 * 4", "7 divided by 2",
/// "(1.5+2)^2") for the local `calculate` console. Unknown words make it fail, so a
/// calculator skill falls through to the next intent instead of answering nonsense.
enum Arithmetic {
    enum Failure: Error { case syntax, divisionByZero, tooLong }

    /// A value as a float, and exactly while it is a whole number that fits
    /// 128 bits (so 2^64 prints whole, not as 1.844674407e+19).
    struct Number {
        var value: Double
        var exact: Int128?

        init(_ value: Double, exact: Int128? = nil) {
            self.value = value
            self.exact = exact
        }

        static func + (a: Number, b: Number) -> Number {
            Number(a.value + b.value, exact: both(a, b) { x, y in x.addingReportingOverflow(y) })
        }

        static func - (a: Number, b: Number) -> Number {
            Number(a.value - b.value, exact: both(a, b) { x, y in x.subtractingReportingOverflow(y) })
        }

        static func * (a: Number, b: Number) -> Number {
            Number(a.value * b.value, exact: both(a, b) { x, y in x.multipliedReportingOverflow(by: y) })
        }

        /// Exact only when it divides evenly.
        static func / (a: Number, b: Number) -> Number {
            let quotient = both(a, b) { x, y in x.remainderReportingOverflow(dividingBy: y).partialValue == 0
                ? x.dividedReportingOverflow(by: y) : (0, true) }
            return Number(a.value / b.value, exact: quotient)
        }

        static func % (a: Number, b: Number) -> Number {
            Number(a.value.truncatingRemainder(dividingBy: b.value),
                   exact: both(a, b) { x, y in x.remainderReportingOverflow(dividingBy: y) })
        }

        func power(_ exponent: Number) -> Number {
            var exact: Int128?
            if let base = self.exact, let n = exponent.exact, n >= 0, n <= 128 {
                var result: Int128? = 1
                for _ in 0..<Int(n) {
                    guard let so = result else { break }
                    let step = so.multipliedReportingOverflow(by: base)
                    result = step.overflow ? nil : step.partialValue
                }
                exact = result
            }
            return Number(pow(value, exponent.value), exact: exact)
        }

        var negated: Number {
            Number(-value, exact: exact.flatMap { x in
                let step = Int128(0).subtractingReportingOverflow(x)
                return step.overflow ? nil : step.partialValue
            })
        }

        private static func both(_ a: Number, _ b: Number,
                                 _ operation: (Int128, Int128) -> (partialValue: Int128, overflow: Bool)) -> Int128? {
            // Overflow, and division by zero, leave the float alone.
            guard let x = a.exact, let y = b.exact else { return nil }
            let result = operation(x, y)
            return result.overflow ? nil : result.partialValue
        }
    }

    static func evaluate(_ text: String) throws -> Number {
        guard text.utf8.count <= 1000 else { throw Failure.tooLong }
        var p = Parser(tokens: try tokenize(text))
        let v = try p.expression()
        guard p.atEnd, v.value.isFinite else { throw Failure.syntax }
        return v
    }

    static func format(_ number: Number) -> String {
        if let exact = number.exact { return String(exact) }
        let v = number.value
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        var s = String(format: "%.10g", v)
        if s.contains("."), !s.contains("e") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    private enum Token: Equatable { case number(Double, exact: Int128?), op(Character), open, close }

    private static let words: [(String, String)] = [
        ("multiplied by", "*"), ("divided by", "/"), ("to the power of", "^"), ("modulo", "%"), ("mod", "%"),
        ("plus", "+"), ("minus", "-"), ("times", "*"), ("over", "/"), ("x", "*"),
    ]

    private static func tokenize(_ text: String) throws -> [Token] {
        var s = " " + text.lowercased().replacingOccurrences(of: "×", with: "*").replacingOccurrences(of: "÷", with: "/") + " "
        for (word, symbol) in words { s = s.replacingOccurrences(of: " \(word) ", with: " \(symbol) ") }
        var tokens: [Token] = []
        let c = Array(s)
        var i = 0
        while i < c.count {
            let ch = c[i]
            if ch == " " { i += 1; continue }
            if ch.isNumber || ch == "." {
                var j = i
                while j < c.count, c[j].isNumber || c[j] == "." { j += 1 }
                let digits = String(c[i..<j])
                guard let v = Double(digits) else { throw Failure.syntax }
                tokens.append(.number(v, exact: digits.contains(".") ? nil : Int128(digits)))
                i = j
                continue
            }
            switch ch {
            case "+", "-", "*", "/", "%", "^": tokens.append(.op(ch))
            case "(": tokens.append(.open)
            case ")": tokens.append(.close)
            default: throw Failure.syntax
            }
            i += 1
        }
        return tokens
    }

    private struct Parser {
        let tokens: [Token]
        var i = 0
        var depth = 0

        init(tokens: [Token]) { self.tokens = tokens }

        var atEnd: Bool { i == tokens.count }

        mutating func expression() throws -> Number {
            var v = try term()
            while i < tokens.count, case .op(let o) = tokens[i], o == "+" || o == "-" {
                i += 1
                let r = try term()
                v = o == "+" ? v + r : v - r
            }
            return v
        }

        mutating func term() throws -> Number {
            var v = try power()
            while i < tokens.count, case .op(let o) = tokens[i], o == "*" || o == "/" || o == "%" {
                i += 1
                let r = try power()
                if o != "*", r.value == 0 { throw Failure.divisionByZero }
                v = o == "*" ? v * r : o == "/" ? v / r : v % r
            }
            return v
        }

        mutating func power() throws -> Number {
            let base = try unary()
            if i < tokens.count, tokens[i] == .op("^") {
                i += 1
                return base.power(try power())
            }
            return base
        }

        mutating func unary() throws -> Number {
            if i < tokens.count, case .op(let o) = tokens[i], o == "-" || o == "+" {
                i += 1
                let v = try unary()
                return o == "-" ? v.negated : v
            }
            return try primary()
        }

        mutating func primary() throws -> Number {
            guard i < tokens.count else { throw Failure.syntax }
            switch tokens[i] {
            case let .number(v, exact):
                i += 1
                return Number(v, exact: exact)
            case .open:
                depth += 1
                guard depth < 100 else { throw Failure.syntax }
                i += 1
                let v = try expression()
                guard i < tokens.count, tokens[i] == .close else { throw Failure.syntax }
                i += 1
                depth -= 1
                return v
            default:
                throw Failure.syntax
            }
        }
    }
}
