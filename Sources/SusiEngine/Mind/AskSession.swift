import Foundation
import SusiReply

/// One query being answered: tries candidate intents in rank order and renders the first
/// that succeeds. Memory changes of a failed candidate are discarded.
struct AskSession {
    struct Found {
        var intent: Intent
        var answer: Reply.Answer
    }

    let mind: Mind
    let options: AskOptions
    var memory: ConversationMemory
    var random: AnyRandom
    /// Tests every intent instead of the index's candidates; the index must not change answers.
    var exhaustive = false
    /// The skill of the intent being rendered, for `consoleFailures`.
    var renderingSkill: String?
    /// Network consoles that failed while answering, in the order tried.
    var consoleFailures: [ConsoleFailure] = []
    /// With `options.explain`: the outer query's matching candidates, in rank order.
    var explained: [AnswerExplanation.Candidate] = []
    /// Why the last render gave nothing, for the explanation.
    var renderFailure: String?
    /// The regex matcher's buffers, reused by every candidate tried.
    var regexWorkspace = RegexWorkspace()

    init(mind: Mind, options: AskOptions, memory: ConversationMemory, random: AnyRandom) {
        self.mind = mind
        self.options = options
        self.memory = memory
        self.random = random
    }

    /// Which stage answered the outer query, for the explanation.
    var stage = AnswerStage()
    /// Whether intents' spelled-out alternatives (`[optional]`, `!synonyms:`) match too.
    var expanded = false

    /// The query as typed first (the reference's matching); at the outer level, when
    /// that finds nothing or only a catch-all, the normalised forms, then the fuzzy
    /// stage (issue 31). Backtick reflections match as typed only.
    mutating func answer(_ query: String, depth: Int) -> Found? {
        let normalized = Normalizer.normalize(query)
        if normalized.isEmpty { return nil }
        let before = memory
        // Only the user's own words give captures their case; a backtick reflection's
        // text is the skill's, and keeps the reference's lower case (decision 0461).
        let asTyped = options.capturesAsTyped && depth == 0 ? TypedQuery(query) : nil
        let typed = answer(PreparedQuery(normalized: normalized, typed: asTyped), depth: depth)
        guard depth == 0, options.normalise || options.fuzzy else { return typed }
        if let typed, !AskSession.isCatchAll(typed.intent) {
            stage.name = "patterns"
            return typed
        }
        // A catch-all's answer is kept for last; what it remembered is undone meanwhile.
        let afterTyped = memory
        memory = before
        // A network console that failed is not asked again: its note is the answer.
        if !consoleFailures.isEmpty {
            memory = afterTyped
            return typed
        }
        let variants = QueryRewriter.variants(of: normalized)
        if options.normalise {
            expanded = true
            defer { expanded = false }
            for variant in [normalized] + variants {
                if let found = answer(PreparedQuery(normalized: variant, typed: asTyped), depth: depth), !AskSession.isCatchAll(found.intent) {
                    stage.name = "normalised"
                    stage.query = variant
                    return found
                }
            }
        }
        if options.fuzzy, let found = answerFuzzily(variants.first ?? normalized, typed: asTyped, depth: depth) {
            return found
        }
        memory = afterTyped
        if let typed {
            stage.name = "patterns"
            if options.explain {
                explained.insert(candidate(typed.intent, AskSession.matchingPattern(typed.intent, PreparedQuery(normalized: normalized)) ?? "", "answered"), at: 0)
            }
        }
        return typed
    }

    /// An intent that matches anything (`*`): it answers only when no stage finds better.
    static func isCatchAll(_ intent: Intent) -> Bool {
        intent.utterances.contains { $0.source == PatternCompiler.catchAll }
    }

    /// The fuzzy stage: intents above the threshold, best first, each rendered with the
    /// captures the line-up placed; the first with a non-empty answer wins.
    private mutating func answerFuzzily(_ query: String, typed: TypedQuery?, depth: Int) -> Found? {
        let text = QueryRewriter.matchPlurals(QueryRewriter.wordsToDigits(query))
        for hit in mind.fuzzyIndex.hits(for: text) {
            let saved = memory
            let outer = renderingSkill
            renderingSkill = hit.intent.skillPath
            defer { renderingSkill = outer }
            renderFailure = nil
            let captures = hit.captures.map { typed?.spelling(of: $0) ?? $0 }
            if let answer = render(hit.intent, captures: [text] + captures.map { Optional($0) }, depth: depth),
               !AskSession.isBlank(answer) {
                stage = AnswerStage(name: "fuzzy", query: text, matchedWords: hit.matchedWords, score: hit.score)
                if options.explain {
                    explained.insert(candidate(hit.intent, hit.pattern, "answered"), at: 0)
                }
                return Found(intent: hit.intent, answer: answer)
            }
            if options.explain {
                explained.append(candidate(hit.intent, hit.pattern, "fuzzy score \(Int((hit.score * 100).rounded()))%, but "
                    + (renderFailure ?? "its answer renders empty")))
            }
            memory = saved
        }
        return nil
    }

    private mutating func answer(_ prepared: PreparedQuery, depth: Int) -> Found? {
        let ordered: IntentStream
        if let source = mind.source {
            var words = Set<String>()
            for word in prepared.text.split(separator: " ") { words.insert(String(word)) }
            ordered = source.orderedCandidates(text: prepared.text, words: words)
        } else {
            var candidates = exhaustive ? Array(0..<Int32(mind.intents.count)) : mind.index.candidates(for: prepared)
            candidates.sort { mind.rank[Int($0)] < mind.rank[Int($1)] }
            ordered = IntentStream(candidates.map { mind.intents[Int($0)] })
        }
        let explaining = options.explain && depth == 0
        var found: Found?
        for intent in ordered {
            if found != nil {
                // Explaining: the matching intents the answer outranked, a few.
                guard explained.count < AnswerExplanation.limit + 1 else { break }
                if let pattern = AskSession.matchingPattern(intent, prepared, expanded: expanded) {
                    explained.append(candidate(intent, pattern, "outranked"))
                }
                continue
            }
            guard let captures = AskSession.match(intent, prepared, expanded: expanded, workspace: &regexWorkspace) else { continue }
            let saved = memory
            let outer = renderingSkill
            renderingSkill = intent.skillPath
            defer { renderingSkill = outer }
            renderFailure = nil
            // An answer that renders to nothing (only invisible assignments, say) is no
            // answer: the next candidate, then the fallback, speaks instead.
            let rendered = render(intent, captures: [prepared.text] + captures, depth: depth)
            if let answer = rendered, !AskSession.isBlank(answer) {
                found = Found(intent: intent, answer: answer)
                if !explaining { break }
                // A catch-all's answer waits for the later stages: it is not "answered" yet.
                if !AskSession.isCatchAll(intent) || !(options.normalise || options.fuzzy) {
                    explained.append(candidate(intent, AskSession.matchingPattern(intent, prepared, expanded: expanded) ?? "", "answered"))
                }
                continue
            }
            if explaining {
                let why = rendered == nil ? (renderFailure ?? "a placeholder could not be filled") : "its answer renders empty"
                explained.append(candidate(intent, AskSession.matchingPattern(intent, prepared, expanded: expanded) ?? "", why))
            }
            memory = saved
        }
        return found
    }

    private func candidate(_ intent: Intent, _ pattern: String, _ outcome: String) -> AnswerExplanation.Candidate {
        AnswerExplanation.Candidate(skill: intent.skillPath, line: intent.line, pattern: pattern,
                                    score: IntentScore.score(intent, userLanguage: mind.language),
                                    origin: intent.origin, outcome: outcome)
    }

    /// The pattern alternative (as written) that matches the query first.
    static func matchingPattern(_ intent: Intent, _ query: PreparedQuery, expanded: Bool = false) -> String? {
        let texts = expanded ? intent.patterns + intent.expansionTexts : intent.patterns
        for (i, u) in (expanded ? intent.utterances + intent.expansions : intent.utterances).enumerated() {
            let written = i < texts.count ? texts[i] : u.source
            switch u {
            case .literal(let text): if text == query.text { return written }
            case .regex(let r): if r.matchWhole(query) != nil { return written }
            case .invalid: break
            }
        }
        return nil
    }

    /// No answer text and no other action: nothing for the user to see or hear.
    static func isBlank(_ answer: Reply.Answer) -> Bool {
        answer.actions.allSatisfy { action in
            action.type == .answer && Normalizer.javaTrim(action.expression ?? "").isEmpty
        }
    }

    /// The captures of the first alternative (in declaration order) that matches.
    static func match(_ intent: Intent, _ query: PreparedQuery, expanded: Bool = false,
                      workspace: inout RegexWorkspace) -> [String?]? {
        for u in expanded ? intent.utterances + intent.expansions : intent.utterances {
            switch u {
            case .literal(let text): if text == query.text { return [] }
            case .regex(let r): if let groups = r.matchWhole(query, workspace: &workspace) { return groups }
            case .invalid: break
            }
        }
        return nil
    }

    private mutating func render(_ intent: Intent, captures: [String?], depth: Int) -> Reply.Answer? {
        var scope = VariableScope(captures: captures, remembered: memory.variables)
        for condition in intent.conditions where holds(condition.expression, scope) == condition.negated {
            renderFailure = condition.negated ? "its condition \(condition.expression) holds (else branch)"
                : "its condition \(condition.expression) does not hold"
            return nil
        }
        var actions: [ReplyAction] = []
        var rows: [JSONObject] = []
        for action in intent.actions {
            switch action {
            case .answer(let line):
                let k = Int.random(in: 0..<line.alternatives.count, using: &random)
                guard let text = renderPhrase(line.alternatives[k], scope: &scope, depth: depth) else {
                    renderFailure = "a placeholder or reflection in its answer could not be filled"
                    return nil
                }
                actions.append(.answer(text))
            case .console(let spec):
                guard let result = runConsole(spec, scope: &scope, depth: depth) else {
                    let failed = consoleFailures.last.map { " (\($0.host): \($0.reason))" } ?? ""
                    renderFailure = "its console gave no usable answer" + failed
                    return nil
                }
                actions += result.actions
                rows += result.rows
            case .plan(let plan):
                // A delay that does not resolve to a time fails the intent, as an unresolved $…$ does.
                guard let delay = TemplateText.substitute(plan.delay, scope.value).flatMap(PlanDelay.milliseconds) else { return nil }
                let k = Int.random(in: 0..<plan.answer.alternatives.count, using: &random)
                guard let text = renderPhrase(plan.answer.alternatives[k], scope: &scope, depth: depth) else { return nil }
                actions.append(.planned(text, delayMilliseconds: delay, from: options.now ?? Date()))
            }
        }
        for (name, value) in scope.assigned where name.hasPrefix("_") { memory.variables[name] = value }
        var matchRow = JSONObject()
        for (k, c) in captures.enumerated() { if let c { matchRow[String(k)] = .string(c) } }
        for name in scope.assigned.keys.sorted() { matchRow[name] = .string(scope.assigned[name]!) }
        if rows.isEmpty {
            rows = [matchRow]
        } else {
            for key in matchRow.keys where rows[0][key] == nil { rows[0][key] = matchRow[key] }
        }
        return Reply.Answer(data: rows, actions: actions, skills: [intent.skillPath])
    }

    /// `$_v$` holds when set and non-empty; `$_v$=value` when the value (a regex, as in
    /// the reference) matches the whole variable, ignoring case.
    private func holds(_ expression: String, _ scope: VariableScope) -> Bool {
        if let eq = expression.firstIndex(of: "=") {
            guard let left = TemplateText.substitute(String(expression[..<eq]), scope.value),
                  let right = TemplateText.substitute(String(expression[expression.index(after: eq)...]), scope.value)
            else { return false }
            let l = Normalizer.javaTrim(left).lowercased()
            let r = Normalizer.javaTrim(right).lowercased()
            if let regex = try? Regex(r) {
                return regex.matchWhole(PreparedQuery(normalized: l)) != nil
            }
            return l == r
        }
        guard let value = TemplateText.substitute(expression, scope.value) else { return false }
        return !Normalizer.javaTrim(value).isEmpty
    }

    /// Variables, then reflections, then invisible and visible assignments.
    mutating func renderPhrase(_ template: String, scope: inout VariableScope, depth: Int) -> String? {
        guard var text = TemplateText.substitute(template, scope.value) else { return nil }
        guard let reflected = reflect(text, depth: depth) else { return nil }
        text = reflected
        var assigned: [(String, String)] = []
        text = TemplateText.takeInvisibleAssignments(text) { assigned.append(($0, $1)) }
        text = TemplateText.takeVisibleAssignments(text) { assigned.append(($0, $1)) }
        for (name, value) in assigned { scope.assign(name, value) }
        return Normalizer.javaTrim(text)
    }

    /// Replaces each `` `query` `` with SUSI's own answer to it; fails if SUSI has none.
    mutating func reflect(_ text: String, depth: Int) -> String? {
        let spans = TemplateText.reflections(in: text)
        if spans.isEmpty { return text }
        guard depth < options.maxReflectionDepth else { return nil }
        var out = ""
        var last = text.startIndex
        for span in spans {
            out += text[last..<span.lowerBound]
            let inner = String(text[text.index(after: span.lowerBound)..<text.index(before: span.upperBound)])
            guard let found = answer(inner, depth: depth + 1) else { return nil }
            out += found.answer.text.replacingOccurrences(of: "\n", with: " ")
            last = span.upperBound
        }
        out += text[last...]
        return out
    }
}

/// The stage that answered (issue 31), for `AnswerExplanation`.
struct AnswerStage {
    var name: String?
    var query: String?
    var matchedWords: [String]?
    var score: Double?

    func explained(_ e: AnswerExplanation) -> AnswerExplanation {
        var e = e
        e.stage = name
        if name != "patterns" { e.normalisedQuery = query }
        e.matchedWords = matchedWords
        e.fuzzyScore = score
        if name == "fuzzy" { e.fuzzyThreshold = FuzzyIndex.threshold }
        return e
    }
}
