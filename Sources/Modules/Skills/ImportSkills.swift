import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension SkillsModule {
    static let folderArgument = ArgumentKey.required(
        "folder", "A folder of skill files, or a skill tree (its models folder, or the folder holding it).", completion: .directory)

    static var importCommand: Command {
        Command(
            name: "import",
            abstract: "Compile a tree of skill files into the embedded SUSI.",
            discussion: """
            The folder holds (or is) a models/<model>/<group>/<language>/<skill>.txt tree, such as \
            a copy of the public SUSI skill repository, or it is a plain folder of skill .txt files \
            (subfolders are left out). A plain folder's skill takes its group and language from its \
            '::category' and '::language' headers, else --group and --language, else group \
            Knowledge and language en, as the output says. An empty folder, or one without .txt files, exits 66; one where no file \
            holds a usable intent exits 65 and imports nothing. Every skill is compiled into the skill index \
            of the embedded SUSI, so 'susi chat' answers from it without reading the files again. \
            Importing again replaces the skills with the same path. Bundled skills are never \
            replaced. Symbolic links are followed only to regular files inside the tree; links out \
            of it, FIFOs, devices, unreadable and binary files are skipped, the rest is imported, \
            and the exit status is 65.

            Standard output gets one row per group and language. On standard error, the files, \
            intents and lines left out are counted by kind ('!javascript intent (180), ...'); \
            --warnings lists each of them as file:line: reason (file: reason for a whole file). The \
            last line is the summary, and -q prints only that. With --json the counts per kind are \
            under skipped_by_kind, and --warnings adds the list as skipped.

            When several skills could answer a query, a higher --priority is tried first; within one \
            priority the bundled skills come before imported ones, then the SUSI server's own ranking \
            decides. Importing again sets the priority of the skills imported.
            """,
            examples: [
                Example("susi skills import ~/susi_skill_data", "Add every public skill."),
                Example("susi skills import models --json", "Print the counts as JSON."),
                Example("susi skills import --warnings ~/susi_skill_data", "Also list every file, intent and line left out."),
                Example("susi skills import --priority high my_skills", "Let these skills answer before the bundled ones."),
            ],
            arguments: [folderArgument.spec],
            options: [priority.spec, warnings.spec, defaultGroup.spec, defaultLanguage.spec],
            run: { invocation, context in try importSkills(invocation, context) })
    }

    static let priority = OptionKey.string(
        "priority", "level", "Rank these skills low, normal or high against the others (default normal).",
        kind: .choice(SkillPriority.allCases.map(\.rawValue)), default: SkillPriority.normal.rawValue)

    static let defaultGroup = OptionKey.string(
        "group", "group", "The group of a plain folder's skills without a ::category header (default Knowledge).",
        completion: .dynamic(groupNames))

    static let defaultLanguage = OptionKey.string(
        "language", "code", "The language of a plain folder's skills without a ::language header (default en).",
        completion: .dynamic(languageNames))

    static let warnings = OptionKey.flag(
        "warnings", "List every file, intent and line left out (file:line: reason), not only their counts.")

    static func importSkills(_ invocation: Invocation, _ context: Context) throws {
        let rank = invocation.values[priority].flatMap(SkillPriority.init(rawValue:)) ?? .normal
        let listed = invocation.values[warnings]
        var defaults = SkillImportDefaults()
        for (key, name, field) in [(defaultGroup, "group", \SkillImportDefaults.group),
                                   (defaultLanguage, "language", \SkillImportDefaults.language)] {
            guard let value = invocation.values[key] else { continue }
            guard SkillImportDefaults.isUsableName(value) else {
                throw UsageError("--\(name) needs a name without '/', not '\(UntrustedText.line(value))'.")
            }
            defaults[keyPath: field] = value.trimmingCharacters(in: .whitespaces)
        }
        let report = try SkillImport.run(invocation.values[folderArgument], context, progress: false, priority: rank,
                                         defaults: defaults,
                                         listSkipped: listed && !context.globals.json)
        if context.globals.json {
            try context.printJSON(ImportJSON(report: report, listed: listed))
            if report.failedFiles > 0 { throw partialFailure(report, listed: listed) }
            return
        }
        // Quiet: the summary line only. On a terminal it is the last line (an
        // error about files that could not be used comes after it).
        if !context.globals.quiet {
            let rows = report.counts.map { [$0.group, $0.language, String($0.skills), String($0.intents)] }
            context.printTable(Table(columns: ["Group", "Lang", "Skills", "Intents"], rows: rows))
            // stdout is buffered and stderr is not: on one terminal the rows would come after the summary.
            context.io.stdout.flush()
            if let counted = SkillImport.skippedSummary(report) {
                context.note(counted + (listed ? "" : " Run again with --warnings to list each one."))
            }
        }
        if let defaults = report.plainDefaults, report.defaulted > 0, !context.globals.quiet {
            context.io.stderr.line("\(TextLayout.counted(report.defaulted, "skill")) without ::category or ::language headers "
                                   + "went into group \(defaults.group), language \(defaults.language).")
        }
        let ranked = rank == .normal ? "" : " at \(rank.rawValue) priority"
        let skipped = report.skipped.isEmpty ? "" : "; \(report.skipped.count) skipped or ignored"
        context.io.stderr.line("Imported \(TextLayout.counted(report.skills, "skill")) with "
                               + "\(TextLayout.counted(report.intents, "intent"))\(ranked)\(skipped).")
        if report.failedFiles > 0 { throw partialFailure(report, listed: listed) }
    }

    static func partialFailure(_ report: SkillImportReport, listed: Bool) -> CommandError {
        let files = TextLayout.counted(report.failedFiles, "file")
        if listed { return CommandError(.dataError, "\(files) could not be imported (listed above); the rest was.") }
        return CommandError(.dataError, "\(files) could not be imported; the rest was.",
                            hint: "Run again with --warnings to see which and why.")
    }

    /// The report as JSON: the counts per kind always, each skip with --warnings.
    struct ImportJSON: Encodable {
        var report: SkillImportReport
        var listed: Bool

        enum CodingKeys: String, CodingKey {
            case counts, skills, intents, priority, skipped
            case skippedCount = "skipped_count", skippedByKind = "skipped_by_kind", failedFiles = "failed_files"
            case defaultGroup = "default_group", defaultLanguage = "default_language", defaulted
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(report.counts, forKey: .counts)
            try c.encode(report.skills, forKey: .skills)
            try c.encode(report.intents, forKey: .intents)
            try c.encode(report.priority, forKey: .priority)
            try c.encode(report.skipped.count, forKey: .skippedCount)
            try c.encode(Dictionary(uniqueKeysWithValues: report.skippedByKind.map { ($0.kind, $0.count) }), forKey: .skippedByKind)
            try c.encode(report.failedFiles, forKey: .failedFiles)
            if listed { try c.encode(report.skipped, forKey: .skipped) }
            if let defaults = report.plainDefaults {
                try c.encode(defaults.group, forKey: .defaultGroup)
                try c.encode(defaults.language, forKey: .defaultLanguage)
                try c.encode(report.defaulted, forKey: .defaulted)
            }
        }
    }
}
