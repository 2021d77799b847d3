import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// Importing a skill tree into the embedded SUSI, for `susi skills import`
/// and `susi onboard`'s skills step: the folder as typed (relative to the
/// current directory), a status line while the index is built, and the
/// skipped files, intents and lines listed on stderr, or counted by kind.
public enum SkillImport {
    /// The folder as an absolute path.
    public static func absolute(_ typed: String) -> String {
        typed.hasPrefix("/") ? typed : Paths.currentDirectory() + "/" + typed
    }

    /// Imports `typed`; with `progress`, on a terminal a spinner names the
    /// folder while it runs. With `listSkipped`, each skip is a line on
    /// stderr (`file:line: reason`); else the caller counts them
    /// (`skippedSummary`).
    public static func run(_ typed: String, _ context: Context, progress: Bool,
                           priority: SkillPriority = .normal, defaults: SkillImportDefaults = SkillImportDefaults(),
                           listSkipped: Bool = true) throws -> SkillImportReport {
        let administration = try context.skillAdministration()
        let spinner = Spinner("Importing skills from \(UntrustedText.line(typed))", on: context.stderr,
                              enabled: progress && !context.globals.quiet, environment: context.environment)
        spinner.start()
        let report: SkillImportReport
        do {
            report = try administration.importSkills(fromTree: absolute(typed), display: typed, priority: priority, defaults: defaults)
        } catch {
            spinner.stop()
            throw error
        }
        spinner.stop()
        if listSkipped {
            for skip in report.skipped { context.io.stderr.line(UntrustedText.line(skip.description)) }
        }
        return report
    }

    /// "212 skipped or ignored: !javascript intent (180), unreadable file (2)",
    /// most first; nil when nothing was.
    public static func skippedSummary(_ report: SkillImportReport) -> String? {
        guard !report.skipped.isEmpty else { return nil }
        let kinds = report.skippedByKind.map { "\($0.label) (\($0.count))" }.joined(separator: ", ")
        return "\(report.skipped.count) skipped or ignored: \(kinds)."
    }
}
