import Foundation
import SusiReply
/// One answer line: its `|` alternatives, one of which is picked at random per reply.
public struct AnswerLine: Sendable, Equatable {
    public var alternatives: [String]
    public var line: Int
}

/// A memory test attached to an intent by a `?cond:then:else` line.
struct MemoryCondition: Sendable {
    /// The `$_var$` (or `$_var$=value`) text before the first `:`.
    var expression: String
    /// True for the clone that carries the `else` branch.
    var negated: Bool
}

/// A `!console:` block: an answer template plus a JSON definition (url, path, data, actions).
struct ConsoleSpec: Sendable {
    var template: String
    var definition: JSONObject
    var line: Int
}

/// A `!plan <delay>: text` line: an answer the client is to give later
/// (server-api.md §5: `plan_delay` ms and `plan_date`).
struct PlanSpec: Sendable {
    /// The text between `plan` and the colon, e.g. `1000`, `$1$ minutes`.
    var delay: String
    var answer: AnswerLine
}

/// What an intent emits, in order.
enum IntentAction: Sendable {
    case answer(AnswerLine)
    case console(ConsoleSpec)
    case plan(PlanSpec)
}

/// An intent: pattern alternatives, the actions they trigger and the static ranking facts.
public struct Intent: Sendable {
    public let skillPath: String
    public let line: Int
    /// The alternatives as written in the skill file.
    public let patterns: [String]
    public let example: String?
    public let expect: String?
    /// Every `!example:` query of the block (the fuzzy stage reads their words too).
    let exampleQueries: [String]
    /// The alternatives `[optional]` words and `!synonyms:` spell out (issue 31), beyond
    /// those written: matched only once the written ones matched nothing.
    let spelledOut: SpelledOutPatterns
    var expansions: [CompiledPattern] { spelledOut.value.patterns }
    var expansionTexts: [String] { spelledOut.value.texts }
    let utterances: [CompiledPattern]
    let actions: [IntentAction]
    let conditions: [MemoryCondition]
    let language: String
    /// The block the intent was read from, in `StoredIntent` form: rebuilding from it
    /// gives this intent back without the rest of its file.
    let block: String
    /// Which of the block's intents this is (a `?` line makes two or more of one block).
    let variant: Int
    /// Where a store says the skill comes from ("bundled", "imported, high priority"),
    /// for explanations; nil for skills loaded from files.
    public var origin: String? = nil

    /// All answer text as written, for listing and for `skills test`.
    public var answerLines: [AnswerLine] {
        actions.compactMap { if case .answer(let a) = $0 { return a } else { return nil } }
    }

    var hasPlan: Bool {
        actions.contains { if case .plan = $0 { return true } else { return false } }
    }

    var hasConsole: Bool {
        actions.contains { if case .console = $0 { return true } else { return false } }
    }
}

/// An intent's spelled-out alternatives (`[optional]` words, `!synonyms:`), made on first
/// use and kept: only the normalised stage and an in-memory index ask for them, so an
/// intent a store restores for a query its written patterns answer never compiles them.
final class SpelledOutPatterns: @unchecked Sendable {
    private let written: [String]
    private let groups: [[String]]
    private let lock = NSLock()
    private var made: (patterns: [CompiledPattern], texts: [String])?

    init(written: [String], synonymGroups: [[String]]) {
        self.written = written
        self.groups = synonymGroups
        if synonymGroups.isEmpty, !written.contains(where: { $0.contains("[") }) { made = ([], []) }
    }

    var value: (patterns: [CompiledPattern], texts: [String]) {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        var patterns: [CompiledPattern] = []
        var texts: [String] = []
        var seen = Set(written)
        for text in written {
            for alt in PatternExpansion.optionalWords(text).flatMap({ PatternExpansion.synonyms($0, groups: groups) })
            where seen.insert(alt).inserted {
                let compiled = PatternCompiler.compile(alt)
                if compiled.source == PatternCompiler.catchAll { continue }
                if case .invalid = compiled { continue }
                patterns.append(compiled)
                texts.append(alt)
            }
        }
        made = (patterns, texts)
        return (patterns, texts)
    }
}
