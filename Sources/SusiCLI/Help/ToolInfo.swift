import SusiBasics
/// The command tree as versioned JSON (`susi --dump-help`). Man pages and
/// completion scripts are generated from this, never by re-reading code.
public struct ToolInfo: Codable, Equatable, Sendable {
    /// Bumped whenever a field changes meaning or disappears.
    public static let currentVersion = 1

    public var serializationVersion: Int
    public var tool: String
    public var version: String
    public var command: CommandInfo
    public var globalOptions: [OptionInfo]
    public var topics: [TopicInfo]

    public struct CommandInfo: Codable, Equatable, Sendable {
        public var name: String
        public var path: [String]
        public var aliases: [String]
        public var abstract: String
        public var discussion: String
        public var usage: [String]
        public var examples: [ExampleInfo]
        public var arguments: [ArgumentInfo]
        public var options: [OptionInfo]
        public var subcommands: [CommandInfo]
        public var hidden: Bool
        public var runnable: Bool
        /// Rules between options: `exclusive` (at most one of `options`),
        /// `conflicts` (`options[0]` with none of the others) or `requires`
        /// (`options[0]` needs one of the others).
        public var relations: [RelationInfo]?
    }

    public struct RelationInfo: Codable, Equatable, Sendable {
        public var kind: String
        public var options: [String]

        init(_ relation: OptionRelation) {
            switch relation {
            case .exclusive: kind = "exclusive"
            case .conflicts: kind = "conflicts"
            case .requires: kind = "requires"
            }
            options = relation.names
        }
    }

    public struct ExampleInfo: Codable, Equatable, Sendable {
        public var command: String
        public var explanation: String
    }

    public struct ArgumentInfo: Codable, Equatable, Sendable {
        public var name: String
        public var abstract: String
        public var type: String
        public var optional: Bool
        public var repeating: Bool
        public var defaultValue: String?
        public var allowedValues: [String]?
        public var completion: CompletionInfo
    }

    public struct OptionInfo: Codable, Equatable, Sendable {
        public var name: String
        public var short: String?
        public var valueName: String?
        public var abstract: String
        public var type: String
        public var isFlag: Bool
        public var inversion: Bool
        public var repeating: Bool
        public var hidden: Bool
        public var defaultValue: String?
        public var allowedValues: [String]?
        public var environment: String?
        public var completion: CompletionInfo
    }

    public struct CompletionInfo: Codable, Equatable, Sendable {
        /// none, values, file, directory or dynamic.
        public var kind: String
        public var values: [String]?
        public var extensions: [String]?
        public var provider: String?
    }

    public struct TopicInfo: Codable, Equatable, Sendable {
        public var name: String
        public var abstract: String
    }
}

extension ToolInfo {
    public init<Context>(
        root: CommandSpec<Context>, version: String, globalOptions: [OptionSpec], topics: [HelpTopic]
    ) {
        self.init(path: [root], version: version, globalOptions: globalOptions, topics: topics)
    }

    /// The subtree of the last command of `path` (from the root).
    public init<Context>(
        path start: [CommandSpec<Context>], version: String, globalOptions: [OptionSpec], topics: [HelpTopic]
    ) {
        let renderer = HelpRenderer<Context>(globalOptions: globalOptions, width: 80, style: Style(enabled: false))
        func describe(_ path: [CommandSpec<Context>]) -> CommandInfo {
            let command = path[path.count - 1]
            return CommandInfo(
                name: command.name,
                path: path.map(\.name),
                aliases: command.aliases,
                abstract: command.abstract,
                discussion: command.discussion,
                usage: renderer.usage(path),
                examples: command.examples.map { ExampleInfo(command: $0.command, explanation: $0.explanation) },
                arguments: command.arguments.map(ArgumentInfo.init),
                options: command.options.map(OptionInfo.init),
                subcommands: command.subcommands.map { describe(path + [$0]) },
                hidden: command.isHidden,
                runnable: command.run != nil,
                relations: command.relations.isEmpty ? nil : command.relations.map(RelationInfo.init))
        }
        self.init(serializationVersion: Self.currentVersion, tool: start[0].name, version: version,
                  command: describe(start), globalOptions: globalOptions.map(OptionInfo.init),
                  topics: topics.map { TopicInfo(name: $0.name, abstract: $0.abstract) })
    }
}

extension ToolInfo.ArgumentInfo {
    init(_ spec: ArgumentSpec) {
        self.init(name: spec.name, abstract: spec.abstract, type: spec.kind.typeName, optional: spec.isOptional,
                  repeating: spec.isRepeating, defaultValue: spec.defaultValue,
                  allowedValues: spec.kind.allowedValues, completion: .init(spec.completion))
    }
}

extension ToolInfo.OptionInfo {
    init(_ spec: OptionSpec) {
        self.init(name: spec.name, short: spec.short.map(String.init), valueName: spec.valueName,
                  abstract: spec.abstract, type: spec.isFlag ? "flag" : spec.kind.typeName, isFlag: spec.isFlag,
                  inversion: spec.hasInversion, repeating: spec.isRepeating, hidden: spec.isHidden,
                  defaultValue: spec.defaultValue, allowedValues: spec.kind.allowedValues,
                  environment: spec.environment, completion: .init(spec.completion))
    }
}

extension ToolInfo.CompletionInfo {
    init(_ kind: CompletionKind) {
        switch kind {
        case .none: self.init(kind: "none")
        case let .values(values): self.init(kind: "values", values: values)
        case let .file(extensions): self.init(kind: "file", extensions: extensions)
        case .directory: self.init(kind: "directory")
        case let .dynamic(completion): self.init(kind: "dynamic", provider: completion.name)
        }
    }
}
