/// A typed handle on one positional argument, as `OptionKey` is on an
/// option: declared once (name, help, kind, completion), placed in a spec's
/// `arguments` through `spec`, and read back in `run` as
/// `invocation.values[key]`, so no argument name is spelled twice and a
/// required argument reads as a value, not an optional.
public struct ArgumentKey<Value>: Sendable {
    public let spec: ArgumentSpec
    let convert: @Sendable (ParsedValues, String) -> Value

    public var name: String { spec.name }

    init(_ spec: ArgumentSpec, convert: @escaping @Sendable (ParsedValues, String) -> Value) {
        self.spec = spec
        self.convert = convert
    }
}

extension ArgumentKey where Value == String {
    /// An argument the command cannot run without: the parser refuses a
    /// line that leaves it out, so `run` always finds it.
    public static func required(_ name: String, _ abstract: String, kind: ValueKind = .string,
                                completion: CompletionKind? = nil) -> ArgumentKey {
        ArgumentKey(ArgumentSpec(name, abstract, kind: kind, completion: completion)) { $0.string($1) ?? "" }
    }
}

extension ArgumentKey where Value == String? {
    /// An argument that may be left out: nil then, or the default.
    public static func optional(_ name: String, _ abstract: String, kind: ValueKind = .string,
                                default defaultValue: String? = nil, completion: CompletionKind? = nil) -> ArgumentKey {
        ArgumentKey(ArgumentSpec(name, abstract, kind: kind, isOptional: true, default: defaultValue,
                                 completion: completion)) { $0.string($1) }
    }
}

extension ArgumentKey where Value == [String] {
    /// Every remaining positional word, in order; `isOptional: false` makes
    /// the parser want at least one.
    public static func repeating(_ name: String, _ abstract: String, isOptional: Bool = true, kind: ValueKind = .string,
                                 completion: CompletionKind? = nil) -> ArgumentKey {
        ArgumentKey(ArgumentSpec(name, abstract, kind: kind, isOptional: isOptional, isRepeating: true,
                                 completion: completion)) { $0.strings($1) }
    }
}

extension ParsedValues {
    public subscript<Value>(key: ArgumentKey<Value>) -> Value {
        key.convert(self, key.name)
    }
}
