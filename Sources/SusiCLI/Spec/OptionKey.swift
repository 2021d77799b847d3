/// A typed handle on one option: declared once (name, help, kind, default),
/// placed in a spec's `options` through `spec`, and read back in `run` as
/// `invocation.values[key]`, so no option name is spelled twice.
public struct OptionKey<Value>: Sendable {
    public let spec: OptionSpec
    let convert: @Sendable (ParsedValues, String) -> Value

    public var name: String { spec.name }

    init(_ spec: OptionSpec, convert: @escaping @Sendable (ParsedValues, String) -> Value) {
        self.spec = spec
        self.convert = convert
    }
}

extension OptionKey where Value == Bool {
    /// A flag: true when given.
    public static func flag(_ name: String, short: Character? = nil, _ abstract: String, environment: String? = nil,
                            isHidden: Bool = false) -> OptionKey {
        OptionKey(.flag(name, short: short, abstract, environment: environment, isHidden: isHidden)) { $0.flag($1) }
    }
}

extension OptionKey where Value == Bool? {
    /// `--name` / `--no-name`: nil when neither was given.
    public static func toggle(_ name: String, short: Character? = nil, _ abstract: String,
                              environment: String? = nil) -> OptionKey {
        OptionKey(.flag(name, short: short, abstract, environment: environment, hasInversion: true)) { $0.optionalFlag($1) }
    }
}

extension OptionKey where Value == String? {
    /// A value option; nil when neither given nor defaulted.
    public static func string(_ name: String, short: Character? = nil, _ valueName: String, _ abstract: String,
                              kind: ValueKind = .string, default defaultValue: String? = nil, environment: String? = nil,
                              isHidden: Bool = false, completion: CompletionKind? = nil) -> OptionKey {
        OptionKey(.value(name, short: short, valueName, abstract, kind: kind, default: defaultValue,
                         environment: environment, isHidden: isHidden, completion: completion)) { $0.string($1) }
    }
}

extension OptionKey where Value == [String] {
    /// A repeatable value option: every value given, in order.
    public static func repeating(_ name: String, short: Character? = nil, _ valueName: String, _ abstract: String,
                                 kind: ValueKind = .string, completion: CompletionKind? = nil) -> OptionKey {
        OptionKey(.value(name, short: short, valueName, abstract, kind: kind, isRepeating: true,
                         completion: completion)) { $0.strings($1) }
    }
}

extension OptionKey where Value == Int? {
    /// An integer option in `range` (checked while parsing, so a present value converts).
    public static func integer(_ name: String, short: Character? = nil, _ valueName: String, _ abstract: String,
                               in range: ClosedRange<Int>, default defaultValue: Int? = nil,
                               environment: String? = nil) -> OptionKey {
        OptionKey(.value(name, short: short, valueName, abstract, kind: .integer(min: range.lowerBound, max: range.upperBound),
                         default: defaultValue.map(String.init), environment: environment)) { $0.int($1) }
    }
}

extension OptionKey where Value == Double? {
    /// A number option in `range` (finite, checked while parsing).
    public static func number(_ name: String, short: Character? = nil, _ valueName: String, _ abstract: String,
                              in range: ClosedRange<Double>, default defaultValue: Double? = nil,
                              environment: String? = nil) -> OptionKey {
        OptionKey(.value(name, short: short, valueName, abstract, kind: .number(min: range.lowerBound, max: range.upperBound),
                         default: defaultValue.map { $0.formatted }, environment: environment)) { $0.double($1) }
    }
}

extension ParsedValues {
    public subscript<Value>(key: OptionKey<Value>) -> Value {
        key.convert(self, key.name)
    }

    /// True when the user gave the option (command line or environment).
    public func isSet<Value>(_ key: OptionKey<Value>) -> Bool {
        isSet(key.name)
    }
}
