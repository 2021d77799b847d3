import SusiReply
/// The JSONPath subset the skills use: `$`, `.key`, `['key']`, `[n]`, `.[n]`, `[*]`,
/// and stray trailing dots (`$.USD.`), which the reference tolerates.
enum JSONPath {
    static func select(_ root: JSONValue, path: String) -> JSONValue? {
        var value = root
        var rest = Substring(Normalizer.javaTrim(path))
        if rest.hasPrefix("$") { rest = rest.dropFirst() }
        while !rest.isEmpty {
            if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                continue
            }
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                var inner = Normalizer.javaTrim(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
                if inner == "*" { continue }
                if inner.hasPrefix("'") || inner.hasPrefix("\"") {
                    inner = String(inner.dropFirst().dropLast())
                    guard let next = value[inner] else { return nil }
                    value = next
                } else if let n = Int(inner) {
                    guard case .array(let items) = value else { return nil }
                    let k = n < 0 ? items.count + n : n
                    guard k >= 0, k < items.count else { return nil }
                    value = items[k]
                } else {
                    return nil
                }
                continue
            }
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            let key = String(rest[..<end])
            rest = rest[end...]
            if case .array(let items) = value, key != "length" {
                // A key applied to an array collects it from every element, as JSONPath does.
                let picked = items.compactMap { $0[key] }
                if picked.isEmpty { return nil }
                value = .array(picked)
            } else {
                guard let next = value[key] else { return nil }
                value = next
            }
        }
        return value
    }

    /// Console rows: objects stay rows; anything else becomes a row `{"!": value}`.
    static func rows(from value: JSONValue) -> [JSONObject] {
        switch value {
        case .array(let items):
            return items.map { item in
                if case .object(let o) = item { return o }
                return JSONObject([("!", item)])
            }
        case .object(let o):
            return [o]
        case .null:
            return []
        default:
            return [JSONObject([("!", value)])]
        }
    }
}
