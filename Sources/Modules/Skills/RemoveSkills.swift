import SusiCLI
import SusiCommands
import SusiCore

extension SkillsModule {
    static var removeCommand: Command {
        Command(
            name: "remove",
            aliases: ["rm"],
            abstract: "Remove imported skills from the embedded SUSI.",
            discussion: "Skills that ship with susi are always there and cannot be removed.",
            examples: [
                Example("susi skills remove Knowledge/en/wikipedia", "Remove one imported skill."),
                Example("susi skills remove --all-imported", "Remove every imported skill."),
            ],
            arguments: [ArgumentSpec("skill", "The skill (see 'susi skills info').", isOptional: true,
                                     completion: .dynamic("skills"))],
            options: [allImported.spec],
            run: { invocation, context in try removeSkills(invocation, context) })
    }

    static let allImported = OptionKey.flag("all-imported", "Remove every skill added with 'susi skills import'.")

    static func removeSkills(_ invocation: Invocation, _ context: Context) throws {
        let name = invocation.values.string("skill")
        let all = invocation.values[allImported]
        let administration = try context.skillAdministration()
        switch (name, all) {
        case (nil, true):
            let count = try administration.removeImportedSkills()
            context.note("Removed \(count) imported skills.")
        case (let name?, false):
            let ref = try SkillResolver.resolve(name, service: try context.service(), language: try context.catalogueLanguage())
            try administration.removeSkill(ref)
            context.note("Removed \(ref.description).")
        default:
            throw UsageError("Name one skill, or pass --all-imported.")
        }
    }
}
