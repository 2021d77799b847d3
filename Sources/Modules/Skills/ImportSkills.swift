import Foundation
import SusiCLI
import SusiCommands
import SusiCore

extension SkillsModule {
    static var importCommand: Command {
        Command(
            name: "import",
            abstract: "Compile a tree of skill files into the embedded SUSI.",
            discussion: """
            The folder holds (or is) a models/<model>/<group>/<language>/<skill>.txt tree, such as \
            a copy of the public SUSI skill repository. Every skill is compiled into the skill index \
            of the embedded SUSI, so 'susi chat' answers from it without reading the files again. \
            Importing again replaces the skills with the same path. Skipped files and intents are \
            listed on standard error as file:line: reason (file: reason for a whole file). Bundled \
            skills are never replaced. Symbolic links are followed only to regular files inside the \
            tree; links out of it, FIFOs, devices, unreadable and binary files are skipped, the rest \
            is imported, and the exit status is 65.

            When several skills could answer a query, a higher --priority is tried first; within one \
            priority the bundled skills come before imported ones, then the SUSI server's own ranking \
            decides. Importing again sets the priority of the skills imported.
            """,
            examples: [
                Example("susi skills import ~/susi_skill_data", "Add every public skill."),
                Example("susi skills import models --json", "Print the counts as JSON."),
                Example("susi skills import --priority high my_skills", "Let these skills answer before the bundled ones."),
            ],
            arguments: [ArgumentSpec("folder", "The skill tree (its models folder, or the folder holding it).",
                                     completion: .directory)],
            options: [priority.spec],
            run: { invocation, context in try importSkills(invocation, context) })
    }

    static let priority = OptionKey.string(
        "priority", "level", "Rank these skills low, normal or high against the others (default normal).",
        kind: .choice(SkillPriority.allCases.map(\.rawValue)), default: SkillPriority.normal.rawValue)

    static func importSkills(_ invocation: Invocation, _ context: Context) throws {
        let rank = invocation.values[priority].flatMap(SkillPriority.init(rawValue:)) ?? .normal
        let report = try SkillImport.run(invocation.values.string("folder") ?? "", context, progress: false, priority: rank)
        if context.globals.json {
            try context.printJSON(report)
            if report.failedFiles > 0 { throw partialFailure(report) }
            return
        }
        let rows = report.counts.map { [$0.group, $0.language, String($0.skills), String($0.intents)] }
        context.printTable(Table(columns: ["Group", "Lang", "Skills", "Intents"], rows: rows))
        let ranked = rank == .normal ? "" : " at \(rank.rawValue) priority"
        context.note("Imported \(report.skills) skills with \(report.intents) intents\(ranked); \(report.skipped.count) files or intents skipped.")
        if report.failedFiles > 0 { throw partialFailure(report) }
    }

    static func partialFailure(_ report: SkillImportReport) -> CommandError {
        CommandError(.dataError, "\(TextLayout.counted(report.failedFiles, "file")) could not be imported (listed above); the rest was.")
    }
}
