import Foundation
import SusiBasics
import SusiEngine
import SusiPorts
import SusiReply

/// Skill files an author names, answered and tested in memory with nothing
/// stored: `susi chat --skill` and `susi skills test`. The commands use this
/// instead of the engine, so no module imports SusiEngine.
public final class SkillWorkbench {
    let skills: [Skill]
    /// Made once: libcurl's first use costs more than an answer.
    let fetcher: HTTPConsoleFetcher
    /// The weather service, units and place the weather skill uses.
    let weather: WeatherOptions

    /// Loads `files` (files or folders of `*.txt`) and, with `bundled`, the
    /// skills that ship with susi. Missing or unreadable paths are input errors (66).
    public init(files: [String], bundled: Bool = false, environment: [String: String],
                currentDirectory: String = Paths.currentDirectory(), weather: WeatherSetup? = nil,
                network: ConsoleNetwork = ConsoleNetwork()) throws {
        var skills = try SkillFiles.load(files, currentDirectory: currentDirectory)
        if bundled { skills += try SkillFiles.bundled(environment: environment) }
        self.skills = skills
        fetcher = HTTPConsoleFetcher(environment: environment, network: network)
        self.weather = WeatherOptions(weather)
    }

    /// How many skill files were loaded (with or without examples).
    public var fileCount: Int { skills.count }

    /// Problems found while reading the files, as `file:line: reason`.
    public var diagnostics: [String] {
        skills.flatMap { skill in skill.diagnostics.map(\.description) }
    }

    /// A conversation that answers from exactly these skills.
    public func conversation(language: String) -> SkillConversation {
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
public final class SkillConversation {
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

/// The outcome of one `!example` / `!expect` pair, as `susi skills test` reports it.
public struct ExampleResult: Encodable, Equatable, Sendable {
    public enum Status: String, Encodable, Sendable { case pass, fail, skip }
    public var file: String
    public var line: Int
    public var query: String
    public var expect: String?
    /// The first possible answer, when the skill answered.
    public var answer: String?
    public var status: Status
    public var reason: String?

    init(skill: Skill, check: ExampleCheck) {
        file = skill.path
        line = check.example.line
        query = check.example.query
        expect = check.example.expect
        answer = check.answers.first
        switch check.verdict {
        case .exact:
            status = .pass
        case .noExpect:
            status = .skip
            reason = "no !expect"
        case .unavailable:
            status = .skip
            reason = "the answer needs a service or setting not available here"
        case .noAnswer:
            status = .fail
            reason = "no intent of the skill answered"
        case .loose:
            status = .fail
            reason = "the answer differs in case, spacing or final punctuation"
        case .substring:
            status = .fail
            reason = "the expect is only part of the answer"
        case .different:
            status = .fail
            reason = "the answer differs"
        }
    }
}
