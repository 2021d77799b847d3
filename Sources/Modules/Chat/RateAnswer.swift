import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension ChatModule {
    /// `thumbs`, formerly `rate`: the old name stays an alias, so scripts keep
    /// working, while `susi rate` / `susi skills rate` mean stars for a skill.
    static let verdictArgument = ArgumentKey.required("verdict", "up or down.", kind: .choice(["up", "down"]))

    static var thumbsCommand: Command {
        Command(
            name: "thumbs",
            aliases: ["rate"],
            abstract: "Thumbs up or down for the skill that gave the last answer.",
            discussion: "The same as the thumbs buttons of the SUSI apps. In an interactive chat, type /up or /down.",
            examples: [Example("susi chat thumbs up", "That answer was good.")],
            arguments: [verdictArgument.spec],
            run: { invocation, context in
                let positive = invocation.values[verdictArgument] == "up"
                try rateLastAnswer(positive: positive, context: context)
            })
    }

    /// Rates the skill behind the newest exchange in this server's history.
    static func rateLastAnswer(positive: Bool, context: Context) throws {
        let owner = try ChatTurn.historyOwner(context)
        let history = try context.chatHistory()
        guard let last = try history.exchanges(server: owner.server, identity: owner.identity, limit: 1).last else {
            throw CommandError(.noInput, "There is no answer to rate yet.", hint: "Ask something first with 'susi chat'.")
        }
        try rate(skill: last.skill, query: last.query, answer: last.answer, positive: positive, context: context)
    }

    /// Thumbs for the skill (a path) that answered `query` with `answer`:
    /// `chat thumbs` for the newest stored exchange, /up and /down for the
    /// chat's previous answer.
    static func rate(skill path: String?, query: String, answer: String, positive: Bool, context: Context) throws {
        guard let path, let ref = SkillRef(path: path) else {
            throw CommandError(.failure, "The last answer (\"\(UntrustedText.line(String(answer.prefix(60))))\") did not come from a skill, so there is nothing to rate.")
        }
        try context.service().thumbs(ref, positive: positive, query: query, reply: answer, token: context.token())
        context.note("Thanks! Rated \(ref.description) \(positive ? "up" : "down").")
    }
}
