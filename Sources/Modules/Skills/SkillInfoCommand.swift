import Foundation
import SusiCLI
import SusiCommands
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
            options: [text.spec],
            run: { invocation, context in
                let service = try context.service()
                let ref = try SkillResolver.resolve(invocation.values.string("skill") ?? "", service: service,
                                                    language: try context.catalogueLanguage())
                if invocation.values[text] {
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
                    context.stdout.write(describe(info, style: context.style, width: context.width,
                                                  bars: .for(isTTY: context.io.stdout.isTTY, environment: context.environment)))
                }
            })
    }

    static let text = OptionKey.flag("text", "Print the skill file itself instead.")

    static func describe(_ info: SkillInfo, style: Style, width: Int, bars: RatingChart.Bars) -> String {
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
        facts.append(("Thumbs", "\(info.rating.positive) up, \(info.rating.negative) down"))
        facts.append(("Feedback", "\(info.rating.feedbackCount) reviews, \(info.rating.bookmarkCount) bookmarks"))
        out += "\n"
        for (label, value) in facts {
            out += "  " + TextLayout.pad(label + ":", to: 10) + value + "\n"
        }
        // The five-star chart, as the apps' skill screen shows it.
        out += "\n" + style.bold("Stars:") + "\n"
        for line in RatingChart.render(info.rating.stars, bars: bars, width: width - 2) { out += "  " + line + "\n" }
        if !info.examples.isEmpty {
            out += "\n" + style.bold("Try:") + "\n"
            for example in info.examples { out += "  susi chat \"\(UntrustedText.line(example))\"\n" }
        }
        return out
    }
}
