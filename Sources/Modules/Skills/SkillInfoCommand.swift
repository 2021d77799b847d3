import Foundation
import SusiCLI
import SusiCore

extension SkillsModule {
    static var infoCommand: Command {
        Command(
            name: "info",
            aliases: ["show"],
            abstract: "Show a skill's details, examples and ratings.",
            discussion: """
            A skill is named by its file name ('time'), by group and name ('Knowledge/time'), by \
            group, language and name ('Knowledge/en/time'), or by its path. A bare name that \
            several groups share is refused with the candidates listed.
            """,
            examples: [
                Example("susi skills info time", "What the time skill does and how it is rated."),
                Example("susi skills info Knowledge/time --text", "Print the skill's source."),
            ],
            arguments: [ArgumentSpec("skill", "The skill.", completion: .dynamic("skills"))],
            options: [.flag("text", "Print the skill file itself instead.")],
            run: { invocation, context in
                let service = try context.service()
                let ref = try SkillResolver.resolve(invocation.values.string("skill") ?? "", service: service,
                                                    language: try defaultLanguage(context))
                if invocation.values.flag("text") {
                    let text = try service.skillText(ref)
                    if context.globals.json {
                        try context.printJSON(["path": ref.path, "text": text])
                    } else {
                        context.stdout.write(UntrustedText.escape(text.hasSuffix("\n") ? text : text + "\n"))
                    }
                    return
                }
                let info = try service.skill(ref)
                if context.globals.json {
                    try context.printJSON(SkillJSON(info))
                } else {
                    context.stdout.write(describe(info, style: context.style, width: context.width))
                }
            })
    }

    static func describe(_ info: SkillInfo, style: Style, width: Int) -> String {
        // Everything but the counts comes from a skill file or a server.
        var out = style.bold(UntrustedText.line(info.title ?? info.ref.name)) + "\n"
        out += "  \(UntrustedText.line(info.ref.path))\n"
        if let description = info.description {
            out += "\n" + TextLayout.wrap(UntrustedText.escape(description), width: width, indent: 2) + "\n"
        }
        var facts: [(String, String)] = []
        if let author = info.author {
            facts.append(("Author", UntrustedText.line(author + (info.authorURL.map { " <\($0)>" } ?? ""))))
        }
        facts.append(("Intents", String(info.intentCount)))
        facts.append(("Answers", info.dynamicContent ? "dynamic (change over time)" : "static"))
        facts.append(("Used", "\(info.usageCount) times"))
        let stars = info.rating.stars
        let starLine = stars.total == 0 ? "not rated yet"
            : String(format: "%.2f from %d ratings (5★ %d, 4★ %d, 3★ %d, 2★ %d, 1★ %d)", stars.average, stars.total,
                     stars.fiveStar, stars.fourStar, stars.threeStar, stars.twoStar, stars.oneStar)
        facts.append(("Stars", starLine))
        facts.append(("Thumbs", "\(info.rating.positive) up, \(info.rating.negative) down"))
        facts.append(("Feedback", "\(info.rating.feedbackCount) reviews, \(info.rating.bookmarkCount) bookmarks"))
        out += "\n"
        for (label, value) in facts {
            out += "  " + TextLayout.pad(label + ":", to: 10) + value + "\n"
        }
        if !info.examples.isEmpty {
            out += "\n" + style.bold("Try:") + "\n"
            for example in info.examples { out += "  susi chat \"\(UntrustedText.line(example))\"\n" }
        }
        return out
    }
}

/// Turns what the user typed into exactly one skill.
enum SkillResolver {
    static func resolve(_ text: String, service: SusiService, language: String) throws -> SkillRef {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError("Name a skill.") }
        if let ref = SkillRef(path: trimmed) { return ref }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = parts.last!.hasSuffix(".txt") ? String(parts.last!.dropLast(4)) : parts.last!
        let group = parts.count >= 2 ? parts[0] : nil
        let wantedLanguage = parts.count >= 3 ? parts[1] : language
        var candidates = try service.skills(SkillQuery(group: group, language: wantedLanguage))
            .filter { $0.ref.name.lowercased() == name.lowercased() }
        if candidates.isEmpty, parts.count < 3, wantedLanguage != "en" {
            candidates = try service.skills(SkillQuery(group: group, language: "en"))
                .filter { $0.ref.name.lowercased() == name.lowercased() }
        }
        switch candidates.count {
        case 1:
            return candidates[0].ref
        case 0:
            let all = try service.skills(SkillQuery(language: wantedLanguage)).map(\.ref.name)
            var message = "No skill named '\(trimmed)'."
            if let best = Suggestions.closest(to: name, among: all) { message += " Did you mean '\(best)'?" }
            throw CommandError(.failure, message, hint: "See 'susi skills list' for the skills there are.")
        default:
            let names = candidates.map { "\($0.ref.group)/\($0.ref.name)" }.joined(separator: ", ")
            throw UsageError("'\(trimmed)' names several skills: \(names). Add the group, e.g. '\(candidates[0].ref.group)/\(name)'.")
        }
    }
}
