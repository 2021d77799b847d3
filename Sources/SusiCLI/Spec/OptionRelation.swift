/// How a command's options depend on each other, declared in its spec so
/// that the parser refuses a bad combination, help lists the rule and the
/// completion scripts can leave out what cannot be combined.
public enum OptionRelation: Sendable, Equatable {
    /// At most one of these may be given.
    case exclusive([String])
    /// The first option cannot be combined with any of the others (which
    /// may be combined with each other).
    case conflicts(String, [String])
    /// The first option needs at least one of the others.
    case requires(String, [String])

    /// The usage error for `values`, or nil when the rule holds. Only values
    /// the user gave count (command line or environment), not defaults.
    public func violation(in values: ParsedValues) -> String? {
        switch self {
        case let .exclusive(names):
            let given = names.filter { values.isSet($0) }
            guard given.count > 1 else { return nil }
            return "\(Self.list(given.map { "--" + $0 }, "and")) cannot be used together."
        case let .conflicts(name, others):
            let given = others.filter { values.isSet($0) }
            guard values.isSet(name), !given.isEmpty else { return nil }
            return "--\(name) cannot be combined with \(Self.list(given.map { "--" + $0 }, "or"))."
        case let .requires(name, needed):
            guard values.isSet(name), !needed.contains(where: { values.isSet($0) }) else { return nil }
            return "--\(name) needs \(Self.list(needed.map { "--" + $0 }, "or"))."
        }
    }

    /// The rule as help prints it.
    public var summary: String {
        switch self {
        case let .exclusive(names):
            return "\(Self.list(names.map { "--" + $0 }, "and")) cannot be used together."
        case let .conflicts(name, others):
            return "--\(name) cannot be combined with \(Self.list(others.map { "--" + $0 }, "or"))."
        case let .requires(name, needed):
            return "--\(name) needs \(Self.list(needed.map { "--" + $0 }, "or"))."
        }
    }

    /// The option names this rule mentions.
    public var names: [String] {
        switch self {
        case let .exclusive(names): return names
        case let .conflicts(name, others): return [name] + others
        case let .requires(name, needed): return [name] + needed
        }
    }

    static func list(_ items: [String], _ conjunction: String) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return "\(items[0]) \(conjunction) \(items[1])"
        default: return items.dropLast().joined(separator: ", ") + ", \(conjunction) " + items.last!
        }
    }
}
