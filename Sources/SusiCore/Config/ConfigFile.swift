import Foundation
import SusiBasics
import SusiCLI

/// `config.json`: a flat JSON object of setting name to value. Keys this
/// version does not know are kept untouched, so an older susi never drops
/// what a newer one wrote.
public struct ConfigFile: Equatable, Sendable {
    public let path: String
    private(set) var entries: [String: ConfigValue]

    public enum ConfigValue: Equatable, Sendable {
        case text(String)
        case number(String)
        case other(String)  // JSON of an unknown key, kept verbatim
        /// JSON of a known key whose value is invalid, kept verbatim by a
        /// repairing load (`loadForRepair`) and never used as a value.
        case invalid(String)

        var string: String? {
            switch self {
            case let .text(value), let .number(value), let .other(value): return value
            case .invalid: return nil
            }
        }
    }

    /// A known key's value that a repairing load kept but cannot use.
    public struct InvalidValue: Equatable, Sendable {
        public var key: String
        public var problem: String
    }

    public init(path: String, entries: [String: ConfigValue] = [:]) {
        self.path = path
        self.entries = entries
    }

    /// Reads the file; a missing file is an empty configuration. A file
    /// that is not valid JSON, or holds an invalid value for a known key,
    /// is an error naming the file and the problem.
    public static func load(path: String) throws -> ConfigFile {
        try parse(path: path, repairing: false).file
    }

    /// Reads the file for `config set` and `config unset`, which must be
    /// able to repair it: an invalid value of a known key (wrong type or
    /// refused by its rule) is kept as it is, unused, and reported, instead
    /// of refusing the whole file. A file that is not a JSON object is
    /// still an error: there is nothing safe to keep.
    public static func loadForRepair(path: String) throws -> (file: ConfigFile, invalid: [InvalidValue]) {
        try parse(path: path, repairing: true)
    }

    /// The file's bytes, nil when there is none; unreadable is a ConfigError.
    public static func bytes(at path: String) throws -> [UInt8]? {
        do {
            return try AtomicFile.read(path)
        } catch let error as FileError {
            throw ConfigError("Cannot read the config file \(path): \(error.reason).")
        }
    }

    private static func parse(path: String, repairing: Bool) throws -> (file: ConfigFile, invalid: [InvalidValue]) {
        try parse(try bytes(at: path), path: path, repairing: repairing)
    }

    /// Parses the text of a config file (nil: no file) as `load` (not
    /// repairing) or `loadForRepair` does; `path` is the file it is for.
    static func parse(_ bytes: [UInt8]?, path: String, repairing: Bool) throws -> (file: ConfigFile, invalid: [InvalidValue]) {
        var invalid: [InvalidValue] = []
        guard let bytes else { return (ConfigFile(path: path), []) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return (ConfigFile(path: path), [])
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let detail = (error as NSError).userInfo["NSDebugDescription"] as? String
            throw ConfigError(
                "The config file \(path) is not valid JSON" + (detail.map { ": \($0)" } ?? "."),
                hint: Self.repairHint)
        }
        guard let dictionary = object as? [String: Any] else {
            throw ConfigError("The config file \(path) must hold a JSON object of settings.", hint: Self.repairHint)
        }
        var entries: [String: ConfigValue] = [:]
        for (name, raw) in dictionary {
            guard let key = ConfigKey.named(name) else {
                entries[name] = .other(Self.json(raw))
                continue
            }
            let value: String
            if let string = raw as? String {
                value = string
            } else if let number = raw as? NSNumber, String(cString: number.objCType) != "c" {
                value = number.stringValue
            } else {
                if repairing {
                    entries[name] = .invalid(Self.json(raw))
                    invalid.append(InvalidValue(key: name, problem: "a value of the wrong type (expected \(key.allowedDescription))"))
                    continue
                }
                throw ConfigError("The config file \(path) has a value of the wrong type for '\(name)': expected \(key.allowedDescription).",
                                  hint: Self.valueRepairHint(name))
            }
            if key.problem(with: value) != nil, let converted = key.legacy?(value), key.problem(with: converted) == nil {
                entries[name] = Self.entry(converted, for: key)
                continue
            }
            if let problem = key.problem(with: value) {
                if repairing {
                    entries[name] = .invalid(Self.json(raw))
                    invalid.append(InvalidValue(key: name, problem: "an invalid value '\(value)' (\(problem))"))
                    continue
                }
                throw ConfigError("The config file \(path) has an invalid value '\(value)' for '\(name)': \(problem).",
                                  hint: Self.valueRepairHint(name))
            }
            entries[name] = Self.entry(value, for: key)
        }
        return (ConfigFile(path: path, entries: entries), invalid.sorted { $0.key < $1.key })
    }

    static let repairHint = "Fix it with an editor, or move it aside to start over; susi never overwrites a config file it cannot read."

    /// For one bad value: `config set` and `config unset` repair it.
    static func valueRepairHint(_ name: String) -> String {
        "Repair it with 'susi config set \(ShellQuote.word(name)) VALUE' or 'susi config unset \(ShellQuote.word(name))'; nothing else in the file changes."
    }

    public func value(for key: ConfigKey) -> String? {
        entries[key.name]?.string
    }

    /// Names in the file that this version does not know.
    public var unknownKeys: [String] {
        entries.compactMap { name, value in
            if case .other = value { return name }
            return nil
        }.sorted()
    }

    /// Sets a validated value.
    public mutating func set(_ key: ConfigKey, to value: String) throws {
        if let problem = key.problem(with: value) {
            throw UsageError("Invalid value \(URLParts.quotedUnlessSecret(value)) for '\(key.name)': \(problem).")
        }
        entries[key.name] = Self.entry(value, for: key)
    }

    /// A validated value as stored. Numbers are written to the file as they
    /// are kept, and Int/Double accept spellings JSON does not ("+200",
    /// "0200", ".5"), so numbers are kept in canonical form.
    static func entry(_ value: String, for key: ConfigKey) -> ConfigValue {
        guard key.isNumeric else { return .text(value) }
        if let integer = Int(value) { return .number(String(integer)) }
        if let double = Double(value), double.isFinite { return .number(String(double)) }
        return .text(value)
    }

    /// Removes a setting; returns whether it was set.
    @discardableResult
    public mutating func unset(_ key: ConfigKey) -> Bool {
        entries.removeValue(forKey: key.name) != nil
    }

    /// Writes the file atomically with owner-only permissions.
    public func save() throws {
        var lines: [String] = []
        for name in entries.keys.sorted() {
            let rendered: String
            switch entries[name]! {
            case let .text(value): rendered = Self.json(value)
            case let .number(value), let .other(value), let .invalid(value): rendered = value
            }
            lines.append("  \(Self.json(name)): \(rendered)")
        }
        let text = lines.isEmpty ? "{}\n" : "{\n" + lines.joined(separator: ",\n") + "\n}\n"
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch let error as FileError {
            if let storage = StorageError(writing: error, name: "the config file", path: path) { throw storage }
            throw CommandError(.cannotCreate, "Cannot write the config file: \(error.description).")
        }
    }

    private static func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
