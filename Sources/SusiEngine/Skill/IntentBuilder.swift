/// Turns one block (pattern line + model lines) into intents, following the reference's
/// reading rules, including the bang-line colon rule that loses answers (§2.3 "Pitfall").
struct IntentBuilder {
    let path: String
    let language: String
    let options: SkillReadOptions

    private(set) var intents: [Intent] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// The block's `!example:` lines in order, each with the `!expect:` after it. One
    /// `!example:` (the reference reads one per block) takes the block's last `!expect:`.
    private(set) var examples: [(query: String, expect: String?)] = []
    private var lastExpect: String?
    /// Each `!example:` followed by its own `!expect:` (or none), so pairs are meant.
    private var paired = true
    /// The `!synonyms:` groups (issue 31's authoring extension).
    private var synonymGroups: [[String]] = []
    var example: String? { examples.last?.query }
    var expect: String? { lastExpect }
    /// The examples `skills test` checks: the pairs when the block alternates
    /// `!example:`/`!expect:` (an extension), else the reference's last example with the last expect.
    var checkedExamples: [(query: String, expect: String?)] {
        if examples.count > 1, paired { return examples }
        return example.map { [($0, lastExpect)] } ?? []
    }

    init(path: String, language: String, options: SkillReadOptions) {
        self.path = path
        self.language = language
        self.options = options
    }

    private enum Bang {
        case console(template: String, line: Int)
        case javascript(line: Int)
        case ignored(type: String, line: Int)
    }

    /// A model line before condition expansion: plain answers, consoles, or `?` lines.
    private enum Step {
        case action(IntentAction)
        case condition(expression: String, then: AnswerLine, otherwise: AnswerLine?)
    }

    private mutating func warn(_ line: Int, _ kind: Diagnostic.Kind, _ message: String, _ severity: Diagnostic.Severity = .warning) {
        diagnostics.append(Diagnostic(file: path, line: line, severity: severity, kind: kind, message: message))
    }

    mutating func build(_ block: [SourceLine]) {
        let head = block[0]
        var steps: [Step] = []
        var bang: Bang?
        var bangBody: [String] = []
        var usesJavascript = false

        lines: for line in block.dropFirst() {
            let text = Normalizer.javaTrim(line.text)
            if let open = bang {
                if text.lowercased() == "eol" {
                    bang = nil
                    switch open {
                    case .console(let template, let at):
                        if let spec = consoleSpec(template: template, body: bangBody, line: at) {
                            steps.append(.action(.console(spec)))
                        }
                        break lines
                    case .javascript:
                        break lines
                    case .ignored:
                        break
                    }
                    bangBody = []
                } else {
                    bangBody.append(text)
                }
                continue
            }
            // The colon is ASCII: searching the UTF-8 bytes gives the same index, far faster.
            if text.hasPrefix("!"), let colon = text.utf8.lastIndex(of: UInt8(ascii: ":")) {
                // The reference splits at the LAST colon, so a tail containing ':' corrupts the head.
                let rawHead = Normalizer.javaTrim(String(text[text.index(after: text.startIndex)..<colon])).lowercased()
                let tail = Normalizer.javaTrim(String(text[text.index(after: colon)...]))
                let type = rawHead.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                switch type {
                case "example":
                    if let last = examples.last, last.expect == nil { paired = false }
                    examples.append((tail, nil))
                case "expect":
                    lastExpect = tail
                    if let last = examples.indices.last, examples[last].expect == nil {
                        examples[last].expect = tail
                    } else {
                        paired = false
                    }
                case "synonyms":
                    let groups = PatternExpansion.synonymGroups(tail)
                    if groups.isEmpty {
                        warn(line.number, .unsupportedLine, "!synonyms: needs groups of two or more words, e.g. '!synonyms: flip toss, coin penny'; line ignored")
                    }
                    synonymGroups += groups
                case "plan":
                    let delay = Normalizer.javaTrim(String(rawHead.dropFirst("plan".count)))
                    if delay.isEmpty {
                        warn(line.number, .badPlan, "!plan needs a delay before the ':' (e.g. '!plan 5000: text'); line ignored")
                    } else if let answer = answerLine(tail, line: line.number) {
                        steps.append(.action(.plan(PlanSpec(delay: delay, answer: answer))))
                    } else {
                        warn(line.number, .badPlan, "!plan has no text after the ':'; line ignored")
                    }
                case "label", "implication", "first", "rest":
                    warn(line.number, .unsupportedLine, "!\(type) is not supported; line ignored", .info)
                case "console":
                    bang = .console(template: tail, line: line.number)
                case "javascript":
                    bang = .javascript(line: line.number)
                    usesJavascript = true
                default:
                    bang = .ignored(type: rawHead, line: line.number)
                    let hint = rawHead.contains(":") ? " (a ':' in the text makes the reference split this line at its last ':')" : ""
                    warn(line.number, .unknownBang, "unknown bang type '!\(rawHead)'\(hint); lines up to 'eol' are dropped")
                }
                continue
            }
            if text.hasPrefix("?"), let condition = conditionStep(text, line: line.number) {
                steps.append(condition)
                continue
            }
            if let answer = answerLine(text, line: line.number) {
                steps.append(.action(.answer(answer)))
            }
        }

        if let open = bang {
            switch open {
            case .console(_, let at): warn(at, .unclosedBlock, "!console block has no 'eol'; the console is dropped")
            case .javascript(let at): warn(at, .unclosedBlock, "!javascript block has no 'eol'")
            case .ignored(let type, let at): warn(at, .unclosedBlock, "'!\(type)' block has no 'eol'; it swallowed the rest of the intent")
            }
        }
        if usesJavascript {
            warn(head.number, .javascriptIntent, "!javascript is not supported; intent skipped")
            return
        }

        let size = head.text.utf8.count
        if size > SkillParser.patternLimit {
            let count = head.text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "|") ? 1 : 0) }
            warn(head.number, .longPattern, "pattern line of \(size) bytes (\(count) alternatives) is over the limit of \(SkillParser.patternLimit) bytes; intent skipped", .error)
            return
        }
        let alternatives = IntentBuilder.splitAlternatives(head.text)
        var utterances: [CompiledPattern] = []
        var kept: [String] = []
        for alt in alternatives {
            let compiled = PatternCompiler.compile(alt)
            if compiled.source == PatternCompiler.catchAll && !options.allowCatchAll {
                warn(head.number, .catchAllPattern, "catch-all pattern '\(alt)' is dropped, as the reference does for skill files", .info)
                continue
            }
            if case .invalid(let source) = compiled {
                warn(head.number, .invalidPattern, "pattern '\(alt)' compiles to an invalid regex '\(source)'; it never matches")
            }
            utterances.append(compiled)
            kept.append(alt)
        }
        if utterances.isEmpty {
            if !alternatives.isEmpty { warn(head.number, .noPattern, "intent has no usable pattern") }
            return
        }
        if steps.isEmpty {
            warn(head.number, .noAnswer, "intent has no answer")
            return
        }
        // Optional [words] and !synonyms: spelled out (issue 31), when first asked for:
        // tried only after the alternatives as written match nothing, so the reference's
        // literal reading of brackets (the tutorial's "[token]") keeps its answers.
        let spelledOut = SpelledOutPatterns(written: kept, synonymGroups: synonymGroups)
        let stored = StoredIntent.serialize(block)
        for (variant, (actions, conditions)) in IntentBuilder.expand(steps).enumerated() {
            intents.append(Intent(skillPath: path, line: head.number, patterns: kept, example: example, expect: expect,
                                  exampleQueries: examples.map(\.query), spelledOut: spelledOut,
                                  utterances: utterances, actions: actions, conditions: conditions, language: language,
                                  block: stored, variant: variant))
        }
    }

    /// Java `split("\\|")` then trim: trailing empty pieces vanish, inner ones stay.
    static func splitAlternatives(_ text: String) -> [String] {
        var parts = splitAtBars(text) ?? text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        while let last = parts.last, last.isEmpty { parts.removeLast() }
        return parts.map { Normalizer.javaTrim($0) }
    }

    /// The split at `|` over bytes, as `split(separator: "|")` over Characters
    /// gives it when no `|` touches a non-ASCII scalar (which could make it part
    /// of a larger Character, e.g. before a combining mark); nil otherwise.
    static func splitAtBars(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var parts: [String] = []
            var start = 0
            for i in bytes.indices where bytes[i] == UInt8(ascii: "|") {
                if i > 0 && bytes[i - 1] >= 0x80 || i + 1 < bytes.count && bytes[i + 1] >= 0x80 { return nil }
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                start = i + 1
            }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return parts
        }
    }

    private func answerLine(_ text: String, line: Int) -> AnswerLine? {
        var alternatives = IntentBuilder.splitAlternatives(text)
        // Java drops trailing empty pieces before trimming; a piece of spaces only goes after.
        while let last = alternatives.last, last.isEmpty { alternatives.removeLast() }
        return alternatives.isEmpty ? nil : AnswerLine(alternatives: alternatives, line: line)
    }

    /// `?cond:then` or `?cond:then:else`, split at the first and second colon.
    private func conditionStep(_ text: String, line: Int) -> Step? {
        let body = text.dropFirst()
        guard let first = body.firstIndex(of: ":") else { return nil }
        let expression = Normalizer.javaTrim(String(body[..<first]))
        let rest = body[body.index(after: first)...]
        let thenText: Substring
        var elseText: Substring?
        if let second = rest.firstIndex(of: ":") {
            thenText = rest[..<second]
            elseText = rest[rest.index(after: second)...]
        } else {
            thenText = rest
        }
        guard let then = answerLine(String(thenText), line: line) else { return nil }
        let otherwise = elseText.flatMap { answerLine(String($0), line: line) }
        return .condition(expression: expression, then: then, otherwise: otherwise)
    }

    private mutating func consoleSpec(template: String, body: [String], line: Int) -> ConsoleSpec? {
        let json = body.joined(separator: "\n")
        do {
            guard case .object(let definition) = try LenientJSONParser.parseObjectLeniently(json) else {
                warn(line, .badConsole, "!console body is not a JSON object; intent skipped", .error)
                return nil
            }
            return ConsoleSpec(template: template, definition: definition, line: line)
        } catch {
            warn(line, .badConsole, "!console body is not valid JSON (\(error)); intent skipped", .error)
            return nil
        }
    }

    /// The reference turns each `?` line into an IF intent carrying `then` and a NOT clone
    /// carrying `else`; several `?` lines multiply out the same way.
    private static func expand(_ steps: [Step]) -> [([IntentAction], [MemoryCondition])] {
        var variants: [([IntentAction], [MemoryCondition])] = [([], [])]
        for step in steps {
            switch step {
            case .action(let a):
                for k in variants.indices { variants[k].0.append(a) }
            case .condition(let expression, let then, let otherwise):
                var next: [([IntentAction], [MemoryCondition])] = []
                for v in variants {
                    next.append((v.0 + [.answer(then)], v.1 + [MemoryCondition(expression: expression, negated: false)]))
                    if let otherwise {
                        next.append((v.0 + [.answer(otherwise)], v.1 + [MemoryCondition(expression: expression, negated: true)]))
                    }
                }
                variants = Array(next.prefix(64))
            }
        }
        return variants
    }
}
