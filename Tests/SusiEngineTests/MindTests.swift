import Foundation
import Testing
@testable import SusiEngine

@Suite("Mind: ranking, index, loading")
struct MindTests {
    @Test func tiesGoToTheIntentDeclaredFirst() {
        let m = mind("hello there\nfirst\n\nhello there\nsecond\n")
        #expect(m.say("hello there") == "first")
    }

    @Test("apostrophes and hyphens do not hide intents (the reference's keyword index misses them)")
    func punctuatedKeywordsAreFound() {
        let m = mind("nobody's perfect\nIndeed.\n\nKopi-O please\nOne black coffee.\n\nwhat's * name\nIt is $1$.\n")
        #expect(m.say("Nobody's perfect!") == "Indeed.")
        #expect(m.say("kopi-o please") == "One black coffee.")
        #expect(m.say("what's your name") == "It is your.")
    }

    @Test func languageRanksOwnLanguageFirst() {
        let en = SkillParser.parse(text: "hallo\nhello from en\n", path: "models/general/X/en/a.txt")
        let de = SkillParser.parse(text: "hallo\nhallo from de\n", path: "models/general/X/de/a.txt")
        #expect(Mind(skills: [de, en]).say("hallo") == "hello from en")
        #expect(Mind(skills: [de, en], language: "de").say("hallo") == "hallo from de")
    }

    @Test func theIndexNeverChangesTheAnswer() {
        let m = mind("""
            * like you
            a

            i * you *
            b

            *you
            c

            hello*
            d

            (.*)bye
            e

            + rocks
            f

            i like you
            g
            """)
        for q in ["I like you", "i love you so", "thank you", "hellothere", "hello", "goodbye", "music rocks", "x y z", "you"] {
            let indexed = m.explain(q)
            let exhaustive = m.explain(q, exhaustive: true)
            #expect(indexed?.line == exhaustive?.line, "\(q)")
        }
    }

    @Test func loadsATreeWithRelativeIDs() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("susi-tree-\(UUID().uuidString)/models")
        let dir = root.appendingPathComponent("general/Fun/en")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("general/Fun/de"), withIntermediateDirectories: true)
        try "ping\npong\n".write(to: dir.appendingPathComponent("ping.txt"), atomically: true, encoding: .utf8)
        try "ping\nDE pong\n".write(to: root.appendingPathComponent("general/Fun/de/ping.txt"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let m = try Mind(loadingTree: root)
        #expect(m.skills.map(\.path) == ["models/general/Fun/en/ping.txt"])
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let reply = m.ask("ping", memory: &memory, random: &rng)
        #expect(reply.text == "pong")
        #expect(reply.answers[0].skills == ["models/general/Fun/en/ping.txt"])
        let all = try Mind(loadingTree: root, languages: nil)
        #expect(all.skills.count == 2)
    }

    @Test("a 1 MB query completes against patterns of every shape")
    func megabyteQueryCompletes() {
        var text = "(.*)(.*)(.*)(.*)[x]\nnever\n\n"
        for k in 0..<300 {
            text += "* word\(k) *\nw\(k)\n\n* and * and * and * end\(k)\nx\n\n(.*)(.*)(.*)(.*)z\(k)\ny\n\nw\(k) _ _ _ _\nv\n\n"
        }
        let m = mind(text)
        let query = String(repeating: "word1 and word2 and more words ", count: 34_000)
        #expect(query.utf8.count > 1_000_000)
        #expect(m.say(query) == "w1")
        let unmatched = String(repeating: "lorem and ipsum ", count: 66_000)
        #expect(unmatched.utf8.count > 1_000_000)
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let fallback = m.ask(unmatched, memory: &memory, random: &rng).isFallback
        #expect(fallback)
    }
}

@Suite("Index equivalence on the corpus")
struct CorpusIndexTests {
    @Test("with every public English skill, the index answers exactly as testing every intent", SharedCorpus.required)
    func indexMatchesExhaustiveSearch() throws {
        let skills = try SkillTreeLoader.load(tree: SharedCorpus.root.appendingPathComponent("models"), languages: ["en"])
            .filter { !$0.path.contains("Artificial Markup Language") }
        let m = Mind(skills: skills)
        var queries: [String] = []
        for s in skills {
            for i in s.intents { queries += i.patterns.map { $0.replacingOccurrences(of: "*", with: "some thing") } }
            queries += s.examples.map(\.query)
        }
        var mismatches: [String] = []
        for q in Set(queries).sorted().prefix(1500) {
            let a = m.explain(q), b = m.explain(q, exhaustive: true)
            if a?.skill != b?.skill || a?.line != b?.line { mismatches.append(q) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("the full English corpus, AIML included, loads with diagnostics and answers", SharedCorpus.required)
    func fullCorpusLoads() throws {
        let m = try Mind(loadingTree: SharedCorpus.root.appendingPathComponent("models"))
        #expect(m.intentCount > 57_000)
        #expect(m.diagnostics.contains { $0.message.contains("expect:") })
        #expect(!m.say("Who is God?").isEmpty)
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let big = String(repeating: "tell me something about the world ", count: 30_000)
        let answered = !m.ask(big, memory: &memory, random: &rng).text.isEmpty
        #expect(answered)
    }
}
