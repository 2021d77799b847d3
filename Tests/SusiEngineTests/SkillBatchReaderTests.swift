import Foundation
import Testing
@testable import SusiEngine

@Suite("Skill batch reader")
struct SkillBatchReaderTests {
    /// A tree of skill files of very different sizes (so the largest-first start
    /// order differs from the file order), one binary file and one missing file.
    static func makeTree() throws -> (root: URL, jobs: [SkillBatchReader.Job]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("susi-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var jobs: [SkillBatchReader.Job] = []
        for k in 0..<24 {
            let name = String(format: "skill%02d.txt", k)
            let url = root.appendingPathComponent(name)
            if k == 7 {
                try Data([0x68, 0x69, 0x00, 0x0A]).write(to: url)
            } else if k != 13 {
                var text = "::name Skill \(k)\n\n"
                for i in 0..<(k % 5 == 0 ? 300 : k + 1) {
                    text += "question \(k) number \(i) | ask \(k) * \(i)\nanswer \(i) for \(k)\n\n"
                }
                text += "stray line \(k)\n\n!javascript only\n"
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            jobs.append(.init(file: SkillSourceFile(relative: name, path: url.path), id: "models/general/Test/en/" + name))
        }
        return (root, jobs)
    }

    /// What one outcome says, to compare a batch with the file-by-file read.
    static func summary(_ outcome: SkillBatchReader.Outcome?) -> String {
        switch outcome {
        case .parsed(let skill, let source)?:
            let intents = skill.intents.map { "\($0.line):\($0.patterns.joined(separator: "|"))" }.joined(separator: ",")
            return "\(skill.path) \(source.count) [\(intents)] \(skill.diagnostics.map(\.description))"
        case .refused(let refusal)?:
            return "refused \(refusal.file): \(refusal.reason)"
        case nil:
            return "not read"
        }
    }

    @Test func givesEachFilesResultInFileOrderWhateverTheThreads() throws {
        let (root, jobs) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = jobs.map { job -> String in
            do throws(SkillFileRefusal) {
                let text = try SkillFileWalker.readText(job.file)
                return Self.summary(.parsed(SkillParser.parse(text: text, path: job.id), source: text))
            } catch {
                return Self.summary(.refused(error))
            }
        }
        #expect(expected[7].hasPrefix("refused skill07.txt: binary data"))
        #expect(expected[13].hasPrefix("refused skill13.txt: cannot read"))
        #expect(expected[3].contains("line without an answer is ignored: stray line 3"))
        for threads in [1, 2, 4] {
            let outcomes = SkillBatchReader.read(jobs, threads: threads, shouldStop: { false })
            #expect(outcomes.map(Self.summary) == expected, "\(threads) threads")
        }
    }

    @Test func startsTheLargestFilesFirst() throws {
        let (root, jobs) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let order = SkillBatchReader.startOrder(jobs)
        #expect(order.sorted() == Array(jobs.indices))
        // The three files of 300 intents with two-digit numbers are the same size: ties go in file order.
        #expect(Array(order.prefix(3)) == [10, 15, 20])
        // The missing file counts as empty, after the binary one of four bytes.
        #expect(order.suffix(2) == [7, 13])
        #expect(order.last == 13)
    }

    @Test func aStopBeforeTheFirstFileReadsNothing() throws {
        let (root, jobs) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let outcomes = SkillBatchReader.read(jobs, threads: 2, shouldStop: { true })
        #expect(outcomes.count == jobs.count)
        #expect(outcomes.allSatisfy { $0 == nil })
    }

    @Test func aStopMidwayLeavesTheFilesNotStartedUnread() throws {
        let (root, jobs) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let asked = Counter()
        let outcomes = SkillBatchReader.read(jobs, threads: 1, shouldStop: { asked.next() > 5 })
        let order = SkillBatchReader.startOrder(jobs)
        // One thread: exactly the five files started first were read.
        #expect(order.prefix(5).allSatisfy { outcomes[$0] != nil })
        #expect(order.dropFirst(5).allSatisfy { outcomes[$0] == nil })
    }

    @Test func noFilesNoResults() {
        #expect(SkillBatchReader.read([], shouldStop: { false }).isEmpty)
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
