import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

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
            arguments: [skillArgument.spec],
            options: [text.spec],
            run: { invocation, context in
                let service = try context.service()
                let ref = try SkillResolver.resolve(invocation.values[skillArgument], service: service,
                                                    language: try context.catalogueLanguage())
                if invocation.values[text] {
                    let text = try service.skillText(ref)
                    if context.globals.json {
                        try context.printJSON(["path": ref.path, "text": text])
                    } else {
                        try context.paged { context.stdout.write(UntrustedText.escape(text.hasSuffix("\n") ? text : text + "\n")) }
                    }
                    return
                }
                let info = try service.skill(ref)
                let mine = try Mine.read(ref, service: service, token: try context.token())
                // Newest first from every backend: the screen shows three, as the apps do.
                let feedbackPart = try PagePart.read { try service.feedback(ref) }
                let feedback = feedbackPart.value ?? []
                if context.globals.json {
                    try context.printJSON(InfoJSON(skill: SkillJSON(info), mine: mine,
                                                   feedback: feedback.prefix(3).map(FeedbackView.JSON.init)))
                } else {
                    context.stdout.write(describe(info, mine: mine, feedback: feedback, feedbackReason: feedbackPart.reason,
                                                  server: context.globals.server,
                                                  style: context.style, width: context.width,
                                                  bars: .for(isTTY: context.io.stdout.isTTY, environment: context.environment)))
                }
            })
    }

    /// What the skill screen shows of the user: their stars and bookmark.
    struct Mine {
        /// nil when the backend cannot tell (a server without a login).
        var stars: Int??
        /// nil without a login.
        var bookmarked: Bool?

        /// What the backend could not tell, one line each: (label, reason).
        var unknown: [(label: String, reason: String)] = []

        /// Each part is optional: one that needs a login the user lacks is
        /// left out, one the backend cannot answer is named with its
        /// reason; neither fails the screen.
        static func read(_ ref: SkillRef, service: SusiService, token: String?) throws -> Mine {
            var mine = Mine()
            let stars = try PagePart.read { try service.userRating(ref, token: token) }
            mine.stars = stars.value
            if let reason = stars.reason { mine.unknown.append(("Your rating", reason)) }
            if token != nil {
                let bookmarked = try PagePart.read { try service.bookmarks(token: token).contains(ref) }
                mine.bookmarked = bookmarked.value
                if let reason = bookmarked.reason { mine.unknown.append(("Bookmark", reason)) }
            }
            return mine
        }
    }

    /// The skill's JSON, with `your_stars` (null when not rated) and
    /// `bookmarked` where the backend can tell them.
    struct InfoJSON: Encodable {
        var skill: SkillJSON
        var mine: Mine
        /// The three newest.
        var feedback: [FeedbackView.JSON]

        enum CodingKeys: String, CodingKey { case yourStars = "your_stars", bookmarked, feedback }

        func encode(to encoder: Encoder) throws {
            try skill.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(feedback, forKey: .feedback)
            if let stars = mine.stars { try c.encode(stars, forKey: .yourStars) }
            if let bookmarked = mine.bookmarked { try c.encode(bookmarked, forKey: .bookmarked) }
        }
    }

    static let text = OptionKey.flag("text", "Print the skill file itself instead.")

    /// `server`: the --server given, kept in the commands the screen suggests.
    /// `feedbackReason`: why the backend could not list the feedback.
    static func describe(_ info: SkillInfo, mine: Mine = Mine(), feedback: [SkillFeedback] = [],
                         feedbackReason: String? = nil, server: String? = nil,
                         style: Style, width: Int,
                         bars: RatingChart.Bars) -> String {
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
        if let intents = info.intentCount { facts.append(("Intents", String(intents))) }
        facts.append(("Answers", info.dynamicContent ? "dynamic (change over time)" : "static"))
        facts.append(("Used", info.usageCount == 1 ? "once" : "\(info.usageCount) times"))
        facts.append(("Thumbs", "\(info.rating.positive) up, \(info.rating.negative) down"))
        facts.append(("Feedback", TextLayout.counted(info.rating.feedbackCount, "review") + ", "
                      + TextLayout.counted(info.rating.bookmarkCount, "bookmark")))
        out += "\n"
        for (label, value) in facts {
            out += "  " + TextLayout.pad(label + ":", to: 10) + value + "\n"
        }
        // The five-star chart, as the apps' skill screen shows it.
        out += "\n" + style.bold("Stars:") + "\n"
        for line in RatingChart.render(info.rating.stars, bars: bars, width: width - 2) { out += "  " + line + "\n" }
        switch mine.stars {
        case let stars?? where stars > 0:
            out += "  Your rating: \(TextLayout.counted(stars, "star")) (change it with 'susi rate \(ShellQuote.word(info.ref.name)) 1-5')\n"
        case .some:
            out += "  You have not rated it: 'susi rate \(ShellQuote.word(info.ref.name)) 1-5'\n"
        case nil:
            break
        }
        if let bookmarked = mine.bookmarked {
            out += "  " + (bookmarked ? "Bookmarked by you." : "Not bookmarked ('susi skills bookmark \(ShellQuote.word(info.ref.name))').") + "\n"
        }
        // What the backend cannot tell: one line each, the backend's words escaped.
        for (label, reason) in mine.unknown {
            out += "  \(label): not shown; \(UntrustedText.line(reason)).\n"
        }
        let key = UntrustedText.line(info.ref.name)
        out += "\n" + style.bold(feedback.isEmpty ? "Feedback:" : "Feedback (\(feedback.count)):") + "\n"
        if let feedbackReason {
            out += "  Not shown; \(UntrustedText.line(feedbackReason)).\n"
        } else if feedback.isEmpty {
            out += "  None yet. Write some with 'susi feedback \(ShellQuote.word(key)) \"...\"'.\n"
        } else {
            let shown = FeedbackView.render(Array(feedback.prefix(3)), style: style, width: width - 2)
            out += shown.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n"
            if feedback.count > 3 { out += "  All \(feedback.count): 'susi feedback list \(ShellQuote.word(key))'.\n" }
        }
        if !info.examples.isEmpty {
            out += "\n" + style.bold("Try:") + "\n"
            // At most five, as the apps' chips; --json has them all.
            for (number, example) in info.examples.prefix(5).enumerated() {
                out += "  \(number + 1). \(UntrustedText.line(example))\n"
            }
            let key = ShellQuote.word(info.ref.name)
            let susi = "susi" + (server.map { " --server \(ShellQuote.word($0))" } ?? "")
            out += "  Ask one with '\(susi) skills try \(key)\(info.examples.count > 1 ? " N" : "")' or '\(susi) chat \"...\"'.\n"
        }
        return out
    }
}
