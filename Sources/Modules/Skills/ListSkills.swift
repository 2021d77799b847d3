import Foundation
import SusiCLI
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
            options: [
                .value("group", short: "g", "group", "Only this group (see 'susi skills groups').", completion: .dynamic("skill-groups")),
                .value("language", short: "l", "code", "Skills in this language (default: the language setting, else en)."),
                .value("search", short: "s", "words", "Only skills whose name, title, description, author or examples contain every word."),
                .value("sort", "order", "Order of the list.", kind: .choice(SkillQuery.Sort.allCases.map(\.rawValue)), default: "name"),
                .flag("reverse", short: "r", "Reverse the order."),
                .value("limit", short: "n", "count", "Show at most this many.", kind: .integer(min: 1, max: 100_000)),
                .value("offset", "count", "Skip this many first.", kind: .integer(min: 0, max: 10_000_000), default: "0"),
            ],
            run: { invocation, context in try listSkills(invocation, context) })
    }

    static func listSkills(_ invocation: Invocation, _ context: Context) throws {
        let values = invocation.values
        let query = SkillQuery(
            group: values.string("group"),
            language: try values.string("language") ?? defaultLanguage(context),
            search: values.string("search"),
            sort: SkillQuery.Sort(rawValue: values.string("sort") ?? "name") ?? .name,
            reversed: values.flag("reverse"),
            limit: values.int("limit"),
            offset: values.int("offset") ?? 0)
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
        let rows = skills.map { skill -> [String] in
            let stars = skill.rating.stars
            let rating = stars.total == 0 ? "-" : String(format: "%.1f", stars.average)
            return [skill.ref.name, skill.ref.group, skill.ref.language, rating, String(stars.total),
                    skill.title ?? skill.description ?? ""]
        }
        context.printTable(Table(columns: ["Name", "Group", "Lang", "Stars", "Ratings", "Title"], rows: rows))
    }

    /// The `language` setting's base code, else English (the catalogue's
    /// own language, not the locale's: the bundled skills are English).
    static func defaultLanguage(_ context: Context) throws -> String {
        try context.configuredLanguage() ?? "en"
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

/// The JSON of one skill in `skills list` and `skills info`.
struct SkillJSON: Encodable {
    var model: String
    var group: String
    var language: String
    var name: String
    var path: String
    var title: String?
    var description: String?
    var author: String?
    var authorURL: String?
    var examples: [String]
    var dynamicContent: Bool
    var intents: Int
    var usageCount: Int
    var rating: SkillRating

    init(_ info: SkillInfo) {
        model = info.ref.model
        group = info.ref.group
        language = info.ref.language
        name = info.ref.name
        path = info.ref.path
        title = info.title
        description = info.description
        author = info.author
        authorURL = info.authorURL
        examples = info.examples
        dynamicContent = info.dynamicContent
        intents = info.intentCount
        usageCount = info.usageCount
        rating = info.rating
    }

    enum CodingKeys: String, CodingKey {
        case model, group, language, name, path, title, description, author, authorURL = "author_url", examples
        case dynamicContent = "dynamic_content", intents, usageCount = "usage_count", rating
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(model, forKey: .model)
        try c.encode(group, forKey: .group)
        try c.encode(language, forKey: .language)
        try c.encode(name, forKey: .name)
        try c.encode(path, forKey: .path)
        try c.encode(title, forKey: .title)
        try c.encode(description, forKey: .description)
        try c.encode(author, forKey: .author)
        try c.encode(authorURL, forKey: .authorURL)
        try c.encode(examples, forKey: .examples)
        try c.encode(dynamicContent, forKey: .dynamicContent)
        try c.encode(intents, forKey: .intents)
        try c.encode(usageCount, forKey: .usageCount)
        try c.encode(rating, forKey: .rating)
    }
}
