import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension SkillsModule {
    static let wordsArgument = ArgumentKey.repeating("words", "What to look for.", isOptional: false)

    static var searchCommand: Command {
        Command(
            name: "search",
            aliases: ["find"],
            abstract: "Find skills by words, best match first.",
            discussion: """
            A skill matches when every word appears in its name, title, examples, description or \
            author. More words in the name come first, then in the title, then in the examples, \
            then in the description and the author; equal matches are ordered by stars. On a \
            terminal the MATCHED column says where the words were found (with --json: matched). \
            Piped, each line is NAME<TAB>GROUP<TAB>LANGUAGE<TAB>STARS<TAB>RATINGS<TAB>TITLE, as \
            'skills list' prints.
            """,
            examples: [
                Example("susi skills search weather", "Skills about the weather."),
                Example("susi skills search tell joke --limit 3", "The three best matches."),
                Example("susi skills search time --json", "As JSON, best first."),
            ],
            arguments: [wordsArgument.spec],
            options: [ListKeys.group.spec, ListKeys.language.spec, ListKeys.limit.spec],
            run: { invocation, context in
                let words = invocation.values[wordsArgument].joined(separator: " ").trimmingCharacters(in: .whitespaces)
                guard !words.isEmpty else { throw UsageError("Say what to look for, e.g. 'susi skills search weather'.") }
                let values = invocation.values
                let service = try context.service()
                let query = SkillQuery(group: try checkedGroup(values[ListKeys.group], service, context), search: words)
                let languages = try checkedLanguages(values[ListKeys.language], service, context)
                var found = SkillSearch.rank(try skills(query, languages: languages, service), for: words)
                if let limit = values[ListKeys.limit] { found = Array(found.prefix(limit)) }
                try printSkills(found, context, none: "No skill matches '\(UntrustedText.line(words))'.", search: words)
            })
    }
}

/// How well a skill matches search words, field by field in the order the
/// fields count: the name (the file name a user types), then the title
/// (`::name`), the examples, the description and the author. A skill with
/// more of the words in its name comes first, whatever the other fields
/// hold; ties go to the next field, then to stars.
enum SkillSearch {
    /// The fields in the order they rank, as `matched` names them.
    enum Field: String, CaseIterable {
        case name, title, examples, description, author
    }

    struct Score: Comparable {
        /// Per field (in `Field` order): 2 for each word that starts a word
        /// of it, 1 for each that is only inside one; +4 on the name or title
        /// for the whole search text as the whole field.
        var fields: [Int]

        static func < (a: Score, b: Score) -> Bool { a.fields.lexicographicallyPrecedes(b.fields) }

        /// The fields where a word was found, best first.
        var matched: [Field] { Field.allCases.enumerated().filter { fields[$0.offset] > 0 }.map(\.element) }
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    static func rank(_ skills: [SkillInfo], for text: String) -> [SkillInfo] {
        let words = words(text)
        let whole = words.joined(separator: " ")
        let scored = skills.map { (info: $0, score: score($0, words: words, whole: whole), name: $0.ref.name.lowercased()) }
        return scored.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            let (sa, sb) = (a.info.rating.stars, b.info.rating.stars)
            if sa.average != sb.average { return sa.average > sb.average }
            if sa.total != sb.total { return sa.total > sb.total }
            return (a.name, a.info.ref.group) < (b.name, b.info.ref.group)
        }.map(\.info)
    }

    /// The fields of `info` where a word of `text` was found, best first.
    static func matched(_ info: SkillInfo, for text: String) -> [Field] {
        let words = words(text)
        return score(info, words: words, whole: words.joined(separator: " ")).matched
    }

    static func score(_ info: SkillInfo, words: [String], whole: String) -> Score {
        let name = info.ref.name.replacingOccurrences(of: "_", with: " ").lowercased()
        let title = (info.title ?? "").lowercased()
        let texts: [[String]] = [[name], [title], info.examples.map { $0.lowercased() },
                                 [(info.description ?? "").lowercased()], [(info.author ?? "").lowercased()]]
        var fields = texts.map { field in
            words.reduce(0) { total, word in
                if field.contains(where: { hasWord(word, in: $0) }) { return total + 2 }
                return total + (field.contains(where: { $0.contains(word) }) ? 1 : 0)
            }
        }
        if name == whole { fields[0] += 4 }
        if title == whole { fields[1] += 4 }
        return Score(fields: fields)
    }

    /// `word` as a whole word (or the start of one) in `text`.
    static func hasWord(_ word: String, in text: String) -> Bool {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(word) }
    }
}
