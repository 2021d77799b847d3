import Foundation
import SusiBasics
import SusiPorts

/// The recognition grammar made of what the installed skills understand:
/// their patterns (`*` becomes a few words of general vocabulary) and
/// their examples, as a JSGF grammar PocketSphinx loads. Words the
/// dictionary cannot pronounce drop the phrase they are in.
public struct SkillGrammar: Equatable, Sendable {
    /// Each phrase as words; "<any>" stands for a wildcard.
    public private(set) var phrases: [[String]]
    public private(set) var vocabulary: [String]

    public static let wildcard = "<any>"

    /// Lower case, digits spelled out, punctuation gone; nil when the
    /// phrase holds something that cannot be said (a regular expression,
    /// a word with digits in it).
    public static func words(of phrase: String, isPattern: Bool) -> [String]? {
        var text = phrase.lowercased()
        if !isPattern { text = text.replacingOccurrences(of: "*", with: " times ") }
        var words: [String] = []
        var current = ""
        func end() throws {
            defer { current = "" }
            guard !current.isEmpty else { return }
            let trimmed = current.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            if trimmed.isEmpty { return }
            if trimmed == "*" { words.append(wildcard); return }
            if let spelled = NumberWords.spell(trimmed) { words += spelled; return }
            guard trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "'") }) else { throw Unsayable() }
            words.append(trimmed)
        }
        do {
            for character in text {
                if character.isLetter || character.isNumber || character == "'" || character == "*" {
                    if character == "*" { try end(); current = "*"; try end() } else { current.append(character) }
                } else if " \t,.?!;:-\"".contains(character) {
                    try end()
                } else {
                    return nil  // regular-expression syntax and the like
                }
            }
            try end()
        } catch {
            return nil
        }
        return words.isEmpty || words.allSatisfy({ $0 == wildcard }) ? nil : words
    }
    private struct Unsayable: Error {}

    /// The patterns and examples of one skill file in SUSI's format: an
    /// intent's first line holds its patterns, separated by '|';
    /// `!example:` lines are examples; meta lines, comments, answers and
    /// console JSON are skipped.
    public static func phrases(inSkill text: String) -> (patterns: [String], examples: [String]) {
        var patterns: [String] = [], examples: [String] = []
        var expectingPattern = true
        var inJSON = false
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if inJSON {
                if line == "eol" { inJSON = false; expectingPattern = true }
                continue
            }
            if line.isEmpty || line == "eol" { expectingPattern = true; continue }
            if line.hasPrefix("#") || line.hasPrefix("::") { continue }
            if line.hasPrefix("!") {
                if line.hasPrefix("!example:") { examples.append(String(line.dropFirst("!example:".count))) }
                if line.hasPrefix("!console:") { inJSON = true }
                continue
            }
            if line.hasPrefix("{") || line.hasPrefix("[") { continue }
            if expectingPattern {
                // Alternatives are split at the top level only: "(is|was)" is regex syntax.
                var depth = 0
                var current = ""
                for character in line {
                    if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                    if character == "|", depth == 0 {
                        patterns.append(current)
                        current = ""
                    } else {
                        current.append(character)
                    }
                }
                patterns.append(current)
                expectingPattern = false
            }
        }
        return (patterns, examples)
    }

    /// A pattern with words an author marked optional (`[please] tell me a
    /// joke`, `minute[s]`, issue 31's extension) as every phrase it stands
    /// for, fullest first; at most `optionalLimit`. Brackets around anything
    /// but letters, spaces and apostrophes are left alone (a regular
    /// expression's class, which `words(of:)` refuses).
    public static func expandingOptionalWords(_ pattern: String) -> [String] {
        var phrases = [""]
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            let inner = rest[rest.index(after: open)..<close]
            guard !inner.isEmpty, inner.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" }) else { return [pattern] }
            let before = rest[..<open]
            phrases = phrases.flatMap { [$0 + before + inner, $0 + before] }
            if phrases.count > optionalLimit { phrases.removeLast(phrases.count - optionalLimit) }
            rest = rest[rest.index(after: close)...]
        }
        return phrases.map { ($0 + rest).split(separator: " ").joined(separator: " ") }
    }
    static let optionalLimit = 16

    /// Words that open almost any question. A pattern made only of them and
    /// wildcards ("what is *", the calculator's) would let the recogniser
    /// turn every question into "what is" plus two filler words, so such a
    /// pattern is left out; its skill's examples still are in.
    static let openers: Set<String> = ["what", "what's", "whats", "is", "are", "the", "a", "an", "who", "how",
                                       "much", "many", "me", "tell", "i", "you", "do", "does", "can", "please"]

    static func isCatchAll(_ words: [String]) -> Bool {
        words.contains(wildcard) && words.allSatisfy { $0 == wildcard || openers.contains($0) }
    }

    /// The grammar of these skill texts; `knows` says whether the
    /// dictionary has a word.
    public init(skillTexts: [String], extraExamples: [String] = [], knows: (String) -> Bool) {
        var seen = Set<[String]>()
        var list: [[String]] = []
        func add(_ phrase: String, isPattern: Bool) {
            guard let words = Self.words(of: phrase, isPattern: isPattern),
                  words.allSatisfy({ $0 == Self.wildcard || knows($0) }),
                  !(isPattern && Self.isCatchAll(words)), seen.insert(words).inserted else { return }
            list.append(words)
        }
        for text in skillTexts {
            let found = Self.phrases(inSkill: text)
            for pattern in found.patterns {
                Self.expandingOptionalWords(pattern).forEach { add($0, isPattern: true) }
            }
            found.examples.forEach { add($0, isPattern: false) }
        }
        extraExamples.forEach { add($0, isPattern: false) }
        phrases = list
        var words = Set(list.joined().filter { $0 != Self.wildcard })
        words.formUnion(NumberWords.vocabulary.filter(knows))
        vocabulary = words.sorted()
    }

    /// JSGF, one public rule: any phrase; a wildcard is one or two words
    /// of the vocabulary.
    public var jsgf: String {
        func token(_ word: String) -> String { word == Self.wildcard ? "<any>" : word }
        var text = "#JSGF V1.0;\ngrammar susi;\n"
        text += "public <query> = " + phrases.map { $0.map(token).joined(separator: " ") }.joined(separator: "\n    | ") + ";\n"
        text += "<word> = " + vocabulary.joined(separator: " | ") + ";\n"
        text += "<any> = <word> [<word>];\n"
        return text
    }

    /// Whether recognised text is one of the phrases (wildcards match one or
    /// two words).
    public func covers(_ text: String) -> Bool {
        let words = text.split(separator: " ").map(String.init)
        func match(_ phrase: ArraySlice<String>, _ rest: ArraySlice<String>) -> Bool {
            guard let first = phrase.first else { return rest.isEmpty }
            if first == Self.wildcard {
                for count in 1...2 where count <= rest.count {
                    if match(phrase.dropFirst(), rest.dropFirst(count)) { return true }
                }
                return false
            }
            return rest.first == first && match(phrase.dropFirst(), rest.dropFirst())
        }
        return phrases.contains { match($0[...], words[...]) }
    }
}

/// The skills grammar on disk: built once per catalogue, kept in the cache
/// directory under a fingerprint of the catalogue (each skill's name,
/// modification time, intent count and examples), rebuilt when the
/// fingerprint changes. Older grammars of the same language are removed.
public enum GrammarCache {
    /// A 64-bit FNV-1a of the catalogue, as 16 hex digits.
    public static func fingerprint(_ skills: [SkillInfo], modelCode: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3
        }
        mix("grammar-v4 " + modelCode)
        for skill in skills.sorted(by: { $0.ref.path < $1.ref.path }) {
            mix(skill.ref.path)
            mix(skill.modified.map { String($0.timeIntervalSince1970) } ?? "-")
            mix(skill.intentCount.map(String.init) ?? "-")
            skill.examples.forEach(mix)
        }
        return String(format: "%016llx", hash)
    }

    public static func directory(_ paths: Paths) -> String { paths.cacheDirectory + "/listen" }

    public static func file(_ paths: Paths, modelCode: String, fingerprint: String) -> String {
        directory(paths) + "/skills-\(modelCode)-\(fingerprint).gram"
    }

    /// The grammar file for the catalogue `service` has in `language`,
    /// built when missing; `rebuilt` says whether it was.
    public static func grammar(service: SusiService, language: String, modelCode: String, paths: Paths,
                               knows: (String) -> Bool) throws -> (path: String, rebuilt: Bool, grammar: SkillGrammar?) {
        let skills = try service.skills(SkillQuery(language: language))
        let path = file(paths, modelCode: modelCode, fingerprint: fingerprint(skills, modelCode: modelCode))
        if FileManager.default.isReadableFile(atPath: path) { return (path, false, nil) }
        let texts = try skills.map { try service.skillText($0.ref) }
        let grammar = SkillGrammar(skillTexts: texts, extraExamples: skills.flatMap(\.examples), knows: knows)
        guard !grammar.phrases.isEmpty else {
            throw CommandError(.unavailable, "No installed skill has a phrase that can be said in this language, so there is nothing to listen for.",
                               hint: "Use the generic model: susi listen --generic")
        }
        try AtomicFile.createDirectory(directory(paths))
        let prefix = "skills-\(modelCode)-"
        for old in (try? FileManager.default.contentsOfDirectory(atPath: directory(paths))) ?? [] where old.hasPrefix(prefix) {
            try? FileManager.default.removeItem(atPath: directory(paths) + "/" + old)
        }
        try AtomicFile.write(Array(grammar.jsgf.utf8), to: path, mode: 0o644)
        return (path, true, grammar)
    }

    /// The phrases of a grammar file written by `grammar(...)`, read back
    /// (for the coverage check without rebuilding).
    public static func load(_ path: String) -> SkillGrammar? {
        guard let bytes = try? AtomicFile.read(path, limit: 8 << 20) else { return nil }
        return SkillGrammar(jsgf: String(decoding: bytes, as: UTF8.self))
    }
}

extension SkillGrammar {
    /// Reads back the phrases of `jsgf` as written above.
    init?(jsgf: String) {
        guard let start = jsgf.range(of: "public <query> = "), let end = jsgf.range(of: ";\n<word> = ", range: start.upperBound..<jsgf.endIndex),
              let wordsEnd = jsgf.range(of: ";\n<any>", range: end.upperBound..<jsgf.endIndex) else { return nil }
        phrases = jsgf[start.upperBound..<end.lowerBound].components(separatedBy: "\n    | ").map { $0.split(separator: " ").map(String.init) }
        vocabulary = jsgf[end.upperBound..<wordsEnd.lowerBound].components(separatedBy: " | ")
    }
}
