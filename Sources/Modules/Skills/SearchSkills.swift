import Foundation
import SusiCLI
import SusiCommands
import SusiCore

extension SkillsModule {
    static var searchCommand: Command {
        Command(
            name: "search",
            aliases: ["find"],
            abstract: "Find skills by words, best match first.",
            discussion: """
            A skill matches when every word appears in its name, examples, description or author. \
            Matches in the name come first, then in the examples, then in the description and \
            the author; equal matches are ordered by stars. Piped, each line is \
            NAME<TAB>GROUP<TAB>LANGUAGE<TAB>STARS<TAB>RATINGS<TAB>TITLE, as 'skills list' prints.
            """,
            examples: [
                Example("susi skills search weather", "Skills about the weather."),
                Example("susi skills search tell joke --limit 3", "The three best matches."),
                Example("susi skills search time --json", "As JSON, best first."),
            ],
            arguments: [ArgumentSpec("words", "What to look for.", isRepeating: true)],
            options: [ListKeys.group.spec, ListKeys.language.spec, ListKeys.limit.spec],
            run: { invocation, context in
                let words = invocation.values.strings("words").joined(separator: " ").trimmingCharacters(in: .whitespaces)
                guard !words.isEmpty else { throw UsageError("Say what to look for, e.g. 'susi skills search weather'.") }
                let values = invocation.values
                let service = try context.service()
                let query = SkillQuery(group: try checkedGroup(values[ListKeys.group], service), search: words)
                let languages = try checkedLanguages(values[ListKeys.language], service, context)
                var found = SkillSearch.rank(try skills(query, languages: languages, service), for: words)
                if let limit = values[ListKeys.limit] { found = Array(found.prefix(limit)) }
                try printSkills(found, context, none: "No skill matches '\(UntrustedText.line(words))'.")
            })
    }
}

/// How well a skill matches search words: the name (file name or `::name`)
/// counts most, then the examples, then the description, then the author.
enum SkillSearch {
    static func rank(_ skills: [SkillInfo], for text: String) -> [SkillInfo] {
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let scored = skills.map { (info: $0, score: score($0, words: words, whole: text.lowercased())) }
        return scored.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            let (sa, sb) = (a.info.rating.stars, b.info.rating.stars)
            if sa.average != sb.average { return sa.average > sb.average }
            if sa.total != sb.total { return sa.total > sb.total }
            return (a.info.ref.name.lowercased(), a.info.ref.group) < (b.info.ref.name.lowercased(), b.info.ref.group)
        }.map(\.info)
    }

    static func score(_ info: SkillInfo, words: [String], whole: String) -> Int {
        let names = [info.ref.name.replacingOccurrences(of: "_", with: " ").lowercased(), (info.title ?? "").lowercased()]
        let examples = info.examples.map { $0.lowercased() }
        let description = (info.description ?? "").lowercased()
        let author = (info.author ?? "").lowercased()
        var total = names.contains(whole.trimmingCharacters(in: .whitespaces)) ? 1000 : 0
        for word in words {
            if names.contains(where: { hasWord(word, in: $0) }) { total += 100 }
            else if names.contains(where: { $0.contains(word) }) { total += 60 }
            if examples.contains(where: { hasWord(word, in: $0) }) { total += 30 }
            else if examples.contains(where: { $0.contains(word) }) { total += 20 }
            if hasWord(word, in: description) { total += 8 } else if description.contains(word) { total += 5 }
            if author.contains(word) { total += 2 }
        }
        return total
    }

    /// `word` as a whole word (or the start of one) in `text`.
    static func hasWord(_ word: String, in text: String) -> Bool {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(word) }
    }
}
