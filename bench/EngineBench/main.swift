// Matching speed with every public English skill loaded.
//
//   swift run -c release susi-engine-bench [path/to/skill-corpus]
//
// Targets (issue: the SUSI skill language): median per query <= 2 ms and no
// query slower than 10 ms; the indexed search is compared in the same run
// with trying every intent in turn.
import Foundation
import SusiEngine

func milliseconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1_000_000 }

func time(_ body: () -> Void) -> UInt64 {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return DispatchTime.now().uptimeNanoseconds - start
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
    return sorted[index]
}

func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

let corpusPath = CommandLine.arguments.dropFirst().first ?? "../shared/skill-corpus"
let corpus = URL(fileURLWithPath: corpusPath)
guard FileManager.default.fileExists(atPath: corpus.appendingPathComponent("models").path) else {
    print("engine bench skipped: no skill corpus at \(corpusPath) (pass its path as the first argument)")
    exit(0)
}

// Load and index.
var skills: [Skill] = []
let loadTime = time {
    skills = (try? SkillTreeLoader.load(tree: corpus.appendingPathComponent("models"), languages: ["en"])) ?? []
}
var mind: Mind!
let indexTime = time { mind = Mind(skills: skills, language: "en") }
print("corpus: \(skills.count) English skill files, \(mind.intentCount) intents")
print(String(format: "load %.0f ms, index %.0f ms", milliseconds(loadTime), milliseconds(indexTime)))

// Queries: every cases.tsv query, every example, hand-picked hard ones, and
// a deterministic sample of the large converted chatbot skill's patterns.
var queries: [String] = []
for name in ["cases.tsv", "examples.tsv"] {
    if let text = try? String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8) {
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count > 1 { queries.append(String(fields[1])) }
        }
    }
}
queries += ["hello", "what can you do", "nobody's perfect", "kopi-o", "tell me a joke",
            "what is the weather in berlin", "i do not understand what you are saying to me right now",
            "who is the president of the united states of america", "xyzzy plugh"]
if let big = skills.max(by: { $0.intents.count < $1.intents.count }) {
    let step = max(1, big.intents.count / 300)
    for index in stride(from: 0, to: big.intents.count, by: step) {
        if let pattern = big.intents[index].patterns.first {
            queries.append(pattern.replacingOccurrences(of: "*", with: "something").replacingOccurrences(of: "_", with: "something"))
        }
    }
}
print("queries: \(queries.count)")

// Indexed asks: median of 5 timed runs per query after one warm-up.
var perQuery: [(query: String, ms: Double)] = []
for query in queries {
    var memory = ConversationMemory()
    _ = mind.ask(query, memory: &memory)
    var runs: [Double] = []
    for _ in 0..<5 {
        var fresh = ConversationMemory()
        runs.append(milliseconds(time { _ = mind.ask(query, memory: &fresh) }))
    }
    perQuery.append((query, median(runs)))
}
let sorted = perQuery.map(\.ms).sorted()
let slowest = perQuery.max { $0.ms < $1.ms }!
print(String(format: "ask (indexed): median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms (%@)",
             percentile(sorted, 0.5), percentile(sorted, 0.9), percentile(sorted, 0.99), slowest.ms,
             String(slowest.query.prefix(60)) as NSString))

// The same search trying every intent in turn, on a sample (it is slow).
let sampleStep = max(1, queries.count / 60)
var indexed: [Double] = []
var exhaustive: [Double] = []
var disagreements = 0
for index in stride(from: 0, to: queries.count, by: sampleStep) {
    let query = queries[index]
    var a: (skill: String, line: Int)?
    var b: (skill: String, line: Int)?
    indexed.append(milliseconds(time { a = mind.explain(query, exhaustive: false) }))
    exhaustive.append(milliseconds(time { b = mind.explain(query, exhaustive: true) }))
    if a?.skill != b?.skill || a?.line != b?.line { disagreements += 1 }
}
let ratio = median(exhaustive) / max(median(indexed), 0.000_001)
print(String(format: "every intent in turn (%d queries): median %.3f ms vs indexed %.3f ms: %.0fx faster; %d different answers",
             indexed.count, median(exhaustive), median(indexed), ratio, disagreements))

let medianOK = percentile(sorted, 0.5) <= 2
let maxOK = slowest.ms <= 10
print("target median <= 2 ms: \(medianOK ? "PASS" : "FAIL"); target max <= 10 ms: \(maxOK ? "PASS" : "FAIL")")
exit(medianOK && maxOK && disagreements == 0 ? 0 : 1)
