import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension SkillsModule {
    static let reason = OptionKey.string("reason", "text", "Why the skill is inappropriate.")

    static var reportCommand: Command {
        Command(
            name: "report",
            abstract: "Flag a skill as inappropriate.",
            discussion: "The SUSI apps' 'Report Skill'. Needs a login; each account reports a skill once. On a terminal without --reason, susi asks for the reason.",
            examples: [Example("susi skills report jokes --reason \"Offensive answers\"", "Report a skill, saying why.")],
            arguments: [skillArgument.spec],
            options: [reason.spec],
            run: { invocation, context in
                let given = invocation.values[reason]
                if given == nil, !context.canPrompt {
                    throw UsageError("Say why with --reason TEXT.")
                }
                // Checked before anything is sent, with the backends' own rule.
                if let given { _ = try ServiceRules.checkReport(given) }
                let service = try context.service()
                let info = try SkillResolver.resolveInfo(invocation.values[skillArgument], service: service,
                                                         language: try context.catalogueLanguage())
                var text = given ?? ""
                if given == nil {
                    // As feedback asks for its text: on a terminal, the reason is asked.
                    let name = UntrustedText.line(info.title ?? info.ref.name)
                    text = try TerminalPrompter(io: context.io, style: context.errorStyle)
                        .ask("Why is \(name) inappropriate? (empty: do not report)", default: "")
                    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                        context.note("Not reported: no reason given.")
                        return
                    }
                }
                let checked = try ServiceRules.checkReport(text)
                try service.report(info.ref, reason: checked, token: try context.token())
                if context.globals.json {
                    try context.printJSON(["skill": info.ref.path, "reported": "true"])
                } else {
                    context.note("Reported \(UntrustedText.line(info.title ?? info.ref.name)). Thank you.")
                }
            })
    }

    static let remove = OptionKey.flag("remove", "Remove the bookmark instead.")

    static var bookmarkCommand: Command {
        Command(
            name: "bookmark",
            abstract: "Bookmark a skill, or remove the bookmark.",
            discussion: "Bookmarks belong to your account, so they need a login; 'susi skills bookmarks' lists them.",
            examples: [
                Example("susi skills bookmark jokes", "Bookmark the jokes skill."),
                Example("susi skills bookmark jokes --remove", "Remove the bookmark."),
            ],
            arguments: [skillArgument.spec],
            options: [remove.spec],
            run: { invocation, context in
                let service = try context.service()
                let info = try SkillResolver.resolveInfo(invocation.values[skillArgument], service: service,
                                                         language: try context.catalogueLanguage())
                let on = !invocation.values[remove]
                let token = try context.token()
                // Where the backend can list bookmarks, a second bookmark (or
                // removal) is said to be one, and nothing is sent.
                let already = (try? service.bookmarks(token: token)).map { $0.contains(info.ref) == on } ?? false
                if !already { try service.bookmark(info.ref, on: on, token: token) }
                if context.globals.json {
                    try context.printJSON(BookmarkJSON(skill: info.ref.path, bookmark: on))
                } else {
                    let name = UntrustedText.line(info.title ?? info.ref.name)
                    switch (on, already) {
                    case (true, false): context.note("Bookmarked \(name).")
                    case (false, false): context.note("Removed the bookmark on \(name).")
                    case (true, true): context.note("\(name) was already bookmarked.")
                    case (false, true): context.note("\(name) was not bookmarked.")
                    }
                }
            })
    }

    /// The reference's answer has `bookmark` as a boolean.
    struct BookmarkJSON: Encodable {
        var skill: String
        var bookmark: Bool
    }

    static var bookmarksCommand: Command {
        Command(
            name: "bookmarks",
            abstract: "List the skills you bookmarked, newest first.",
            discussion: "Needs a login. Piped, the lines are those of 'skills list'.",
            examples: [Example("susi skills bookmarks", "Your bookmarked skills.")],
            run: { _, context in
                let service = try context.service()
                let refs = try service.bookmarks(token: try context.token())
                // A bookmark of a skill that is gone since is still listed, by its path.
                let skills = refs.map { ref in (try? service.skill(ref)) ?? SkillInfo(ref: ref) }
                try printSkills(skills, context, none: "You have no bookmarks yet. Add one with 'susi skills bookmark SKILL'.")
            })
    }
}
