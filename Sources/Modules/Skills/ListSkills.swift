import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension SkillsModule {
    static var listCommand: Command {
        Command(
            name: "list",
            aliases: ["ls"],
            abstract: "List the skills SUSI knows.",
            discussion: """
            Piped, each line is NAME<TAB>GROUP<TAB>LANGUAGE<TAB>STARS<TAB>RATINGS<TAB>TITLE. On a \
            terminal narrower than the table, the title is cut first and the name never is: a name \
            too long for the width gets a line of its own. --search without --sort orders by \
            relevance, as 'skills search' does, and the MATCHED column (with --json: matched) says \
            where the words were found. --source tells the skills that ship with susi from those \
            added with 'susi skills import' (embedded SUSI only).
            """,
            examples: [
                Example("susi skills list --group Knowledge", "Skills of one group."),
                Example("susi skills list --search time --sort rating", "Search, best rated first."),
                Example("susi skills list --source imported --language all", "Every imported skill, in every language."),
                Example("susi skills list --json --limit 5", "The first five, as JSON."),
            ],
            options: [ListKeys.group.spec, ListKeys.language.spec, ListKeys.search.spec, ListKeys.source.spec,
                      ListKeys.sort.spec, ListKeys.reverse.spec, ListKeys.limit.spec, ListKeys.offset.spec],
            run: { invocation, context in try listSkills(invocation, context) })
    }

    /// `--group <Tab>`: the catalogue's groups (a server's as last cached).
    static let groupNames = DynamicCompletion.provider("skill-groups") { _, context in
        guard try Completions.isLocal(context) else { return Completions.cached(.skillGroups, context) }
        return try context.service().groups().map { CompletionCandidate($0) }
    }

    /// `--language <Tab>`: the catalogue's languages, and all.
    static let languageNames = DynamicCompletion.provider("languages") { _, context in
        let known = try Completions.isLocal(context) ? try context.service().languages() : CompletionCache.load(
            .languages, server: try context.serverName(), paths: context.paths)
        return known.map { CompletionCandidate($0) } + [CompletionCandidate("all", "every language")]
    }

    enum ListKeys {
        static let group = OptionKey.string("group", short: "g", "group", "Only this group (see 'susi skills groups').",
                                            completion: .dynamic(groupNames))
        static let language = OptionKey.string("language", short: "l", "code", "Skills in this language, or all (default: the language setting, else en).",
                                               completion: .dynamic(languageNames))
        static let search = OptionKey.string("search", short: "s", "words", "Only skills whose name, title, description, author or examples contain every word.")
        static let source = OptionKey.string("source", "where", "Only the skills that ship with susi (bundled), those added with 'skills import' (imported), or all.",
                                             kind: .choice(SkillQuery.Source.allCases.map(\.rawValue)),
                                             default: SkillQuery.Source.all.rawValue)
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
        let relevance = search != nil && !values.isSet(ListKeys.sort)
        let query = SkillQuery(
            group: try checkedGroup(values[ListKeys.group], service, context),
            search: search,
            sort: values[ListKeys.sort].flatMap(SkillQuery.Sort.init(rawValue:)) ?? .name,
            reversed: values[ListKeys.reverse],
            limit: relevance ? nil : values[ListKeys.limit],
            offset: relevance ? 0 : values[ListKeys.offset] ?? 0,
            source: try checkedSource(values[ListKeys.source], context))
        var skills = try skills(query, languages: try checkedLanguages(values[ListKeys.language], service, context), service)
        if relevance, let search {
            skills = SkillSearch.rank(skills, for: search)
            if values[ListKeys.reverse] { skills.reverse() }
            skills = Array(skills.dropFirst(values[ListKeys.offset] ?? 0).prefix(values[ListKeys.limit] ?? Int.max))
        }
        // A server's whole list is what Tab offers for it later (completion never asks the network).
        if query.group == nil, search == nil, query.offset == 0, query.limit == nil, query.source == .all,
           case let .url(server)? = try? context.server() {
            CompletionCache.store(.skills, skills.map(\.ref.name), server: server, paths: context.paths)
        }
        // Piped, an empty list is simply empty.
        try context.paged {
            try printSkills(skills, context, none: context.io.stdout.isTTY ? "No skills match." : nil, search: search)
        }
    }

    /// `--source`: anything but all needs a backend that knows which skills
    /// it was given (the embedded SUSI); a server's are all its own.
    static func checkedSource(_ typed: String?, _ context: Context) throws -> SkillQuery.Source {
        let source = typed.flatMap(SkillQuery.Source.init(rawValue:)) ?? .all
        guard source != .all, (try? context.skillAdministration()) == nil else { return source }
        throw UsageError("--source \(source.rawValue) needs the embedded SUSI: \(try context.service().location) does not say which skills ship with susi.",
                         hint: "Use 'susi --server local skills list --source \(source.rawValue)', or leave --source out.")
    }

    /// Skills as `skills list`, `search` and `bookmarks` print them: JSON
    /// with --json, else the table, or `none` (a note) when there are none.
    /// With `search`, each skill also says where the words were found.
    static func printSkills(_ skills: [SkillInfo], _ context: Context, none: String?, search: String? = nil) throws {
        if context.globals.json {
            if let search {
                try context.printJSON(skills.map { SearchJSON(skill: SkillJSON($0), matched: SkillSearch.matched($0, for: search)) })
            } else {
                try context.printJSON(skills.map(SkillJSON.init))
            }
            return
        }
        guard !skills.isEmpty else {
            if let none { context.note(none) }
            return
        }
        printSkillTable(skills, context, search: context.io.stdout.isTTY ? search : nil)
    }

    /// A found skill's JSON: the skill's fields and `matched`, the fields
    /// where the words were found, best first.
    struct SearchJSON: Encodable {
        var skill: SkillJSON
        var matched: [SkillSearch.Field]

        enum CodingKeys: String, CodingKey { case matched }

        func encode(to encoder: Encoder) throws {
            try skill.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(matched.map(\.rawValue), forKey: .matched)
        }
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

    /// A catalogue listing fetched from a SUSI server is what Tab offers for
    /// that server later (completion never asks the network): every fetch of
    /// a kind the completion providers read writes it here.
    static func remembered(_ kind: CompletionCache.Kind, _ context: Context,
                           _ fetch: () throws -> [String]) throws -> [String] {
        let values = try fetch()
        if case let .url(server)? = try? context.server() {
            CompletionCache.store(kind, values, server: server, paths: context.paths)
        }
        return values
    }

    /// The group as the catalogue spells it (any case), or a usage error
    /// with the closest group.
    static func checkedGroup(_ typed: String?, _ service: SusiService, _ context: Context) throws -> String? {
        guard let typed else { return nil }
        let groups = try remembered(.skillGroups, context) { try service.groups() }
        if let known = groups.first(where: { $0 == typed }) ?? groups.first(where: { $0.lowercased() == typed.lowercased() }) {
            return known
        }
        throw unknown("group", typed, among: groups, list: "susi skills groups")
    }

    /// The languages to list: the one given (checked against the
    /// catalogue's), every one for `all`, else the language setting's.
    static func checkedLanguages(_ typed: String?, _ service: SusiService, _ context: Context) throws -> [String] {
        guard let typed else { return [try context.catalogueLanguage()] }
        let languages = try remembered(.languages, context) { try service.languages() }
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

    /// The table of `skills list` and `skills search`; with `search` (on a
    /// terminal only: the piped columns stay fixed) a MATCHED column names
    /// the field that ranked each row. The name is never cut: it is what
    /// 'skills info' and 'chat --skill' take.
    static func printSkillTable(_ skills: [SkillInfo], _ context: Context, search: String? = nil) {
        let rows = skills.map { skill -> [String] in
            let stars = skill.rating.stars
            let rating = stars.total == 0 ? "-" : String(format: "%.1f", stars.average)
            let row = [skill.ref.name, skill.ref.group, skill.ref.language, rating, String(stars.total),
                       skill.title ?? skill.description ?? ""]
            guard let search else { return row }
            return row + [SkillSearch.matched(skill, for: search).map(\.rawValue).joined(separator: ", ")]
        }
        let columns = ["Name", "Group", "Lang", "Stars", "Ratings", "Title"] + (search == nil ? [] : ["Matched"])
        context.printTable(Table(columns: columns, rows: rows, whole: [0], shrinkFirst: [5]))
    }

    static var groupsCommand: Command {
        Command(
            name: "groups",
            abstract: "List the skill groups.",
            run: { _, context in
                let service = try context.service()
                let groups = try remembered(.skillGroups, context) { try service.groups() }
                if context.globals.json {
                    try context.printJSON(groups)
                } else {
                    for group in groups { context.stdout.line(UntrustedText.line(group)) }
                }
            })
    }
}
