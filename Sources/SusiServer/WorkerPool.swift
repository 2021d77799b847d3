import Foundation

/// The threads that answer requests. libmicrohttpd's own threads only read
/// and write sockets; a request that takes long (a slow console, a busy
/// database) holds one of these, never the connections that share its
/// libmicrohttpd thread.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var head = 0
    private var stopping = false

    init(threads: Int, name: String) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in run() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    func submit(_ job: @escaping () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the threads end once the queue is empty.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while head == jobs.count && !stopping { condition.wait() }
            if head == jobs.count {
                condition.unlock()
                return
            }
            let job = jobs[head]
            head += 1
            if head > 256 && head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
