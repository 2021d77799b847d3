import Foundation
import SusiBasics
import SusiEngine
import SusiPorts
import SusiReply

/// Skill files tried on a server: their text goes with each query as
/// chat.json's `instant` parameter (`chat --skill FILE --on-server`), and
/// the server answers from them first, from its own skills otherwise.
public enum InstantSkillText {
    /// The files' text as one skill (blank lines between files), within
    /// `ChatRequest.instantLimit`. Unreadable files are refused as
    /// `SkillFiles.load` refuses them (65/66).
    public static func read(_ paths: [String], currentDirectory: String = Paths.currentDirectory()) throws -> String {
        var texts: [String] = []
        for file in try SkillFiles.expand(paths, currentDirectory: currentDirectory) {
            do throws(SkillFileRefusal) {
                texts.append(try SkillFileWalker.readText(file))
            } catch {
                throw SkillFiles.refused(error, more: 0)
            }
        }
        let text = texts.joined(separator: "\n\n")
        guard text.count <= ChatRequest.instantLimit else {
            throw CommandError(.dataError, "The skill files hold \(text.count) characters, more than the \(ChatRequest.instantLimit) one request may send to a server.",
                               hint: "Name fewer files, or leave --on-server out to run them on this machine.")
        }
        return text
    }

    /// True when the reply's answer came from the skill sent with the request.
    public static func answered(_ reply: Reply) -> Bool {
        reply.answers.contains { InstantSkill.answered($0.skills) }
    }
}

extension SkillConversation {
    /// Whether an intent of these skills would answer `query` here, given
    /// this conversation's memory (which stays as it is).
    public func matches(_ query: String, now: Date) -> Bool {
        var options = AskOptions(fetcher: fetcher, now: now)
        options.weather = weather
        // As a server's instant skill matches: as typed (issue 31's stages are ours).
        options.normalise = false
        options.fuzzy = false
        return mind.explain(query, memory: memory, options: options) != nil
    }
}

/// The skill-authoring port: workbenches made with the user's weather
/// setup and console network, asked for only when files are loaded.
public struct WorkbenchAuthoring: SkillAuthoring {
    let environment: [String: String]
    let weather: () throws -> WeatherSetup?
    let network: () throws -> ConsoleNetwork

    public init(environment: [String: String], weather: @escaping () throws -> WeatherSetup?,
                network: @escaping () throws -> ConsoleNetwork) {
        self.environment = environment
        self.weather = weather
        self.network = network
    }

    public func workbench(files: [String], bundled: Bool) throws -> SkillBench {
        try SkillWorkbench(files: files, bundled: bundled, environment: environment, weather: try weather(), network: try network())
    }

    public func testWorkbench(files: [String], bundled: Bool) throws -> SkillBench {
        try SkillWorkbench(files: files, bundled: bundled, keepingGoing: true, environment: environment,
                           weather: try weather(), network: try network())
    }

    public func instantText(_ paths: [String]) throws -> String {
        try InstantSkillText.read(paths)
    }

    public func answeredFromInstant(_ reply: Reply) -> Bool {
        InstantSkillText.answered(reply)
    }
}
