import SusiBasics
/// A help page that is not a command: `susi help environment`.
/// A `help <topic>` page as data: a title, an introduction, label/text rows
/// and a closing paragraph. The program renders it for the terminal, and the
/// same data can become a man page section.
public struct HelpPage: Sendable, Equatable {
    public var title: String
    public var intro: String
    public var rows: [Row]
    public var outro: String

    public struct Row: Sendable, Equatable {
        public var label: String
        public var text: String

        public init(_ label: String, _ text: String) {
            self.label = label
            self.text = text
        }
    }

    public init(title: String, intro: String, rows: [Row], outro: String = "") {
        self.title = title
        self.intro = intro
        self.rows = rows
        self.outro = outro
    }

    /// The page wrapped to `width` cells, labels in one column.
    public func render(width: Int) -> String {
        var text = title + "\n\n" + TextLayout.wrap(intro, width: width) + "\n\n"
        let labelWidth = min(28, (rows.map { TextLayout.cells($0.label) }.max() ?? 0) + 4)
        for line in TextLayout.columns(rows.map { ($0.label, $0.text) }, column: labelWidth, width: width) {
            text += line + "\n"
        }
        if !outro.isEmpty { text += "\n" + TextLayout.wrap(outro, width: width) + "\n" }
        return text
    }
}

/// A help topic (`help environment`, `help files`, ...): its page is built
/// from the environment it describes (paths resolve as they would now).
public struct HelpTopic {
    public var name: String
    public var abstract: String
    public var page: (_ environment: [String: String]) -> HelpPage

    /// `help NAME --json`; nil: the page's rows as `{topic, title, intro, rows: [{label, text}], outro}`.
    public var records: ((_ environment: [String: String]) throws -> String)?

    public init(name: String, abstract: String, records: ((_ environment: [String: String]) throws -> String)? = nil,
                page: @escaping (_ environment: [String: String]) -> HelpPage) {
        self.name = name
        self.abstract = abstract
        self.records = records
        self.page = page
    }

    /// The topic as JSON (`help NAME --json`).
    public func json(_ environment: [String: String]) throws -> String {
        if let records { return try records(environment) }
        let page = page(environment)
        return try JSONOutput.encode(PageJSON(topic: name, title: page.title, intro: page.intro,
                                              rows: page.rows.map { .init(label: $0.label, text: $0.text) },
                                              outro: page.outro))
    }

    struct PageJSON: Encodable {
        struct Row: Encodable {
            var label: String
            var text: String
        }

        var topic: String
        var title: String
        var intro: String
        var rows: [Row]
        var outro: String
    }

    /// Renders the page for a terminal `width` cells wide.
    public func render(_ width: Int, _ environment: [String: String]) -> String {
        page(environment).render(width: width)
    }
}

/// An executable `susi-<name>` found on PATH.
public struct ExternalCommand: Sendable, Equatable {
    public var name: String
    public var path: String
    /// From its `--susi-spec` answer, when it has one.
    public var abstract: String?

    public init(name: String, path: String, abstract: String? = nil) {
        self.name = name
        self.path = path
        self.abstract = abstract
    }
}

/// Renders help pages and usage lines from the command tree, in the
/// OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS / EXAMPLES layout.
public struct HelpRenderer<Context> {
    public var globalOptions: [OptionSpec]
    public var width: Int
    public var style: Style

    /// Options and arguments start their description in this column.
    static var labelColumn: Int { 26 }

    public init(globalOptions: [OptionSpec], width: Int, style: Style) {
        self.globalOptions = globalOptions
        self.width = width
        self.style = style
    }

    /// One or two usage lines for the command at the end of `path`.
    public func usage(_ path: [CommandSpec<Context>]) -> [String] {
        let command = path[path.count - 1]
        let prefix = path.map(\.name).joined(separator: " ")
        var lines: [String] = []
        if command.run != nil || command.subcommands.isEmpty {
            var words = [prefix]
            if command.options.contains(where: { !$0.isHidden }) { words.append("[<options>]") }
            words += command.arguments.map(\.display)
            lines.append(words.joined(separator: " "))
        }
        if !command.visibleSubcommands.isEmpty {
            lines.append(prefix + " <subcommand>")
        }
        return lines
    }

    public func render(
        _ path: [CommandSpec<Context>], externals: [ExternalCommand] = [], topics: [HelpTopic] = []
    ) -> String {
        let command = path[path.count - 1]
        let isRoot = path.count == 1
        var sections: [String] = []

        var overview = heading("OVERVIEW:") + " " + command.abstract
        if !command.discussion.isEmpty {
            overview += "\n\n" + TextLayout.wrap(command.discussion, width: width)
        }
        sections.append(overview)

        let usageLines = usage(path)
        var usageText = heading("USAGE:") + " " + usageLines[0]
        for line in usageLines.dropFirst() { usageText += "\n       " + line }
        sections.append(usageText)

        if !command.arguments.isEmpty {
            sections.append(section("ARGUMENTS:", command.arguments.map { argument in
                (argument.display.trimmingCharacters(in: "[]"), describe(argument.abstract, kind: argument.kind,
                                                                          defaultValue: argument.defaultValue,
                                                                          environment: nil))
            }))
        }

        let ownOptions = command.options.filter { !$0.isHidden }
        if !ownOptions.isEmpty {
            var options = section("OPTIONS:", ownOptions.map(optionRow))
            // The rules between options, set apart from the option rows.
            if !command.relations.isEmpty { options += "\n" }
            for relation in command.relations {
                options += "\n" + TextLayout.wrap("Note: " + relation.summary, width: width, indent: 2)
            }
            sections.append(options)
        }

        if !command.visibleSubcommands.isEmpty {
            sections.append(section("SUBCOMMANDS:", command.visibleSubcommands.map { sub in
                (([sub.name] + sub.aliases).joined(separator: ", "), sub.abstract)
            }))
        }

        if isRoot, !externals.isEmpty {
            sections.append(section("EXTERNAL COMMANDS:", externals.map { ($0.name, $0.abstract ?? "Runs \($0.path)") }))
        }

        if isRoot, !topics.isEmpty {
            sections.append(section("HELP TOPICS:", topics.map { ($0.name, $0.abstract) }))
        }

        if !command.examples.isEmpty {
            var text = heading("EXAMPLES:")
            for example in command.examples {
                text += "\n  $ " + example.command
                if !example.explanation.isEmpty {
                    text += "\n" + TextLayout.wrap(example.explanation, width: width, indent: 4)
                }
            }
            sections.append(text)
        }

        let globals = globalOptions.filter { !$0.isHidden }
        if !globals.isEmpty {
            sections.append(section("GLOBAL OPTIONS:", globals.map(optionRow)))
        }

        let name = path.map(\.name).joined(separator: " ")
        if !command.visibleSubcommands.isEmpty {
            let root = path[0].name
            let rest = path.dropFirst().map(\.name).joined(separator: " ")
            let target = rest.isEmpty ? "<subcommand>" : rest + " <subcommand>"
            sections.append("  See '\(root) help \(target)' for detailed help.")
        } else if isRoot {
            sections.append("  See '\(name) help <topic>' for a help topic.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    // MARK: - Pieces

    private func heading(_ text: String) -> String { style.bold(text) }

    private func optionRow(_ option: OptionSpec) -> (String, String) {
        (option.helpLabel, describe(option.abstract, kind: option.kind, defaultValue: option.defaultValue,
                                    environment: option.environment))
    }

    /// An abstract with its notes (values, range, default, variable); man pages use the same text.
    func describe(_ abstract: String, kind: ValueKind, defaultValue: String?, environment: String?) -> String {
        var notes: [String] = []
        switch kind {
        case let .choice(values): notes.append("values: " + values.joined(separator: ", "))
        case .integer, .number: if let summary = kind.summary { notes.append(summary) }
        case .string, .custom: break
        }
        if let defaultValue { notes.append("default: " + defaultValue) }
        if let environment { notes.append("env: " + environment) }
        guard !notes.isEmpty else { return abstract }
        return abstract + " (" + notes.joined(separator: "; ") + ")"
    }

    /// A titled list of label / description rows with the descriptions
    /// aligned and wrapped; a label too wide for its column gets a line of its own.
    private func section(_ title: String, _ rows: [(String, String)]) -> String {
        ([heading(title)] + TextLayout.columns(rows, column: Self.labelColumn, width: width)).joined(separator: "\n")
    }
}
