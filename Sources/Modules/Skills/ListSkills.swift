import Foundation
import SusiCLI
import SusiCommands
import SusiCore

extension SkillsModule {
    static var listCommand: Command {
        Command(
            name: "list",
            aliases: ["ls"],
            abstract: "List the skills SUSI knows.",
            discussion: "Piped, each line is NAME<TAB>GROUP<TAB>LANGUAGE<TAB>STARS<TAB>RATINGS<TAB>TITLE.",
            examples: [
                Example("susi skills list --group Knowledge", "Skills of one group."),
                Example("susi skills list --search time --sort rating", "Search, best rated first."),
                Example("susi skills list --json --limit 5", "The first five, as JSON."),
            ],
            options: [ListKeys.group.spec, ListKeys.language.spec, ListKeys.search.spec, ListKeys.sort.spec,
                      ListKeys.reverse.spec, ListKeys.limit.spec, ListKeys.offset.spec],
            run: { invocation, context in try listSkills(invocation, context) })
    }

    enum ListKeys {
        static let group = OptionKey.string("group", short: "g", "group", "Only this group (see 'susi skills groups').",
                                            completion: .dynamic("skill-groups"))
        static let language = OptionKey.string("language", short: "l", "code", "Skills in this language (default: the language setting, else en).")
        static let search = OptionKey.string("search", short: "s", "words", "Only skills whose name, title, description, author or examples contain every word.")
        static let sort = OptionKey.string("sort", "order", "Order of the list.", kind: .choice(SkillQuery.Sort.allCases.map(\.rawValue)),
                                           default: SkillQuery.Sort.name.rawValue)
        static let reverse = OptionKey.flag("reverse", short: "r", "Reverse the order.")
        static let limit = OptionKey.integer("limit", short: "n", "count", "Show at most this many.", in: 1...100_000)
        static let offset = OptionKey.integer("offset", "count", "Skip this many first.", in: 0...10_000_000, default: 0)
    }

    static func listSkills(_ invocation: Invocation, _ context: Context) throws {
        let values = invocation.values
        let query = SkillQuery(
            group: values[ListKeys.group],
            language: try values[ListKeys.language] ?? context.catalogueLanguage(),
            search: values[ListKeys.search],
            sort: values[ListKeys.sort].flatMap(SkillQuery.Sort.init(rawValue:)) ?? .name,
            reversed: values[ListKeys.reverse],
            limit: values[ListKeys.limit],
            offset: values[ListKeys.offset] ?? 0)
        let service = try context.service()
        let skills = try service.skills(query)
        if context.globals.json {
            try context.printJSON(skills.map(SkillJSON.init))
            return
        }
        if skills.isEmpty {
            if context.io.stdout.isTTY { context.note("No skills match.") }
            return
        }
        printSkillTable(skills, context)
    }

    /// The table of `skills list` and `skills search`.
    static func printSkillTable(_ skills: [SkillInfo], _ context: Context) {
        let rows = skills.map { skill -> [String] in
            let stars = skill.rating.stars
            let rating = stars.total == 0 ? "-" : String(format: "%.1f", stars.average)
            return [skill.ref.name, skill.ref.group, skill.ref.language, rating, String(stars.total),
                    skill.title ?? skill.description ?? ""]
        }
        context.printTable(Table(columns: ["Name", "Group", "Lang", "Stars", "Ratings", "Title"], rows: rows))
    }

    static var groupsCommand: Command {
        Command(
            name: "groups",
            abstract: "List the skill groups.",
            run: { _, context in
                let groups = try context.service().groups()
                if context.globals.json {
                    try context.printJSON(groups)
                } else {
                    for group in groups { context.stdout.line(UntrustedText.line(group)) }
                }
            })
    }
}
