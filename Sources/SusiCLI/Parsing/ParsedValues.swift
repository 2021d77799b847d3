/// Where a value came from; `config list` and error messages say so.
public enum ValueSource: Sendable, Equatable {
    case commandLine
    case environment(String)
    case defaultValue
}

/// The validated values of one command line, keyed by option name (long
/// name without dashes) or argument name. Commands read them through their
/// typed `OptionKey`s and `ArgumentKey`s; the name-keyed readers are SPI
/// (`@_spi(Parsing) import SusiCLI`) for the framework's own tests and the
/// global options, and the layer check keeps modules off them.
public struct ParsedValues: Sendable, Equatable {
    public private(set) var values: [String: [String]] = [:]
    public private(set) var flags: [String: Bool] = [:]
    public private(set) var sources: [String: ValueSource] = [:]

    public init() {}

    mutating func append(_ value: String, for key: String, from source: ValueSource, repeating: Bool) {
        if repeating, sources[key] == source {
            values[key, default: []].append(value)
        } else {
            values[key] = [value]
        }
        sources[key] = source
    }

    mutating func setFlag(_ value: Bool, for key: String, from source: ValueSource) {
        flags[key] = value
        sources[key] = source
    }

    /// True when the user gave the value (command line or environment),
    /// not when only a default applies.
    @_spi(Parsing) public func isSet(_ key: String) -> Bool {
        switch sources[key] {
        case .commandLine?, .environment?: return true
        default: return false
        }
    }

    @_spi(Parsing) public func source(of key: String) -> ValueSource? { sources[key] }

    /// The last value given, or the default.
    @_spi(Parsing) public func string(_ key: String) -> String? { values[key]?.last }

    @_spi(Parsing) public func strings(_ key: String) -> [String] { values[key] ?? [] }

    /// Integers were validated while parsing, so a present value converts.
    @_spi(Parsing) public func int(_ key: String) -> Int? { string(key).flatMap { Int($0) } }

    @_spi(Parsing) public func double(_ key: String) -> Double? { string(key).flatMap { Double($0) } }

    @_spi(Parsing) public func flag(_ key: String) -> Bool { flags[key] ?? false }

    /// Nil when neither the flag nor its inversion was given.
    @_spi(Parsing) public func optionalFlag(_ key: String) -> Bool? { flags[key] }

    /// These values with `outer`'s command-line values added where this
    /// line gave none of its own: how `susi --quiet shell` holds for each
    /// line. A key in one of `linked` (such as quiet and verbose) is not
    /// taken when this line gave any key of its group.
    public func inheriting(_ outer: ParsedValues, linked: [[String]] = []) -> ParsedValues {
        var merged = self
        for (key, source) in outer.sources where source == .commandLine {
            let group = linked.first { $0.contains(key) } ?? [key]
            guard !group.contains(where: { sources[$0] == .commandLine }) else { continue }
            merged.values[key] = outer.values[key]
            merged.flags[key] = outer.flags[key]
            merged.sources[key] = source
        }
        return merged
    }
}

/// What a command's `run` receives: the path that was invoked and its values.
public struct Invocation: Sendable, Equatable {
    /// Command names from the root, e.g. ["susi", "config", "set"].
    public var path: [String]
    public var values: ParsedValues
    /// Global options (`--json`, `--server` ...), parsed wherever they stood.
    public var globals: ParsedValues

    public init(path: [String], values: ParsedValues, globals: ParsedValues) {
        self.path = path
        self.values = values
        self.globals = globals
    }

    public var commandLine: String { path.joined(separator: " ") }
}
