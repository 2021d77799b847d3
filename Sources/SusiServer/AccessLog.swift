import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The server's log lines, written by a thread of their own so that a slow
/// or stalled reader (a full stderr pipe) never holds up a request: lines
/// wait in a bounded buffer; when it is full, new lines are dropped and
/// counted, and the count is written as soon as the reader catches up.
public final class AccessLog: @unchecked Sendable {
    public enum Sink: Sendable {
        /// Called on the log's thread, one line (no newline) at a time; may block.
        case lines(@Sendable (String) -> Void)
        /// Written directly, waiting at most a moment at a time, so a
        /// shutdown never hangs on a stalled reader. A reader that is gone
        /// (EPIPE; SIGPIPE must be ignored) costs the line, nothing else.
        case descriptor(Int32)
    }

    private let sink: Sink
    private let capacity: Int
    private let condition = NSCondition()
    private var queue: [String] = []
    private var head = 0
    private var dropped = 0
    private var unreported = 0
    private var writing = false
    private var stopping = false
    private var abandonAt: Date?
    /// The writer is waiting for a line: only then does a new one wake it
    /// (a futex call per request was in the profile under load).
    private var idle = false
    /// The writer is gathering lines for at most `gatherSeconds` after a
    /// write: lines then wake it only when a batch is full, so a busy server
    /// makes one write (and one wake-up) per batch, not per request.
    private var gathering = false
    /// The longest a line waits for its write while lines keep coming.
    static let gatherSeconds = 0.05

    public init(capacity: Int = 4096, sink: Sink) {
        self.capacity = max(1, capacity)
        self.sink = sink
        let thread = Thread { [self] in run() }
        thread.name = "susi-access-log"
        thread.start()
    }

    /// Lines dropped because the buffer was full.
    public var droppedLines: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }

    /// Queues a line; never blocks on the reader.
    public func append(_ line: String) {
        condition.lock()
        defer { condition.unlock() }
        if stopping && abandonAt != nil { return }
        if queue.count - head >= capacity {
            dropped += 1
            unreported += 1
            return
        }
        queue.append(line)
        if idle || (gathering && queue.count - head >= Self.batchLines) { condition.signal() }
    }

    /// Waits up to `seconds` for every queued line to be written, then
    /// stops the writer (lines still queued then are abandoned).
    public func finish(within seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        stopping = true
        condition.broadcast()
        while (queue.count > head || writing || unreported > 0), Date() < deadline {
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        abandonAt = deadline
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            if queue.count == head && unreported == 0 && !stopping {
                // After a write: more lines are likely; gather them a moment.
                gathering = true
                _ = condition.wait(until: Date().addingTimeInterval(Self.gatherSeconds))
                gathering = false
            }
            while queue.count == head && unreported == 0 && !stopping {
                idle = true
                condition.wait()
                idle = false
            }
            let empty = queue.count == head && unreported == 0
            if empty || (abandonAt.map { Date() >= $0 } ?? false) {
                // Stopping with nothing left, or out of time.
                condition.unlock()
                return
            }
            // Everything queued goes in one write (a line each, as before):
            // under load that is one system call for many requests.
            var lines: [String] = []
            if unreported > 0 {
                // The reader took the previous lines: say what it missed first.
                lines.append("susi serve: \(unreported) access-log line\(unreported == 1 ? "" : "s") dropped (stderr was not read fast enough)")
                unreported = 0
            }
            // A closure sink takes one line at a time (it may block on each).
            let batch: Int
            if case .descriptor = sink { batch = Self.batchLines } else { batch = 1 }
            let taken = min(queue.count - head, batch)
            lines += queue[head..<(head + taken)]
            head += taken
            if head > 1024 && head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            writing = true
            condition.unlock()
            write(lines)
            condition.lock()
            writing = false
            condition.broadcast()
            condition.unlock()
        }
    }

    private var abandoned: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let abandonAt else { return false }
        return Date() >= abandonAt
    }

    /// The most lines written at once.
    static let batchLines = 256

    private func write(_ lines: [String]) {
        switch sink {
        case let .lines(body):
            for line in lines { body(line) }
        case let .descriptor(fd):
            var bytes: [UInt8] = []
            for line in lines {
                bytes += line.utf8
                bytes.append(UInt8(ascii: "\n"))
            }
            var offset = 0
            while offset < bytes.count {
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&poller, 1, 100)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 {
                    if abandoned { return }
                    continue
                }
                if ready < 0 || poller.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return }
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return  // EPIPE and friends: the reader is gone.
                }
                offset += written
            }
        }
    }
}
