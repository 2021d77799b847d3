#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SusiBasics

/// What an external command says about itself when asked
/// `susi-NAME --susi-spec`: a command tree in the `--dump-help` JSON format
/// (`{"serializationVersion": 1, "command": {...}}`; `susi --dump-help` of
/// any tool built on SusiCLI qualifies). Only the fields help and completion
/// use are read; missing ones take their defaults. See docs/plugins.md.
public struct ExternalSpec: Codable, Equatable, Sendable {
    public var name: String
    public var aliases: [String]
    public var abstract: String
    public var discussion: String
    public var examples: [ToolInfo.ExampleInfo]
    public var arguments: [Argument]
    public var options: [Option]
    public var subcommands: [ExternalSpec]
    public var hidden: Bool

    public struct Argument: Codable, Equatable, Sendable {
        public var name: String
        public var abstract: String
        public var optional: Bool
        public var repeating: Bool
        public var allowedValues: [String]?
    }

    public struct Option: Codable, Equatable, Sendable {
        public var name: String
        public var short: String?
        public var valueName: String?
        public var abstract: String
        public var inversion: Bool
        public var repeating: Bool
        public var hidden: Bool
        public var defaultValue: String?
        public var allowedValues: [String]?
    }
}

extension ExternalSpec {
    enum Keys: String, CodingKey {
        case name, aliases, abstract, discussion, examples, arguments, options, subcommands, hidden
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decode(String.self, forKey: .name)
        aliases = try c.decodeIfPresent([String].self, forKey: .aliases) ?? []
        abstract = try c.decodeIfPresent(String.self, forKey: .abstract) ?? ""
        discussion = try c.decodeIfPresent(String.self, forKey: .discussion) ?? ""
        examples = try c.decodeIfPresent([ToolInfo.ExampleInfo].self, forKey: .examples) ?? []
        arguments = try c.decodeIfPresent([Argument].self, forKey: .arguments) ?? []
        options = try c.decodeIfPresent([Option].self, forKey: .options) ?? []
        subcommands = try c.decodeIfPresent([ExternalSpec].self, forKey: .subcommands) ?? []
        hidden = try c.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
    }
}

extension ExternalSpec.Argument {
    enum Keys: String, CodingKey { case name, abstract, optional, repeating, allowedValues }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decode(String.self, forKey: .name)
        abstract = try c.decodeIfPresent(String.self, forKey: .abstract) ?? ""
        optional = try c.decodeIfPresent(Bool.self, forKey: .optional) ?? false
        repeating = try c.decodeIfPresent(Bool.self, forKey: .repeating) ?? false
        allowedValues = try c.decodeIfPresent([String].self, forKey: .allowedValues)
    }
}

extension ExternalSpec.Option {
    enum Keys: String, CodingKey { case name, short, valueName, abstract, inversion, repeating, hidden, defaultValue, allowedValues }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decode(String.self, forKey: .name)
        short = try c.decodeIfPresent(String.self, forKey: .short)
        valueName = try c.decodeIfPresent(String.self, forKey: .valueName)
        abstract = try c.decodeIfPresent(String.self, forKey: .abstract) ?? ""
        inversion = try c.decodeIfPresent(Bool.self, forKey: .inversion) ?? false
        repeating = try c.decodeIfPresent(Bool.self, forKey: .repeating) ?? false
        hidden = try c.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
        defaultValue = try c.decodeIfPresent(String.self, forKey: .defaultValue)
        allowedValues = try c.decodeIfPresent([String].self, forKey: .allowedValues)
    }
}

/// Asking external commands for their spec: bounded in size and time,
/// validated, its text made safe, and cached by path, size and mtime so
/// start-up does not run every plugin.
public struct ExternalSpecs: Sendable {
    /// At most this many bytes of `--susi-spec` output are read.
    public static let sizeLimit = 256 * 1024
    /// The command must answer within this many milliseconds.
    public static let timeoutMilliseconds = 2000
    static let maximumNodes = 500
    static let maximumDepth = 6
    static let maximumTextLength = 4000
    static let maximumDiscussionLength = 20000
    static let maximumListLength = 200

    /// Where specs are cached (a JSON file, mode 0600); nil: no cache.
    public var cacheFile: String?

    public init(cacheFile: String?) {
        self.cacheFile = cacheFile
    }

    /// Why a command has no usable spec.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The command's spec, or nil when it has none (it does not answer
    /// `--susi-spec` with status 0). A spec that is there but wrong is a `Refusal`.
    public func spec(for command: ExternalCommand, environment: [String: String]) -> Result<ExternalSpec?, Refusal> {
        let key = Self.fingerprint(command.path)
        var cache = loadCache()
        if let key, let entry = cache[command.path], entry.fingerprint == key {
            return entry.refusal.map { .failure(Refusal($0)) } ?? .success(entry.spec)
        }
        let result = Self.ask(command, environment: environment)
        if let key {
            switch result {
            case let .success(spec): cache[command.path] = CacheEntry(fingerprint: key, spec: spec, refusal: nil)
            case let .failure(refusal): cache[command.path] = CacheEntry(fingerprint: key, spec: nil, refusal: refusal.description)
            }
            saveCache(cache)
        }
        return result
    }

    /// Runs `path --susi-spec` (stdin and stderr /dev/null, no secrets in
    /// its environment) and validates what it printed.
    static func ask(_ command: ExternalCommand, environment: [String: String]) -> Result<ExternalSpec?, Refusal> {
        // The limit covers its answer and its exit together: a command that
        // answers, closes its output and sleeps (or leaves a grandchild
        // holding it) is killed at the limit with all it started.
        let output: [UInt8]
        switch ChildSpawn.capture(command.path, arguments: [command.path, "--susi-spec"],
                                  environment: ExternalCommands.childEnvironment(environment),
                                  limit: sizeLimit, timeout: .milliseconds(timeoutMilliseconds)) {
        case .failure(.notStarted):
            return .success(nil)
        case .failure(.timedOut):
            return .failure(Refusal("it did not answer --susi-spec within \(timeoutMilliseconds) ms"))
        case .failure(.tooLarge):
            return .failure(Refusal("its --susi-spec answer is larger than \(sizeLimit / 1024) KiB"))
        case .failure(.readFailed):
            return .failure(Refusal("reading its answer failed"))
        case let .success(captured):
            guard captured.status == 0 else { return .success(nil) }
            output = captured.output
        }
        // A command that knows nothing of --susi-spec may still exit 0 (a
        // script echoing its arguments): only an answer that starts as a
        // JSON object is a spec.
        guard output.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else { return .success(nil) }
        return parse(output, name: command.name).map { Optional($0) }
    }

    struct Envelope: Decodable {
        var serializationVersion: Int
        var command: ExternalSpec
    }

    /// Decodes and validates a `--susi-spec` answer for the command `name`,
    /// with every text made safe for a terminal.
    public static func parse(_ bytes: [UInt8], name: String) -> Result<ExternalSpec, Refusal> {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: Data(bytes))
        } catch {
            return .failure(Refusal("its --susi-spec answer is not a command tree in the --dump-help JSON format"))
        }
        guard envelope.serializationVersion == ToolInfo.currentVersion else {
            return .failure(Refusal("its --susi-spec answer has serializationVersion \(envelope.serializationVersion); susi reads \(ToolInfo.currentVersion)"))
        }
        guard envelope.command.name == name else {
            return .failure(Refusal("its --susi-spec answer describes '\(UntrustedText.line(String(envelope.command.name.prefix(40))))', not '\(name)'"))
        }
        var nodes = 0
        do {
            return .success(try check(envelope.command, depth: 1, nodes: &nodes))
        } catch let refusal as Refusal {
            return .failure(refusal)
        } catch {
            return .failure(Refusal("its --susi-spec answer is invalid"))
        }
    }

    private static func check(_ spec: ExternalSpec, depth: Int, nodes: inout Int) throws -> ExternalSpec {
        nodes += 1
        guard nodes <= maximumNodes else { throw Refusal("its command tree has more than \(maximumNodes) commands") }
        guard depth <= maximumDepth else { throw Refusal("its command tree is more than \(maximumDepth) levels deep") }
        try name(spec.name, "command name")
        for alias in spec.aliases { try name(alias, "alias") }
        for list in [spec.aliases.count, spec.examples.count, spec.arguments.count, spec.options.count, spec.subcommands.count]
        where list > maximumListLength {
            throw Refusal("'\(spec.name)' has a list longer than \(maximumListLength)")
        }
        var copy = spec
        copy.abstract = try text(spec.abstract, maximumTextLength)
        copy.discussion = try text(spec.discussion, maximumDiscussionLength, keepLines: true)
        copy.examples = try spec.examples.map {
            ToolInfo.ExampleInfo(command: try text($0.command, maximumTextLength), explanation: try text($0.explanation, maximumTextLength))
        }
        copy.arguments = try spec.arguments.map { argument in
            try name(argument.name, "argument name")
            var checked = argument
            checked.abstract = try text(argument.abstract, maximumTextLength)
            checked.allowedValues = try argument.allowedValues.map(values)
            return checked
        }
        var seen = Set<String>()
        copy.options = try spec.options.map { option in
            try name(option.name, "option name")
            guard seen.insert(option.name).inserted else { throw Refusal("'\(spec.name)' declares --\(option.name) twice") }
            if let short = option.short {
                guard short.unicodeScalars.count == 1, let scalar = short.unicodeScalars.first,
                      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) else {
                    throw Refusal("'\(spec.name) --\(option.name)' has a short name that is not one letter or digit")
                }
            }
            if let valueName = option.valueName { try name(valueName, "value name") }
            var checked = option
            checked.abstract = try text(option.abstract, maximumTextLength)
            checked.defaultValue = try option.defaultValue.map { try text($0, maximumTextLength) }
            checked.allowedValues = try option.allowedValues.map(values)
            return checked
        }
        copy.subcommands = try spec.subcommands.map { try check($0, depth: depth + 1, nodes: &nodes) }
        return copy
    }

    /// Names are what a shell can complete and a terminal shows as is.
    private static func name(_ value: String, _ what: String) throws {
        guard value.count <= 40, ExternalCommands.isValidName(value) else {
            throw Refusal("the \(what) '\(UntrustedText.line(String(value.prefix(40))))' is not 1-40 letters, digits, '-', '_' or '.'")
        }
    }

    private static func values(_ list: [String]) throws -> [String] {
        guard list.count <= maximumListLength else { throw Refusal("a list of values is longer than \(maximumListLength)") }
        return try list.map { value in
            guard !value.isEmpty, value.count <= 200,
                  !value.unicodeScalars.contains(where: { $0 == " " || UntrustedText.needsEscape($0) }) else {
                throw Refusal("a value is empty, longer than 200 characters or holds a space, control or invisible character")
            }
            return value
        }
    }

    private static func text(_ value: String, _ limit: Int, keepLines: Bool = false) throws -> String {
        guard value.count <= limit else { throw Refusal("a text is longer than \(limit) characters") }
        return keepLines ? UntrustedText.escape(value) : UntrustedText.line(value)
    }

    // MARK: - Cache

    struct CacheEntry: Codable, Equatable {
        var fingerprint: String
        var spec: ExternalSpec?
        var refusal: String?
    }

    static let cacheLimit = 4 << 20

    /// Size, mtime and inode: a changed or replaced file is asked again.
    static func fingerprint(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ino)"
    }

    func loadCache() -> [String: CacheEntry] {
        // A FIFO or link in its place is no cache (never waited on or followed).
        guard let cacheFile, let bytes = try? RegularFile.read(cacheFile, limit: Self.cacheLimit, links: .refuse),
              let entries = try? JSONDecoder().decode([String: CacheEntry].self, from: Data(bytes)) else { return [:] }
        return entries
    }

    /// Written to a temporary file and renamed; a cache that cannot be
    /// written is only slower, never an error.
    func saveCache(_ entries: [String: CacheEntry]) {
        guard let cacheFile, let data = try? JSONEncoder().encode(entries), data.count <= Self.cacheLimit else { return }
        CacheFile.write(Array(data), to: cacheFile)
    }
}

extension ExternalSpec {
    /// The spec as a command of the tree, for help and completion. It has
    /// no `run`: the host runs the external command itself.
    public func command<Context>() -> CommandSpec<Context> {
        CommandSpec(
            name: name, aliases: aliases, abstract: abstract, discussion: discussion,
            examples: examples.map { Example($0.command, $0.explanation) },
            arguments: arguments.map { argument in
                let kind: ValueKind = argument.allowedValues.map(ValueKind.choice) ?? .string
                return ArgumentSpec(argument.name, argument.abstract, kind: kind, isOptional: argument.optional,
                                    isRepeating: argument.repeating)
            },
            options: options.map { option in
                let kind: ValueKind = option.allowedValues.map(ValueKind.choice) ?? .string
                return OptionSpec(option.name, short: option.short?.first, valueName: option.valueName, abstract: option.abstract,
                                  kind: kind, default: option.defaultValue, isRepeating: option.repeating,
                                  hasInversion: option.valueName == nil && option.inversion, isHidden: option.hidden)
            },
            subcommands: subcommands.map { $0.command() },
            isHidden: hidden)
    }
}
