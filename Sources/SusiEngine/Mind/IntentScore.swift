import SusiReply
/// The reference's static, query-independent rank of an intent (skill-language.md §5.3):
/// language, shortest compiled pattern, dialog type, render type, inference type, subscore.
enum IntentScore {
    static func languageScore(skill: String, user: String) -> Int64 {
        if skill == user { return 100 }
        if user == "en", ["de", "fi", "sv"].contains(skill) { return 90 }
        return 50
    }

    static func score(_ intent: Intent, userLanguage: String) -> Int64 {
        score(base: baseScore(intent), language: intent.language, userLanguage: userLanguage)
    }

    /// The score is linear in the language score, so the rest can be computed once and
    /// stored, whatever language the user will speak.
    static func score(base: Int64, language: String, userLanguage: String) -> Int64 {
        let lang = languageScore(skill: language, user: userLanguage)
        return (lang * 100 * 3 * 256 * 6 + base) * 1001 + 10
    }

    /// The score with a language score of 0: shortest pattern, dialog, render and inference type.
    static func baseScore(_ intent: Intent) -> Int64 {
        let wholesize = Int64(intent.utterances.map { $0.source.utf16.count }.min() ?? 0)
        return (((wholesize * 3 + dialogType(intent)) * 256 + renderType(intent)) * 6 + inferenceType(intent))
    }

    /// answer 0 < question 1 < reply 2, the lowest over all phrases; no phrase at all ranks first.
    static func dialogType(_ intent: Intent) -> Int64 {
        var lowest: Int64?
        func consider(_ phrase: String) {
            var t: Int64 = 0
            if let q = phrase.utf16.firstIndex(of: UInt16(UInt8(ascii: "?"))),
               phrase.utf16.distance(from: phrase.utf16.startIndex, to: q) > 3 {
                t = phrase.contains(". ") ? 2 : 1
            }
            lowest = min(lowest ?? t, t)
        }
        for action in intent.actions {
            switch action {
            case .answer(let line): line.alternatives.forEach(consider)
            case .console(let spec): if !spec.template.isEmpty { consider(spec.template) }
            case .plan(let plan): plan.answer.alternatives.forEach(consider)
            }
        }
        return lowest ?? Int64(Int32.max)
    }

    static func renderType(_ intent: Intent) -> Int64 {
        var best = 0
        for action in intent.actions {
            switch action {
            case .answer, .plan: best = max(best, ActionType.answer.renderScore)
            case .console(let spec):
                if !spec.template.isEmpty { best = max(best, ActionType.answer.renderScore) }
                if case .array(let declared)? = spec.definition["actions"] {
                    for a in declared {
                        if let t = a["type"]?.stringValue { best = max(best, ActionType(t).renderScore) }
                    }
                }
            }
        }
        return Int64(best)
    }

    /// javascript 4 > memory 3 > flow 2 > console 1 > none 0.
    static func inferenceType(_ intent: Intent) -> Int64 {
        if !intent.conditions.isEmpty { return 3 }
        if intent.hasPlan { return 2 }
        if intent.hasConsole { return 1 }
        return 0
    }
}

extension ActionType {
    /// The reference's render score used in ranking (higher is tried first).
    var renderScore: Int {
        switch self {
        case .stop, .pause, .resume: return 255
        case .audioVolume: return 200
        case .answer: return 196
        case .websearch: return 0
        default: return 128
        }
    }
}
