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
        static let language = OptionKey.string("language", short: "l", "code", "Skills in this language, or all (default: the language setting, else en).",
                                               completion: .dynamic("languages"))
        static let search = OptionKey.string("search", short: "s", "words", "Only skills whose name, title, description, author or examples contain every word.")
        static let sort = OptionKey.string("sort", "order", "Order of the list.", kind: .choice(SkillQuery.Sort.allCases.map(\.rawValue)),
                                           default: SkillQuery.Sort.name.rawValue)
        static let reverse = OptionKey.flag("reverse", short: "r", "Reverse the order.")
        static let limit = OptionKey.integer("limit", short: "n", "count", "Show at most this many.", in: 1...100_000)
        static let offset = OptionKey.integer("offset", "count", "Skip this many first.", in: 0...10_000_000, default: 0)
    }

    static func listSkills(_ invocation: Invocation, _ context: Context) throws {
        let values = invocation.values
        let service = try context.service()
        let search = values[ListKeys.search]
        // Searching without an explicit --sort orders by relevance, as 'skills search' does.
        let relevance = search != nil && !values.isSet(ListKeys.sort.name)
        let query = SkillQuery(
            group: try checkedGroup(values[ListKeys.group], service),
            search: search,
            sort: values[ListKeys.sort].flatMap(SkillQuery.Sort.init(rawValue:)) ?? .name,
            reversed: values[ListKeys.reverse],
            limit: relevance ? nil : values[ListKeys.limit],
            offset: relevance ? 0 : values[ListKeys.offset] ?? 0)
        var skills = try skills(query, languages: try checkedLanguages(values[ListKeys.language], service, context), service)
        if relevance, let search {
            skills = SkillSearch.rank(skills, for: search)
            if values[ListKeys.reverse] { skills.reverse() }
            skills = Array(skills.dropFirst(values[ListKeys.offset] ?? 0).prefix(values[ListKeys.limit] ?? Int.max))
        }
        // A server's whole list is what Tab offers for it later (completion never asks the network).
        if query.group == nil, search == nil, query.offset == 0, query.limit == nil,
           let server = try? context.serverName(), server != "local" {
            CompletionCache.store("skills", skills.map(\.ref.name), server: server, paths: context.paths)
        }
        // Piped, an empty list is simply empty.
        try context.paged { try printSkills(skills, context, none: context.io.stdout.isTTY ? "No skills match." : nil) }
    }

    /// Skills as `skills list`, `search` and `bookmarks` print them: JSON
    /// with --json, else the table, or `none` (a note) when there are none.
    static func printSkills(_ skills: [SkillInfo], _ context: Context, none: String?) throws {
        if context.globals.json {
            try context.printJSON(skills.map(SkillJSON.init))
            return
        }
        guard !skills.isEmpty else {
            if let none { context.note(none) }
            return
        }
        printSkillTable(skills, context)
    }

    /// `query` in each of `languages` (several only for `--language all`).
    static func skills(_ query: SkillQuery, languages: [String], _ service: SusiService) throws -> [SkillInfo] {
        guard languages.count > 1 else {
            var one = query
            one.language = languages.first ?? "en"
            return try service.skills(one)
        }
        var unpaged = query
        (unpaged.limit, unpaged.offset) = (nil, 0)
        var merged: [SkillInfo] = []
        for language in languages {
            unpaged.language = language
            merged += try service.skills(unpaged)
        }
        let ordered = query.ordered(merged)
        return Array(ordered.dropFirst(query.offset).prefix(query.limit ?? Int.max))
    }

    /// The group as the catalogue spells it (any case), or a usage error
    /// with the closest group.
    static func checkedGroup(_ typed: String?, _ service: SusiService) throws -> String? {
        guard let typed else { return nil }
        let groups = try service.groups()
        if let known = groups.first(where: { $0 == typed }) ?? groups.first(where: { $0.lowercased() == typed.lowercased() }) {
            return known
        }
        throw unknown("group", typed, among: groups, list: "susi skills groups")
    }

    /// The languages to list: the one given (checked against the
    /// catalogue's), every one for `all`, else the language setting's.
    static func checkedLanguages(_ typed: String?, _ service: SusiService, _ context: Context) throws -> [String] {
        guard let typed else { return [try context.catalogueLanguage()] }
        let languages = try service.languages()
        if typed.lowercased() == "all" { return languages.isEmpty ? ["en"] : languages }
        if let known = languages.first(where: { $0.lowercased() == typed.lowercased() }) { return [known] }
        throw unknown("language", typed, among: languages + ["all"], list: nil)
    }

    static func unknown(_ what: String, _ typed: String, among known: [String], list: String?) -> UsageError {
        let shown = UntrustedText.line(typed)
        if let best = Suggestions.closest(to: typed, among: known) {
            return UsageError("No skill \(what) '\(shown)'. Did you mean '\(UntrustedText.line(best))'?")
        }
        let names = known.sorted().map(UntrustedText.line).joined(separator: ", ")
        return UsageError("No skill \(what) '\(shown)'. " + (list.map { "See '\($0)'." } ?? "Known: \(names)."))
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
