import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// `susi rate SKILL [STARS]`, also `susi skills rate`: one to five stars for
/// a skill, as the star control of the SUSI apps' skill screen, or the
/// user's own rating when no stars are given.
public enum RateModule: CommandModule {
    public static var alsoUnder: [[String]] { [["skills"]] }

    static let starsArgument = ArgumentKey.optional("stars", "A whole number from 1 to 5. Leave it out to see your rating.",
                                                    completion: .values(["1", "2", "3", "4", "5"]))

    public static var command: Command {
        Command(
            name: "rate",
            abstract: "Rate a skill 1 to 5 stars, or see your rating.",
            discussion: """
            With stars, rates the skill (a new rating replaces your earlier one) and prints the \
            skill's updated five-star distribution. Without, prints the stars you gave it. \
            The embedded SUSI lets you rate without logging in; a SUSI server wants an account \
            ('susi login'). Piped, the distribution is one STARS<TAB>COUNT<TAB>SHARE line per star.
            """,
            examples: [
                Example("susi rate weather 5", "Five stars for the weather skill."),
                Example("susi skills rate weather 5", "The same."),
                Example("susi rate weather", "Which stars you gave it."),
                Example("susi rate Knowledge/time 4 --json", "Rate, and print the new totals as JSON."),
            ],
            arguments: [
                SkillResolver.skillArgument.spec,
                starsArgument.spec,
            ],
            run: { invocation, context in try rate(invocation, context) })
    }

    static func rate(_ invocation: Invocation, _ context: Context) throws {
        // Checked before anything is looked up or sent.
        let stars = try invocation.values[starsArgument].map(StarInput.parse)
        let service = try context.service()
        let info = try SkillResolver.resolveInfo(invocation.values[SkillResolver.skillArgument], service: service,
                                                 language: try context.catalogueLanguage())
        let name = UntrustedText.line(info.title ?? info.ref.name)
        let token = try context.token()
        guard let stars else {
            let mine = try service.userRating(info.ref, token: token)
            if context.globals.json {
                try context.printJSON(UserRatingJSON(skill: info.ref.path, stars: mine))
            } else if let mine {
                context.stdout.line("You rated \(name) \(TextLayout.counted(mine, "star")).")
            } else {
                context.stdout.line("You have not rated \(name) yet.")
                context.note(context.errorStyle.dim("Rate it with 'susi rate \(ShellQuote.word(info.ref.name)) 1-5'."))
            }
            return
        }
        let previous: Int?
        do {
            previous = try service.userRating(info.ref, token: token)
        } catch let error as ServiceError where error.kind == .notLoggedIn {
            // The lookup is only for the message: the refusal names the write.
            throw ServiceError.loginRequired("Rating a skill")
        }
        let totals = try service.rate(info.ref, stars: stars, token: token)
        if context.globals.json {
            try context.printJSON(RatedJSON(skill: info.ref.path, stars: stars, previous: previous, ratings: totals))
            return
        }
        switch previous {
        case nil:
            context.note("Rated \(name) \(TextLayout.counted(stars, "star")).")
        case stars?:
            context.note("You had already rated \(name) \(TextLayout.counted(stars, "star")).")
        case let earlier?:
            context.note("Changed your rating of \(name) from \(earlier) to \(TextLayout.counted(stars, "star")).")
        }
        let bars = RatingChart.Bars.for(isTTY: context.io.stdout.isTTY, environment: context.environment)
        for line in RatingChart.render(totals, bars: bars, width: context.width) { context.stdout.line(line) }
    }

    struct UserRatingJSON: Encodable {
        var skill: String
        var stars: Int?

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(skill, forKey: .skill)
            try c.encode(stars, forKey: .stars)
        }

        enum CodingKeys: String, CodingKey { case skill, stars }
    }

    /// `ratings` has the SUSI server's field names (one_star … avg_star).
    struct RatedJSON: Encodable {
        var skill: String
        var stars: Int
        var previous: Int?
        var ratings: StarRatings

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(skill, forKey: .skill)
            try c.encode(stars, forKey: .stars)
            try c.encode(previous, forKey: .previous)
            try c.encode(ratings, forKey: .ratings)
        }

        enum CodingKeys: String, CodingKey { case skill, stars, previous, ratings }
    }
}

/// What a user typed as stars: exactly a whole number from 1 to 5.
enum StarInput {
    static func parse(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw UsageError("Stars must be a whole number from 1 to 5; none was given.")
        }
        guard trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let stars = Int(trimmed), (1...5).contains(stars) else {
            throw UsageError("Stars must be a whole number from 1 to 5, not '\(UntrustedText.line(trimmed))'.")
        }
        return stars
    }
}
