import Foundation
import Testing
@testable import SusiEngine

@Suite("Stored intents: a mind over records answers as a mind over the skills")
struct StoredIntentTests {
    private func skills(_ texts: [(String, String)]) -> [Skill] {
        texts.map { SkillParser.parse(text: $1, path: $0) }.sorted { $0.path < $1.path }
    }

    private func stored(_ skills: [Skill], language: String = "en") -> Mind {
        Mind(source: StoredIntentSet(records: StoredIntent.records(of: skills).flatMap { $0 }, userLanguage: language),
             language: language)
    }

    private let sample = [
        ("models/general/A/en/a.txt", "hello there\nfirst\n\nhello *\nhi $1$\n\n* like you\nme too\n\nwho are you\n`hello there` from a\n"),
        ("models/general/B/en/b.txt", "hello there\nsecond\n\nmy name is *\nNice, $1$!^$1$^>_name\n\nwhat is my name\n?$_name$:Your name is $_name$.:I do not know.\n"),
        ("models/general/B/de/c.txt", "hallo\nhallo from de\n"),
        ("models/general/B/en/d.txt", "hallo\nhello from en\n"),
    ]

    @Test func recordsRebuildTheirIntent() throws {
        for record in StoredIntent.records(of: skills(sample)).flatMap({ $0 }) {
            let intent = try #require(record.restore())
            #expect(intent.line == record.line)
            #expect(intent.skillPath == record.skillPath)
            #expect(intent.variant == record.variant)
        }
    }

    @Test func sameIntentSameRankSameTies() {
        let all = skills(sample)
        for language in ["en", "de"] {
            let memory = Mind(skills: all, language: language)
            let store = stored(all, language: language)
            for query in ["hello there", "hello you", "i like you", "who are you", "hallo", "what is my name", "nothing at all"] {
                #expect(store.explain(query)?.skill == memory.explain(query)?.skill, "\(query)")
                #expect(store.explain(query)?.line == memory.explain(query)?.line, "\(query)")
                #expect(store.possibleAnswers(query, tries: 5) == memory.possibleAnswers(query, tries: 5), "\(query)")
            }
        }
    }

    @Test func memoryAndReflectionsWork() {
        let store = stored(skills(sample))
        var memory = ConversationMemory()
        #expect(store.ask("who are you", memory: &memory).text == "first from a")
        #expect(store.ask("my name is ada", memory: &memory).text == "Nice, ada!")
        #expect(store.ask("what is my name", memory: &memory).text == "Your name is ada.")
    }

    @Test("every English corpus skill: the records answer each cases.tsv query as the whole mind does",
          SharedCorpus.required)
    func corpusRecordsAnswerAsTheMind() throws {
        let all = try SkillTreeLoader.load(tree: SharedCorpus.root.appendingPathComponent("models"), languages: ["en"])
            .sorted { $0.path < $1.path }
        let memory = Mind(skills: all)
        let store = stored(all)
        var differences: [String] = []
        for row in try SharedCorpus.rows("cases.tsv") where row.count >= 3 {
            let a = memory.explain(row[1]), b = store.explain(row[1])
            if a?.skill != b?.skill || a?.line != b?.line { differences.append("\(row[1]): \(String(describing: a)) vs \(String(describing: b))") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    }
}
