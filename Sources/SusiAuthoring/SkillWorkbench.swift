import Foundation
import SusiBasics
import SusiEngine
import SusiPorts
import SusiReply

/// Skill files an author names, answered and tested in memory with nothing
/// stored: `susi chat --skill` and `susi skills test`. The commands use this
/// instead of the engine, so no module imports SusiEngine.
public final class SkillWorkbench: SkillBench {
    let skills: [Skill]
    /// Made once: libcurl's first use costs more than an answer.
    let fetcher: HTTPConsoleFetcher
    /// The weather service, units and place the weather skill uses.
    let weather: WeatherOptions

    /// Loads `files` (files or folders of `*.txt`) and, with `bundled`, the
    /// skills that ship with susi. Missing or unreadable paths are input errors (66).
    /// With `keepingGoing`, a refused file is listed in `refused` instead of thrown.
    public init(files: [String], bundled: Bool = false, keepingGoing: Bool = false, environment: [String: String],
                currentDirectory: String = Paths.currentDirectory(), weather: WeatherSetup? = nil,
                network: ConsoleNetwork = ConsoleNetwork()) throws {
        var skills: [Skill]
        if keepingGoing {
            let loaded = try SkillFiles.loadKeepingGoing(files, currentDirectory: currentDirectory)
            skills = loaded.skills
            refused = loaded.refused.map(\.description)
        } else {
            skills = try SkillFiles.load(files, currentDirectory: currentDirectory)
            refused = []
        }
        if bundled { skills += try SkillFiles.bundled(environment: environment) }
        self.skills = skills
        fetcher = HTTPConsoleFetcher(environment: environment, network: network)
        self.weather = WeatherOptions(weather)
    }

    /// How many skill files were loaded (with or without examples).
    public var fileCount: Int { skills.count }

    /// Files refused, as `file[:line]: reason` (only when keeping going).
    public let refused: [String]

    /// Problems found while reading the files, as `file:line: reason`.
    public var diagnostics: [String] {
        skills.flatMap { skill in skill.diagnostics.map(\.description) }
    }

    /// A conversation that answers from exactly these skills.
    public func conversation(language: String) -> SkillChat {
        SkillConversation(mind: Mind(skills: skills, language: language), fetcher: fetcher, weather: weather)
    }

    /// Every `!example` of every skill, asked of a mind holding that skill
    /// alone and graded by the engine's one example checker. Each console URL
    /// is fetched once per run, however often the checker asks.
    public func exampleResults() -> [ExampleResult] {
        var options = AskOptions(fetcher: MemoizingConsoleFetcher(fetcher))
        options.weather = weather
        return skills.flatMap { skill in
            Mind(skills: [skill], language: skill.language).checkExamples(of: skill, options: options).map { check in
                ExampleResult(skill: skill, check: check)
            }
        }
    }
}

/// One conversation with a workbench's skills; the memory lives here.
public final class SkillConversation: SkillChat {
    let mind: Mind
    let fetcher: HTTPConsoleFetcher
    let weather: WeatherOptions
    var memory = ConversationMemory()

    init(mind: Mind, fetcher: HTTPConsoleFetcher, weather: WeatherOptions) {
        self.mind = mind
        self.fetcher = fetcher
        self.weather = weather
    }

    public func ask(_ query: String, now: Date, explain: Bool = false) -> Reply {
        var options = AskOptions(fetcher: fetcher, now: now)
        options.weather = weather
        options.explain = explain
        return mind.ask(query, memory: &memory, options: options)
    }
}

extension ExampleResult {
    init(skill: Skill, check: ExampleCheck) {
        let status: Status
        let reason: String?
        switch check.verdict {
        case .exact:
            (status, reason) = (.pass, nil)
        case .noExpect:
            status = .skip
            reason = "no !expect"
        case .unavailable:
            status = .skip
            reason = "the answer needs a service or setting not available here"
        case .noAnswer:
            (status, reason) = (.fail, "no intent of the skill answered")
        case .loose:
            (status, reason) = (.fail, "the answer differs in case, spacing or final punctuation")
        case .substring:
            (status, reason) = (.fail, "the expect is only part of the answer")
        case .different:
            (status, reason) = (.fail, "the answer differs")
        }
        self.init(file: skill.path, line: check.example.line, query: check.example.query, expect: check.example.expect,
                  answer: check.answers.first, status: status, reason: reason)
    }
}
