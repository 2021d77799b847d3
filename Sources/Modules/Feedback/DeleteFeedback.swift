import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension FeedbackModule {
    static var deleteCommand: Command {
        Command(
            name: "delete",
            aliases: ["rm"],
            abstract: "Delete your own feedback on a skill.",
            discussion: """
            Removes the feedback you posted on the skill; other people's stays. Needs a login \
            ('susi login'). When you have none, says so and exits with status 1. The SUSI server \
            has no call for this: 'susi serve' and the embedded SUSI can, and another server is \
            reported as unable to (69).
            """,
            examples: [
                Example("susi feedback delete time", "Delete your feedback on the time skill."),
            ],
            arguments: [SkillResolver.skillArgument.spec],
            run: { invocation, context in try delete(invocation, context) })
    }

    static func delete(_ invocation: Invocation, _ context: Context) throws {
        let service = try context.service()
        let ref = try SkillResolver.resolve(invocation.values[SkillResolver.skillArgument], service: service,
                                            language: try context.catalogueLanguage())
        guard let token = try context.token() else { throw ServiceError.loginRequired("Deleting feedback") }
        let name = try skillName(ref, service)
        guard try service.deleteFeedback(ref, token: token) else {
            throw CommandError(.noInput, "You have no feedback on \(name).",
                               hint: "Post some with 'susi feedback \(ShellQuote.word(ref.name)) \"text\"'.")
        }
        if context.globals.json {
            try context.printJSON(DeletedJSON(skill: ref.path, deleted: true))
        } else {
            context.note("Deleted your feedback on \(name).")
        }
    }

    struct DeletedJSON: Encodable {
        var skill: String
        var deleted: Bool
    }
}
