import SusiCLI
import SusiCommands
import SusiCore

extension SkillsModule {
    static let removedSkillArgument = ArgumentKey.optional(
        "skill", "The skill (see 'susi skills info').", completion: .dynamic(Completions.skills))

    static var removeCommand: Command {
        Command(
            name: "remove",
            aliases: ["rm"],
            abstract: "Remove imported skills from the embedded SUSI.",
            discussion: """
            Skills that ship with susi are always there and cannot be removed. --all-imported asks \
            first on a terminal; in scripts it needs --yes.
            """,
            examples: [
                Example("susi skills remove Knowledge/en/wikipedia", "Remove one imported skill."),
                Example("susi skills remove --all-imported", "Remove every imported skill (asks first)."),
                Example("susi skills remove --all-imported --yes", "The same in a script, without asking."),
            ],
            arguments: [removedSkillArgument.spec],
            options: [allImported.spec, removeYes.spec],
            relations: [.requires("yes", ["all-imported"])],
            run: { invocation, context in try removeSkills(invocation, context) })
    }

    static let allImported = OptionKey.flag("all-imported", "Remove every skill added with 'susi skills import'.")
    static let removeYes = OptionKey.flag("yes", short: "y", "Do not ask before removing every imported skill (needed with --all-imported when not on a terminal).")

    static func removeSkills(_ invocation: Invocation, _ context: Context) throws {
        let name = invocation.values[removedSkillArgument]
        let all = invocation.values[allImported]
        let administration = try context.skillAdministration()
        switch (name, all) {
        case (nil, true):
            guard try Confirmation.destructive(
                "Remove every imported skill from the embedded SUSI?", action: "Removing every imported skill from the embedded SUSI",
                yes: invocation.values[removeYes], declined: "Nothing was removed.", context: context) else { return }
            let count = try administration.removeImportedSkills()
            context.note("Removed \(count) imported \(count == 1 ? "skill" : "skills").")
        case (let name?, false):
            let ref = try SkillResolver.resolve(name, service: try context.service(), language: try context.catalogueLanguage())
            try administration.removeSkill(ref)
            context.note("Removed \(ref.description).")
        default:
            throw UsageError("Name one skill, or pass --all-imported.")
        }
    }
}
