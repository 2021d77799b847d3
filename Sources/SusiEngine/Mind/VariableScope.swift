import SusiReply
/// Where `$name$` placeholders find their values, nearest first: the console row being
/// rendered, the match (`$0$` whole query, `$1$`... captures), values assigned earlier in
/// this answer, then the conversation's remembered `_` variables.
struct VariableScope {
    var captures: [String?]
    var row: JSONObject?
    var assigned: [String: String] = [:]
    var remembered: [String: String]

    func value(_ name: String) -> String? {
        if let first = name.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
            guard let n = Int(name), n < captures.count else { return nil }
            return captures[n]
        }
        if let row, let v = VariableScope.lookup(row, name) { return v }
        if let v = assigned[name] { return v }
        return remembered[name]
    }

    /// `a.b` reaches into nested objects.
    private static func lookup(_ row: JSONObject, _ name: String) -> String? {
        if let v = row[name] { return v.text }
        guard name.contains(".") else { return nil }
        var value = JSONValue.object(row)
        for part in name.split(separator: ".", omittingEmptySubsequences: false) {
            if let n = Int(part), case .array(let items) = value {
                guard n >= 0, n < items.count else { return nil }
                value = items[n]
            } else {
                guard let next = value[String(part)] else { return nil }
                value = next
            }
        }
        return value.text
    }

    mutating func assign(_ name: String, _ value: String) {
        assigned[name] = value
    }
}
