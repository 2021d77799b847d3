import Foundation
import SusiCLI
import SusiCore
import SusiEngine
import SusiLocal

extension SkillsModule {
    static var testCommand: Command {
        Command(
            name: "test",
            abstract: "Run a skill's own !example / !expect pairs.",
            discussion: """
            Each skill file is loaded on its own, every !example query is asked in a fresh \
            conversation, and the answer is compared with the !expect line. An expect passes when \
            it equals the answer, when it equals one of the answer's random alternatives, or when it \
            matches with '*' standing for any text (for answers that change, such as the time). \
            Folders are searched for *.txt files. Exits 1 when any example fails.
            """,
            examples: [
                Example("susi skills test weather.txt", "Test one skill."),
                Example("susi skills test --bundled", "Test every skill that ships with susi."),
                Example("susi skills test models/general --json", "Test a tree of skills; print JSON."),
            ],
            arguments: [ArgumentSpec("file", "Skill files or folders.", isOptional: true, isRepeating: true,
                                     completion: .file(extensions: ["txt"]))],
            options: [.flag("bundled", "Also test the skills that ship with susi.")],
            run: { invocation, context in try runSkillTests(invocation, context) })
    }

    struct ExampleResult: Encodable, Equatable {
        enum Status: String, Encodable { case pass, fail, skip }
        var file: String
        var line: Int
        var query: String
        var expect: String?
        var answer: String?
        var status: Status
        var reason: String?
    }

    static func runSkillTests(_ invocation: Invocation, _ context: Context) throws {
        let files = invocation.values.strings("file")
        let includeBundled = invocation.values.flag("bundled")
        guard !files.isEmpty || includeBundled else {
            throw UsageError("Name at least one skill file or folder, or pass --bundled.")
        }
        var skills = try SkillFiles.load(files)
        if includeBundled { skills += try SkillFiles.bundled(environment: context.environment) }

        let options = AskOptions(fetcher: HTTPConsoleFetcher(environment: context.environment))
        var results: [ExampleResult] = []
        for skill in skills {
            for diagnostic in skill.diagnostics {
                context.io.stderr.line(UntrustedText.line(diagnostic.description))
            }
            let mind = Mind(skills: [skill], language: skill.language)
            for example in skill.examples {
                results.append(check(example, of: skill, mind: mind, options: options))
            }
        }
        report(results, context)
        if results.contains(where: { $0.status == .fail }) { throw SilentExit(.failure) }
    }

    static func check(_ example: SkillExample, of skill: Skill, mind: Mind, options: AskOptions) -> ExampleResult {
        var result = ExampleResult(file: skill.path, line: example.line, query: example.query, expect: example.expect,
                                   answer: nil, status: .skip, reason: nil)
        guard let expect = example.expect else {
            result.reason = "no !expect"
            return result
        }
        var memory = ConversationMemory()
        let reply = mind.ask(example.query, memory: &memory, options: options)
        result.answer = reply.text
        if reply.isFallback {
            result.status = .fail
            result.reason = "no intent of the skill answered"
            return result
        }
        if reply.text == expect || Glob.matches(expect, reply.text) {
            result.status = .pass
            return result
        }
        if mind.possibleAnswers(example.query, options: options, tries: 64).contains(expect) {
            result.status = .pass
            return result
        }
        result.status = .fail
        result.reason = "the answer differs"
        return result
    }

    static func report(_ results: [ExampleResult], _ context: Context) {
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
        let files = Set(results.map(\.file)).count
        out.line("\(results.count) examples in \(files) skill files: \(passed) passed, \(failed) failed, \(skipped) without !expect")
    }
}

/// `*` matches any text (including none); everything else literally.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard pattern.contains("*") else { return false }
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0
        var star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] != "*", p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
