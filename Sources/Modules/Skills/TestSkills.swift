import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

extension SkillsModule {
    static let fileArgument = ArgumentKey.repeating("file", "Skill files or folders.", completion: .file(extensions: ["txt"]))

    static var testCommand: Command {
        Command(
            name: "test",
            abstract: "Run a skill's own !example / !expect pairs.",
            discussion: """
            Each skill file is loaded on its own, every !example query is asked in a fresh \
            conversation, and the answer is compared with the !expect line. An expect passes when \
            it equals the answer, when it equals one of the answer's random alternatives, or when it \
            matches with '*' standing for any text (for answers that change, such as the time). \
            Folders are searched for *.txt files. A file that cannot be used (a link out of the folder, \
            binary data, not UTF-8) is reported and the others are tested, as 'skills import' does; the \
            summary comes last. Exits 65 when any file was refused or any example failed.
            """,
            examples: [
                Example("susi skills test weather.txt", "Test one skill."),
                Example("susi skills test --bundled", "Test every skill that ships with susi."),
                Example("susi skills test models/general --json", "Test a tree of skills; print JSON."),
            ],
            arguments: [fileArgument.spec],
            options: [bundled.spec],
            run: { invocation, context in try runSkillTests(invocation, context) })
    }

    static let bundled = OptionKey.flag("bundled", "Also test the skills that ship with susi.")

    static func runSkillTests(_ invocation: Invocation, _ context: Context) throws {
        let files = invocation.values[fileArgument]
        let includeBundled = invocation.values[bundled]
        guard !files.isEmpty || includeBundled else {
            throw UsageError("Name at least one skill file or folder, or pass --bundled.")
        }
        if let server = context.globals.server, !ServerChoice(server).isEmbedded {
            context.note("'skills test' runs the examples on this machine, not on \(server).")
        }
        let workbench = try context.skillAuthoring().testWorkbench(files: files, bundled: includeBundled)
        for refusal in workbench.refused { context.io.stderr.line(UntrustedText.line(refusal)) }
        for diagnostic in workbench.diagnostics { context.io.stderr.line(UntrustedText.line(diagnostic)) }
        let results = workbench.exampleResults()
        if results.isEmpty, !context.globals.json {
            context.note("No !example lines to test. Under an intent, add '!example:QUERY' and '!expect:ANSWER' lines.")
        }
        report(results, files: workbench.fileCount, refused: workbench.refused.count, context)
        if !workbench.refused.isEmpty {
            throw CommandError(.dataError, "\(TextLayout.counted(workbench.refused.count, "file")) could not be tested (listed above); the rest was.")
        }
        if results.contains(where: { $0.status == .fail }) { throw SilentExit(.dataError) }
    }

    static func report(_ results: [ExampleResult], files: Int, refused: Int = 0, _ context: Context) {
        if context.globals.json {
            try? context.printJSON(results)
            return
        }
        let style = context.style
        let out = context.stdout
        for result in results {
            let place = "\(result.file):\(result.line)"
            switch result.status {
            case .pass:
                if context.globals.verbose { out.line(style.green("PASS") + " \(UntrustedText.line(place))  \(UntrustedText.line(result.query))") }
            case .skip:
                if context.globals.verbose { out.line(style.yellow("SKIP") + " \(UntrustedText.line(place))  \(UntrustedText.line(result.query)) (\(UntrustedText.line(result.reason ?? "")))") }
            case .fail:
                out.line(style.red("FAIL") + " \(UntrustedText.line(place))  \(UntrustedText.line(result.query))")
                out.line("     expected: \(UntrustedText.line(result.expect ?? ""))")
                out.line("     got:      \(UntrustedText.line(result.answer ?? ""))" + (result.reason.map { "  (\(UntrustedText.line($0)))" } ?? ""))
            }
        }
        let passed = results.filter { $0.status == .pass }.count
        let failed = results.filter { $0.status == .fail }.count
        let skipped = results.filter { $0.status == .skip }.count
        out.line("\(TextLayout.counted(results.count, "example")) in \(TextLayout.counted(files, "skill file")): \(passed) passed, \(failed) failed, \(skipped) without !expect"
                 + (refused > 0 ? ", \(refused) refused" : ""))
    }
}
