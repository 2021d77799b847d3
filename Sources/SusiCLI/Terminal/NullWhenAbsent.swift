/// An optional field that `--json` prints as `null` when it has no value,
/// instead of leaving the key out (what synthesized `Encodable` does with
/// `encodeIfPresent`). Scripts then see every field of a row, set or not,
/// without each type writing `encode(to:)` by hand:
///
///     struct Row: Encodable {
///         var name: String
///         @NullWhenAbsent var expires: Date?
///     }
@propertyWrapper
public struct NullWhenAbsent<Wrapped: Encodable>: Encodable {
    public var wrappedValue: Wrapped?

    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension NullWhenAbsent: Equatable where Wrapped: Equatable {}
extension NullWhenAbsent: Sendable where Wrapped: Sendable {}
