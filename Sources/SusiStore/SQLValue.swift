/// A value as SQLite stores it.
public enum SQLValue: Equatable, Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var int: Int? {
        switch self {
        case let .integer(value): return Int(value)
        // A REAL outside Int's range (a damaged or foreign file) is nil, not a trap.
        case let .real(value): return value.isFinite && abs(value) < 9.2e18 ? Int(value) : nil
        case let .text(value): return Int(value)
        default: return nil
        }
    }

    public var double: Double? {
        switch self {
        case let .integer(value): return Double(value)
        case let .real(value): return value
        case let .text(value): return Double(value)
        default: return nil
        }
    }

    public var string: String? {
        switch self {
        case let .text(value): return value
        case let .integer(value): return String(value)
        case let .real(value): return String(value)
        case let .blob(bytes): return String(decoding: bytes, as: UTF8.self)
        case .null: return nil
        }
    }

    public var bytes: [UInt8]? {
        switch self {
        case let .blob(bytes): return bytes
        case let .text(value): return Array(value.utf8)
        default: return nil
        }
    }

    public var isNull: Bool { self == .null }
}

/// Swift values that bind as SQL parameters.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension SQLValue: SQLBindable { public var sqlValue: SQLValue { self } }
extension Array: SQLBindable where Element == UInt8 { public var sqlValue: SQLValue { .blob(self) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// One result row; columns by name or position.
public struct Row: Equatable, Sendable {
    public let columns: [String]
    public let values: [SQLValue]

    public subscript(_ name: String) -> SQLValue {
        guard let index = columns.firstIndex(of: name) else { return .null }
        return values[index]
    }

    public subscript(_ index: Int) -> SQLValue { values[index] }
}
