import Foundation
import SusiReply

/// chat.json's `instant` parameter (server-api.md §2.2, §4.2): a whole skill
/// text sent with one request, loaded into a mind of its own that is asked
/// first; the server's own skills answer whatever it does not.
public enum InstantSkill {
    /// The path an instant skill's answers name in `skills`, as on the reference.
    public static let path = "instant"

    /// The instant skill's mind. As on the reference, the two characters `\n`
    /// stand for a line break (a client may send the text on one line), and
    /// catch-all patterns are allowed.
    public static func mind(_ text: String, language: String) -> Mind {
        let lines = text.replacingOccurrences(of: "\\n", with: "\n")
        let skill = SkillParser.parse(text: lines, path: path, options: SkillReadOptions(allowCatchAll: true))
        return Mind(skills: [skill], language: language, fallbackAnswers: [])
    }

    /// True when `skills` (an answer's) names the instant skill.
    public static func answered(_ skills: [String]) -> Bool {
        skills.contains { $0 == path || $0.hasSuffix("/" + path) }
    }
}

extension Mind {
    /// The reference's mind stack: this mind (an instant skill) answers when
    /// one of its intents does; otherwise `general` answers, its fallback
    /// included. Both read and update the same memory.
    public func ask(_ query: String, memory: inout ConversationMemory, options: AskOptions = AskOptions(),
                    otherwise general: Mind) -> Reply {
        let started = Date()
        let queryDate = options.now ?? started
        // Matched as typed only: its fuzzy stage must not take a query the server's
        // own skills answer exactly (issue 31's stages run in `general`).
        var asTyped = options
        asTyped.normalise = false
        asTyped.fuzzy = false
        var session = AskSession(mind: self, options: asTyped, memory: memory, random: AnyRandom(base: SystemRandomNumberGenerator()))
        let trimmed = Normalizer.javaTrim(query)
        guard let found = session.answer(trimmed, depth: 0) else {
            return general.ask(query, memory: &memory, options: options)
        }
        session.memory.record(query: trimmed, answer: found.answer.text, skill: found.answer.skills.first)
        memory = session.memory
        var reply = Reply(query: trimmed, answers: [found.answer], queryDate: queryDate, queryLanguage: language,
                          answerDate: queryDate.addingTimeInterval(Date().timeIntervalSince(started)))
        if options.explain {
            reply.explanation = AnswerExplanation.ranking(
                session.explained,
                rule: "The skill sent with the request (chat.json's instant parameter) is asked first; the server's own skills answer what it does not.")
        }
        return reply
    }
}
