import Foundation
import Testing
@testable import SusiEngine

@Suite("Public skill corpus")
struct CorpusConformanceTests {
    @Test("every cases.tsv row answers as expected from its own skill", SharedCorpus.required)
    func cases() throws {
        let rows = try SharedCorpus.rows("cases.tsv")
        #expect(rows.count > 500)
        var minds: [String: Mind] = [:]
        var failures: [String] = []
        for row in rows where row.count >= 3 {
            let mind = try minds[row[0]] ?? Mind(skills: [SharedCorpus.skill(row[0])])
            minds[row[0]] = mind
            var memory = ConversationMemory()
            var rng = SeededRandom(seed: 1)
            let reply = mind.ask(row[1], memory: &memory, random: &rng)
            if reply.text != row[2] { failures.append("\(row[0]) | \(row[1]) → \(reply.text) (expected \(row[2]))") }
        }
        #expect(failures.isEmpty, "\(failures.count) failing rows:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test("every exact examples.tsv pair is a possible answer of its skill", SharedCorpus.required)
    func exactExamples() throws {
        let rows = try SharedCorpus.rows("examples.tsv").filter { $0.count >= 5 && $0[4] == "exact" }
        #expect(rows.count >= 40)
        var failures: [String] = []
        for row in rows {
            let mind = Mind(skills: [try SharedCorpus.skill(row[0])])
            let answers = mind.possibleAnswers(row[1])
            if !answers.contains(row[2]) { failures.append("\(row[0]) | \(row[1]) → \(answers) (expected \(row[2]))") }
        }
        #expect(failures.isEmpty, "\(failures.count) failing rows:\n\(failures.joined(separator: "\n"))")
    }

    @Test("the example checker gives every examples.tsv row its reference verdict", SharedCorpus.required)
    func exampleVerdicts() throws {
        let rows = try SharedCorpus.rows("examples.tsv").filter { $0.count >= 5 }
        var failures: [String] = []
        for (path, group) in Dictionary(grouping: rows, by: { $0[0] }) {
            let skill = try SharedCorpus.skill(path)
            let checks = Mind(skills: [skill]).checkExamples(of: skill)
            for row in group {
                let expected = row[4].hasPrefix("loose") ? "loose" : row[4]
                let check = checks.first { $0.example.query == row[1] && $0.example.expect == row[2] }
                if check?.verdict.rawValue != expected {
                    failures.append("\(path) | \(row[1]) → \(check?.verdict.rawValue ?? "missing") (expected \(expected))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
