import Foundation
import SusiBasics

/// One man page: its file name (`susi-chat.1`) and its mdoc source.
public struct ManualPage: Sendable, Equatable {
    public var fileName: String
    public var text: String

    public init(fileName: String, text: String) {
        self.fileName = fileName
        self.text = text
    }
}

/// Renders the command tree as mdoc(7) man pages: one for the program
/// (`susi.1`) and one per visible top-level command (`susi-chat.1`, ...),
/// each with NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXAMPLES, EXIT STATUS,
/// ENVIRONMENT, FILES and SEE ALSO. Every text comes from the same specs and
/// help pages `help` prints (option notes through `HelpRenderer.describe`),
/// so the two cannot say different things.
public struct ManualRenderer<Context> {
    /// The help topics' pages that become sections.
    public struct Sections: Sendable {
        public var environment: HelpPage
        public var files: HelpPage
        public var exitStatus: HelpPage

        public init(environment: HelpPage, files: HelpPage, exitStatus: HelpPage) {
            self.environment = environment
            self.files = files
            self.exitStatus = exitStatus
        }
    }

    public var root: CommandSpec<Context>
    public var globalOptions: [OptionSpec]
    public var sections: Sections
    /// The `.Dd` date: fixed (not today), so regenerating is reproducible.
    public var date: String
    /// Shown in the page footer (`.Os`).
    public var system: String

    public init(root: CommandSpec<Context>, globalOptions: [OptionSpec], sections: Sections, date: String, system: String) {
        self.root = root
        self.globalOptions = globalOptions
        self.sections = sections
        self.date = date
        self.system = system
    }

    /// The visible top-level commands that get a page of their own (not `help`,
    /// which the program's page describes).
    public var pageCommands: [CommandSpec<Context>] {
        root.visibleSubcommands.filter { $0.name != "help" }
    }

    public func pages() -> [ManualPage] {
        [ManualPage(fileName: root.name + ".1", text: rootPage())]
            + pageCommands.map { ManualPage(fileName: root.name + "-" + $0.name + ".1", text: commandPage($0)) }
    }

    private var helper: HelpRenderer<Context> {
        HelpRenderer(globalOptions: globalOptions, width: 80, style: Style(enabled: false))
    }

    // MARK: - Pages

    func rootPage() -> String {
        var out = header(title: root.name.uppercased(), name: root.name, description: root.abstract)
        out += ".Sh SYNOPSIS\n"
        out += ".Nm\n.Op Ar global options\n.Ar command\n.Op Ar arguments ...\n"
        out += ".Nm\n.Cm help\n.Op Ar command ... | topic\n"
        out += ".Sh DESCRIPTION\n" + paragraphs(root.discussion)
        out += ".Pp\nThe commands, each with a page of its own:\n.Bl -tag -width Ds\n"
        for command in pageCommands {
            out += ".It Cm " + Roff.argument(command.name) + "\n" + Roff.text(command.abstract)
                + "\nSee\n.Xr " + Roff.argument(root.name + "-" + command.name) + " 1 .\n"
        }
        if let help = root.subcommand(named: "help") {
            out += ".It Cm help\n" + textLine(help.abstract) + textLine(help.discussion)
        }
        out += ".El\n"
        out += ".Pp\nAn executable named\n.Sy \(Roff.argument(root.name))-NAME\non\n.Ev PATH\nruns as\n.Ql \(Roff.argument(root.name)) NAME\n(an external command).\n"
        out += ".Sh OPTIONS\n" + optionList(globalOptions.filter { !$0.isHidden }, relations: [])
        out += environmentSection(all: true, variables: [])
        out += filesSection() + exitSection()
        out += examplesSection(collectExamples([root] + (root.subcommand(named: "help").map { [$0] } ?? [])))
        out += ".Sh SEE ALSO\n" + seeAlso(pageCommands.map { root.name + "-" + $0.name })
        return out
    }

    func commandPage(_ command: CommandSpec<Context>) -> String {
        let pageName = root.name + "-" + command.name
        var out = header(title: pageName.uppercased(), name: pageName, description: command.abstract)
        let entries = walk([root, command])
        out += ".Sh SYNOPSIS\n"
        for path in entries where path.last!.run != nil || path.last!.visibleSubcommands.isEmpty {
            out += synopsis(path)
        }
        out += ".Sh DESCRIPTION\n"
        out += paragraphs(command.discussion.isEmpty ? command.abstract : command.discussion)
        if !command.aliases.isEmpty {
            out += ".Pp\nAlso available as\n" + command.aliases.map { ".Ql " + Roff.argument(root.name + " " + $0) }
                .joined(separator: " ,\n") + " .\n"
        }
        out += arguments(command)
        for path in entries.dropFirst() {
            let sub = path.last!
            out += ".Ss " + Roff.argument(commandName(path)) + "\n" + textLine(sub.abstract)
            if !sub.discussion.isEmpty { out += paragraphs(sub.discussion) }
            if !sub.aliases.isEmpty {
                out += ".Pp\n" + (sub.aliases.count == 1 ? "Alias:" : "Aliases:") + "\n" + sub.aliases.map { ".Cm " + Roff.argument($0) }.joined(separator: " ,\n") + "\n"
            }
            out += arguments(sub)
        }
        out += ".Sh OPTIONS\n"
        for path in entries {
            let own = path.last!.options.filter { !$0.isHidden }
            guard !own.isEmpty else { continue }
            out += ".Ss " + Roff.argument(commandName(path)) + "\n" + optionList(own, relations: path.last!.relations)
        }
        out += ".Ss Global options\nEvery command accepts these too:\n" + optionList(globalOptions.filter { !$0.isHidden }, relations: [])
        let variables = entries.flatMap { $0.last!.options.filter { !$0.isHidden }.compactMap(\.environment) }
        out += environmentSection(all: false, variables: variables)
        out += filesSection() + exitSection()
        out += examplesSection(collectExamples(entries.map { $0.last! }))
        out += ".Sh SEE ALSO\n" + seeAlso([root.name])
        return out
    }

    // MARK: - Pieces

    private func header(title: String, name: String, description: String) -> String {
        ".Dd " + Roff.argument(date) + "\n.Dt " + Roff.argument(title) + " 1\n.Os " + Roff.argument(system) + "\n"
            + ".Sh NAME\n.Nm " + Roff.argument(name) + "\n.Nd " + Roff.argument(Roff.sentence(description)) + "\n"
    }

    /// `susi skills info` for a path of specs.
    private func commandName(_ path: [CommandSpec<Context>]) -> String {
        path.map(\.name).joined(separator: " ")
    }

    /// Every visible command below and including the last of `path`, depth first.
    private func walk(_ path: [CommandSpec<Context>]) -> [[CommandSpec<Context>]] {
        [path] + path.last!.visibleSubcommands.flatMap { walk(path + [$0]) }
    }

    private func synopsis(_ path: [CommandSpec<Context>]) -> String {
        let command = path.last!
        var out = ".Nm " + Roff.argument(root.name) + "\n.Cm " + path.dropFirst().map { Roff.argument($0.name) }.joined(separator: " ") + "\n"
        if command.options.contains(where: { !$0.isHidden }) { out += ".Op Ar options\n" }
        for argument in command.arguments {
            let core = "Ar " + Roff.argument(argument.name) + (argument.isRepeating ? " ..." : "")
            out += (argument.isOptional ? ".Op " : ".") + core + "\n"
        }
        return out
    }

    private func arguments(_ command: CommandSpec<Context>) -> String {
        guard !command.arguments.isEmpty else { return "" }
        var out = ".Bl -tag -width Ds\n"
        for argument in command.arguments {
            out += ".It Ar " + Roff.argument(argument.name) + "\n"
            out += textLine(helper.describe(argument.abstract, kind: argument.kind, defaultValue: argument.defaultValue,
                                             environment: nil))
        }
        return out + ".El\n"
    }

    private func optionList(_ options: [OptionSpec], relations: [OptionRelation]) -> String {
        guard !options.isEmpty else { return "" }
        var out = ".Bl -tag -width Ds\n"
        for option in options {
            var label = ".It "
            if let short = option.short { label += "Fl " + Roff.argument(String(short)) + " , " }
            label += "Fl " + (option.hasInversion && option.valueName == nil ? "-[no-]" : "-") + Roff.argument(option.name)
            if let value = option.valueName { label += " Ar " + Roff.argument(value) }
            out += label + "\n"
            out += textLine(helper.describe(option.abstract, kind: option.kind, defaultValue: option.defaultValue,
                                             environment: option.environment))
        }
        out += ".El\n"
        for relation in relations { out += ".Pp\n" + textLine(relation.summary) }
        return out
    }

    private func collectExamples(_ commands: [CommandSpec<Context>]) -> [Example] {
        commands.flatMap(\.examples)
    }

    private func examplesSection(_ examples: [Example]) -> String {
        guard !examples.isEmpty else { return "" }
        var out = ".Sh EXAMPLES\n"
        for (index, example) in examples.enumerated() {
            if index > 0 { out += ".Pp\n" }
            if !example.explanation.isEmpty { out += textLine(example.explanation) }
            out += ".Bd -literal -offset indent\n" + Roff.literal("$ " + example.command) + "\n.Ed\n"
        }
        return out
    }

    private func rows(_ page: HelpPage, macro: String, only names: Set<String>? = nil) -> String {
        let chosen = page.rows.filter { names == nil || names!.contains($0.label) }
        guard !chosen.isEmpty else { return "" }
        var out = ".Bl -tag -width Ds\n"
        for row in chosen {
            out += ".It " + (macro.isEmpty ? "" : macro + " ") + Roff.argument(row.label) + "\n" + textLine(row.text)
        }
        return out + ".El\n"
    }

    private func environmentSection(all: Bool, variables: [String]) -> String {
        var out = ".Sh ENVIRONMENT\n"
        if all {
            out += textLine(sections.environment.intro) + rows(sections.environment, macro: "Ev")
        } else {
            let listed = rows(sections.environment, macro: "Ev", only: Set(variables))
            if !listed.isEmpty { out += "These commands read:\n" + listed + ".Pp\n" }
            out += "Every variable susi reads is listed in\n.Xr " + Roff.argument(root.name)
                + " 1\nand by\n.Ql " + Roff.argument(root.name) + " help environment .\n"
        }
        return out
    }

    private func filesSection() -> String {
        ".Sh FILES\n" + textLine(sections.files.intro) + rows(sections.files, macro: "Pa")
    }

    private func exitSection() -> String {
        var out = ".Sh EXIT STATUS\n" + textLine(sections.exitStatus.intro) + rows(sections.exitStatus, macro: "")
        if !sections.exitStatus.outro.isEmpty { out += ".Pp\n" + textLine(sections.exitStatus.outro) }
        return out
    }

    private func seeAlso(_ names: [String]) -> String {
        let sorted = names.sorted()
        return sorted.enumerated().map { index, name in
            ".Xr " + Roff.argument(name) + " 1" + (index < sorted.count - 1 ? " ," : "")
        }.joined(separator: "\n") + "\n"
    }

    /// A text line and its newline; nothing for empty text (a blank line is not allowed in mdoc).
    private func textLine(_ text: String) -> String {
        let line = Roff.text(text)
        return line.isEmpty ? "" : line + "\n"
    }

    /// Discussion text: paragraphs (blank lines) become `.Pp`, lines are escaped.
    private func paragraphs(_ text: String) -> String {
        let blocks = text.split(separator: "\n", omittingEmptySubsequences: false)
            .split(whereSeparator: { $0.allSatisfy(\.isWhitespace) })
        return blocks.enumerated().map { index, lines in
            (index > 0 ? ".Pp\n" : "") + lines.map { Roff.text(String($0)) }.joined(separator: "\n") + "\n"
        }.joined()
    }
}

/// Escaping for roff input, so text from the tree can never become a
/// request, a macro or an escape sequence.
public enum Roff {
    /// Macro names that mdoc would call when they appear as a word in a
    /// parsed macro line.
    static let macros: Set<String> = [
        "Ac", "Ad", "An", "Ao", "Ap", "Aq", "Ar", "At", "Bc", "Bo", "Bq", "Brc", "Bro", "Brq", "Bsx", "Bx",
        "Cd", "Cm", "Dc", "Do", "Dq", "Dv", "Dx", "Ec", "Em", "En", "Eo", "Er", "Es", "Ev", "Fa", "Fc", "Fl",
        "Fn", "Fo", "Fr", "Ft", "Fx", "Ic", "In", "Lb", "Li", "Lk", "Ms", "Mt", "Nm", "No", "Ns", "Nx", "Oc",
        "Oo", "Op", "Ot", "Ox", "Pa", "Pc", "Pf", "Po", "Pq", "Qc", "Ql", "Qo", "Qq", "Sc", "So", "Sq", "St",
        "Sx", "Sy", "Ta", "Tn", "Ux", "Va", "Vt", "Xc", "Xo", "Xr",
    ]

    /// Characters roff gives a meaning to, and non-ASCII as `\[uXXXX]`.
    static func escaped(_ text: String, hyphens: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-" where hyphens: out += "\\-"
            case "\t": out += " "
            case "\n", "\r": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    out += "\\[u" + hex(scalar.value) + "]"
                } else if scalar.value > 0x7E {
                    out += "\\[u" + hex(scalar.value) + "]"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A text line: escaped, with no leading control character (`.` or `'`)
    /// and no leading or trailing space; words that start with `-` (options)
    /// keep real hyphens (`\-`), so they can be copied.
    /// Each sentence goes on a line of its own, as mdoc wants (roff then
    /// spaces sentences itself); "e.g." and "i.e." do not end one.
    public static func text(_ raw: String) -> String {
        let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var lines: [String] = []
        var current: [String] = []
        for (index, word) in words.enumerated() {
            var text = escaped(String(word), hyphens: word.hasPrefix("-") || word.hasPrefix("'-"))
            let isLast = index == words.count - 1
            if abbreviations.contains(String(word)) {
                if !isLast { text += "\\&" }
                current.append(text)
            } else {
                current.append(text)
                if !isLast, endsSentence(String(word)) {
                    lines.append(current.joined(separator: " "))
                    current = []
                }
            }
        }
        if !current.isEmpty { lines.append(current.joined(separator: " ")) }
        return lines.map(guardStart).joined(separator: "\n")
    }

    static let abbreviations: Set<String> = ["e.g.", "i.e.", "(e.g.", "(i.e.", "etc.", "vs."]

    /// A word that ends with . ? or ! (before closing quotes or brackets).
    static func endsSentence(_ word: String) -> Bool {
        var scalars = Array(word.unicodeScalars)
        while let last = scalars.last, "\"')]".unicodeScalars.contains(last) { scalars.removeLast() }
        guard let last = scalars.last, ".?!".unicodeScalars.contains(last) else { return false }
        // "..." inside a word (a usage like "names ...") is not an end either.
        return scalars.count > 1 || last != "."
    }

    /// One line of a literal display: every hyphen is a real one.
    public static func literal(_ raw: String) -> String {
        guardStart(escaped(raw, hyphens: true))
    }

    /// Words for a macro line: also quotes, and words that are macro names.
    public static func argument(_ raw: String) -> String {
        raw.split(separator: " ", omittingEmptySubsequences: true).map { word -> String in
            let text = escaped(String(word), hyphens: word.hasPrefix("-")).replacingOccurrences(of: "\"", with: "\\(dq")
            return macros.contains(text) || text.first.map({ "|.,;:()[]?!".contains($0) }) == true ? "\\&" + text : text
        }.joined(separator: " ")
    }

    /// A description for `.Nd`: without the final full stop, as man pages write it.
    static func sentence(_ text: String) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return trimmed
    }

    private static func guardStart(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
