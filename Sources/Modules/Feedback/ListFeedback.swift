import SusiCLI
import SusiCommands
import SusiCore

extension FeedbackModule {
    static var listCommand: Command {
        Command(
            name: "list",
            aliases: ["ls"],
            abstract: "Show the feedback on a skill, newest first.",
            discussion: """
            Each entry shows its author's user name (or the start of their email address), the \
            date, the stars the author gave the skill and the text. No login is needed. With \
            --json, an array of entries with the SUSI server's field names: email, feedback, \
            timestamp (ISO 8601, UTC), user_name, rating (0 when the author has not rated).
            """,
            examples: [
                Example("susi feedback list time", "What people wrote about the time skill."),
                Example("susi feedback list time --limit 3", "Only the three newest."),
                Example("susi feedback list time --json | jq -r '.[].feedback'", "Only the texts."),
            ],
            arguments: [SkillResolver.skillArgument.spec],
            options: [limit.spec],
            run: { invocation, context in try list(invocation, context) })
    }

    static let limit = OptionKey.integer("limit", short: "n", "count", "Show only the newest entries.", in: 1...100_000)

    static func list(_ invocation: Invocation, _ context: Context) throws {
        let service = try context.service()
        let ref = try SkillResolver.resolve(invocation.values[SkillResolver.skillArgument], service: service,
                                            language: try context.catalogueLanguage())
        var entries = try service.feedback(ref)
        if let count = invocation.values[limit] { entries = Array(entries.prefix(count)) }
        if context.globals.json {
            try context.printJSON(entries.map(FeedbackView.JSON.init))
            return
        }
        guard !entries.isEmpty else {
            context.note("No feedback on \(try skillName(ref, service)) yet.")
            return
        }
        context.stdout.write(FeedbackView.render(entries, style: context.style, width: context.width))
    }
}
