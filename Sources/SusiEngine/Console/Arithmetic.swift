import Foundation

/// Evaluates a spoken or typed arithmetic expression ("2 + 3 * 4", "7 divided by 2",
/// "(1.5+2)^2") for the local `calculate` console. Unknown words make it fail, so a
/// calculator skill falls through to the next intent instead of answering nonsense.
enum Arithmetic {
    enum Failure: Error { case syntax, divisionByZero, tooLong }

    static func evaluate(_ text: String) throws -> Double {
        guard text.utf8.count <= 1000 else { throw Failure.tooLong }
        var p = Parser(tokens: try tokenize(text))
        let v = try p.expression()
        guard p.atEnd, v.isFinite else { throw Failure.syntax }
        return v
    }

    static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        var s = String(format: "%.10g", v)
        if s.contains("."), !s.contains("e") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    private enum Token: Equatable { case number(Double), op(Character), open, close }

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
                guard let v = Double(String(c[i..<j])) else { throw Failure.syntax }
                tokens.append(.number(v))
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

        mutating func expression() throws -> Double {
            var v = try term()
            while i < tokens.count, case .op(let o) = tokens[i], o == "+" || o == "-" {
                i += 1
                let r = try term()
                v = o == "+" ? v + r : v - r
            }
            return v
        }

        mutating func term() throws -> Double {
            var v = try power()
            while i < tokens.count, case .op(let o) = tokens[i], o == "*" || o == "/" || o == "%" {
                i += 1
                let r = try power()
                if o != "*", r == 0 { throw Failure.divisionByZero }
                v = o == "*" ? v * r : o == "/" ? v / r : v.truncatingRemainder(dividingBy: r)
            }
            return v
        }

        mutating func power() throws -> Double {
            let base = try unary()
            if i < tokens.count, tokens[i] == .op("^") {
                i += 1
                return pow(base, try power())
            }
            return base
        }

        mutating func unary() throws -> Double {
            if i < tokens.count, case .op(let o) = tokens[i], o == "-" || o == "+" {
                i += 1
                let v = try unary()
                return o == "-" ? -v : v
            }
            return try primary()
        }

        mutating func primary() throws -> Double {
            guard i < tokens.count else { throw Failure.syntax }
            switch tokens[i] {
            case .number(let v):
                i += 1
                return v
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
