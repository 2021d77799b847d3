/// What values an option or argument accepts. The parser validates against
/// it, help prints it, and completion offers the listed values.
public enum ValueKind: Sendable {
    case string
    case integer(min: Int? = nil, max: Int? = nil)
    case number(min: Double? = nil, max: Double? = nil)
    case choice([String])
    /// A named format with its own check; `validate` returns a reason when
    /// the value is not acceptable, nil when it is.
    case custom(name: String, validate: @Sendable (String) -> String?)

    /// Nil when `raw` is acceptable, otherwise what was expected.
    public func problem(with raw: String) -> String? {
        switch self {
        case .string:
            return nil
        case let .integer(min, max):
            guard let value = Int(raw) else { return "expected \(integerDescription)" }
            if let min, value < min { return "expected \(integerDescription)" }
            if let max, value > max { return "expected \(integerDescription)" }
            return nil
        case let .number(min, max):
            guard let value = Double(raw), value.isFinite else { return "expected \(numberDescription)" }
            if let min, value < min { return "expected \(numberDescription)" }
            if let max, value > max { return "expected \(numberDescription)" }
            return nil
        case let .choice(values):
            return values.contains(raw) ? nil : "expected one of \(values.joined(separator: ", "))"
        case let .custom(_, validate):
            return validate(raw)
        }
    }

    public var allowedValues: [String]? {
        if case let .choice(values) = self { return values }
        return nil
    }

    /// A short phrase for help: "an integer from 1 to 5".
    public var summary: String? {
        switch self {
        case .string: return nil
        case .integer: return integerDescription
        case .number: return numberDescription
        case let .choice(values): return "one of " + values.joined(separator: ", ")
        case let .custom(name, _): return name
        }
    }

    /// The type name used in `--dump-help`.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .number: return "number"
        case .choice: return "choice"
        case let .custom(name, _): return name
        }
    }

    private var integerDescription: String {
        guard case let .integer(min, max) = self else { return "an integer" }
        return Self.rangePhrase("an integer", min.map(String.init), max.map(String.init))
    }

    private var numberDescription: String {
        guard case let .number(min, max) = self else { return "a number" }
        return Self.rangePhrase("a number", min.map { $0.formatted }, max.map { $0.formatted })
    }

    private static func rangePhrase(_ noun: String, _ min: String?, _ max: String?) -> String {
        switch (min, max) {
        case let (min?, max?): return "\(noun) from \(min) to \(max)"
        case let (min?, nil): return "\(noun) of at least \(min)"
        case let (nil, max?): return "\(noun) of at most \(max)"
        case (nil, nil): return noun
        }
    }
}

extension Double {
    /// "1" rather than "1.0" for whole numbers.
    var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

/// How a shell or the readline shell should complete a value.
public enum CompletionKind: Sendable, Equatable {
    case none
    case values([String])
    case file(extensions: [String])
    case directory
    /// Values known only at run time (skill names, rooms...), asked of the
    /// provider attached here, through the completion callback.
    case dynamic(DynamicCompletion)
}

/// A completion provider, attached to the argument or option whose values
/// it finds at run time: typed by the program's context, which the engine
/// makes only when a provider is asked (captured streams: a provider never
/// prints or prompts). The name is what `--dump-help` shows; the values
/// come from `provide`, never from a table looked up by that name.
public struct DynamicCompletion: Sendable, Equatable {
    public let name: String
    private let provide: @Sendable (CompletionRequest, Any) throws -> [CompletionCandidate]

    public init<Context>(_ name: String, _ provide: @escaping @Sendable (CompletionRequest, Context) throws -> [CompletionCandidate]) {
        self.name = name
        self.provide = { request, context in
            guard let context = context as? Context else { return [] }
            return try provide(request, context)
        }
    }

    /// The values for `request`; none when `context` is not the context
    /// the provider was written for.
    public func candidates<Context>(_ request: CompletionRequest, _ context: Context) throws -> [CompletionCandidate] {
        try provide(request, context)
    }

    /// Two completions are the same when they have the same name: a name
    /// stands for one provider in a program (the command-tree tests check).
    public static func == (lhs: DynamicCompletion, rhs: DynamicCompletion) -> Bool {
        lhs.name == rhs.name
    }
}

/// A named option: `--limit <n>`, or a flag when `valueName` is nil.
public struct OptionSpec: Sendable {
    /// Long name without dashes; also the key under which the value is stored.
    public var name: String
    public var short: Character?
    /// Nil for flags.
    public var valueName: String?
    public var abstract: String
    public var kind: ValueKind
    public var defaultValue: String?
    /// Environment variable consulted when the option is not on the command line.
    public var environment: String?
    public var isRepeating: Bool
    /// For flags: also accept `--no-<name>`.
    public var hasInversion: Bool
    public var isHidden: Bool
    /// Help, version and similar: the rest of the command line need not be valid.
    public var shortCircuits: Bool
    public var completion: CompletionKind
    /// For flags that may carry a value (`--json`, `--json=name,group`):
    /// the value's name in help. The value is attached with `=`, or is the
    /// next word when that word is a comma-separated list of names, or a
    /// single name where the command takes no arguments (see Parser).
    public var optionalValueName: String?

    public init(
        _ name: String,
        short: Character? = nil,
        valueName: String? = nil,
        abstract: String,
        kind: ValueKind = .string,
        default defaultValue: String? = nil,
        environment: String? = nil,
        isRepeating: Bool = false,
        hasInversion: Bool = false,
        isHidden: Bool = false,
        shortCircuits: Bool = false,
        completion: CompletionKind? = nil,
        optionalValueName: String? = nil
    ) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.abstract = abstract
        self.kind = kind
        self.defaultValue = defaultValue
        self.environment = environment
        self.isRepeating = isRepeating
        self.hasInversion = hasInversion
        self.isHidden = isHidden
        self.shortCircuits = shortCircuits
        self.completion = completion ?? kind.allowedValues.map(CompletionKind.values) ?? .none
        self.optionalValueName = optionalValueName
    }

    /// A value option: `--name <value>`.
    public static func value(
        _ name: String, short: Character? = nil, _ valueName: String, _ abstract: String,
        kind: ValueKind = .string, default defaultValue: String? = nil, environment: String? = nil,
        isRepeating: Bool = false, isHidden: Bool = false, completion: CompletionKind? = nil
    ) -> OptionSpec {
        OptionSpec(name, short: short, valueName: valueName, abstract: abstract, kind: kind,
                   default: defaultValue, environment: environment, isRepeating: isRepeating,
                   isHidden: isHidden, completion: completion)
    }

    /// A flag: `--name`, optionally `--no-name`.
    public static func flag(
        _ name: String, short: Character? = nil, _ abstract: String, environment: String? = nil,
        hasInversion: Bool = false, isHidden: Bool = false, shortCircuits: Bool = false
    ) -> OptionSpec {
        OptionSpec(name, short: short, abstract: abstract, environment: environment,
                   hasInversion: hasInversion, isHidden: isHidden, shortCircuits: shortCircuits)
    }

    /// A flag that may carry a list of names: `--json[=<fields>]`.
    public static func flag(
        _ name: String, _ abstract: String, optionalValue valueName: String,
        validate: @escaping @Sendable (String) -> String?
    ) -> OptionSpec {
        OptionSpec(name, abstract: abstract, kind: .custom(name: valueName, validate: validate),
                   optionalValueName: valueName)
    }

    public var isFlag: Bool { valueName == nil }

    /// `--limit <n>` or `--[no-]verify`, as shown in usage lines and errors.
    public var display: String {
        if let valueName { return "--\(name) <\(valueName)>" }
        if let optionalValueName { return "--\(name)[=<\(optionalValueName)>]" }
        return hasInversion ? "--[no-]\(name)" : "--\(name)"
    }

    /// `-n, --limit <n>` for the help column.
    public var helpLabel: String {
        if let short { return "-\(short), " + display }
        return display
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var abstract: String
    public var kind: ValueKind
    public var isOptional: Bool
    /// Takes every remaining positional word.
    public var isRepeating: Bool
    public var defaultValue: String?
    public var completion: CompletionKind

    public init(
        _ name: String,
        _ abstract: String,
        kind: ValueKind = .string,
        isOptional: Bool = false,
        isRepeating: Bool = false,
        default defaultValue: String? = nil,
        completion: CompletionKind? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.kind = kind
        self.isOptional = isOptional || defaultValue != nil
        self.isRepeating = isRepeating
        self.defaultValue = defaultValue
        self.completion = completion ?? kind.allowedValues.map(CompletionKind.values) ?? .none
    }

    /// `<key>`, `[<query> ...]`.
    public var display: String {
        let core = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
