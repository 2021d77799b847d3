import Dispatch
import Foundation

/// Reads and parses many skill files on a few threads (`skills import`: the
/// parse is most of an import's time). Results come back in the order of the
/// files given, whatever thread read them and when, so the warnings and the
/// ids stored from them stay the same as one thread reading in order.
public enum SkillBatchReader {
    /// One file's result: its skill with the text it was parsed from, or why
    /// it could not be read.
    public enum Outcome: Sendable {
        case parsed(Skill, source: String)
        case refused(SkillFileRefusal)
    }

    /// One file to read, with the skill id (path) it is parsed under.
    public struct Job: Sendable {
        public var file: SkillSourceFile
        public var id: String

        public init(file: SkillSourceFile, id: String) {
            self.file = file
            self.id = id
        }
    }

    /// Two threads on the two-core machines susi is measured on; more cores add
    /// little once the largest file (a third of the public corpus) is the wait.
    public static var defaultThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// The outcome of each job, in job order; nil when `shouldStop` said stop
    /// before that job was started (then the caller stores nothing). Largest
    /// files are started first, so one big file does not end the batch alone.
    public static func read(_ jobs: [Job], threads: Int = defaultThreads,
                            shouldStop: @escaping @Sendable () -> Bool) -> [Outcome?] {
        let order = startOrder(jobs)
        let state = BatchState(count: jobs.count)
        let workers = max(1, min(threads, jobs.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let k = state.take(from: order) {
                if shouldStop() {
                    state.stop()
                    return
                }
                let job = jobs[k]
                let outcome: Outcome
                do throws(SkillFileRefusal) {
                    let text = try SkillFileWalker.readText(job.file)
                    outcome = .parsed(SkillParser.parse(text: text, path: job.id), source: text)
                } catch {
                    outcome = .refused(error)
                }
                state.store(outcome, at: k)
            }
        }
        return state.results
    }

    /// Job indices by file size, largest first (ties and unknown sizes in job order).
    static func startOrder(_ jobs: [Job]) -> [Int] {
        let sizes = jobs.map { job -> Int in
            var info = stat()
            return stat(job.file.path, &info) == 0 ? Int(info.st_size) : 0
        }
        return jobs.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }
}

/// The next job to hand out and the results so far, shared by the batch's
/// threads; every access holds the lock.
private final class BatchState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var stopped = false
    private var slots: [SkillBatchReader.Outcome?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func take(from order: [Int]) -> Int? {
        lock.withLock {
            guard !stopped, next < order.count else { return nil }
            defer { next += 1 }
            return order[next]
        }
    }

    func stop() {
        lock.withLock { stopped = true }
    }

    func store(_ outcome: SkillBatchReader.Outcome, at index: Int) {
        lock.withLock { slots[index] = outcome }
    }

    var results: [SkillBatchReader.Outcome?] {
        lock.withLock { slots }
    }
}
