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
    /// The queued lines, each followed by a newline, in one buffer, and
    /// where each ends: a line costs a copy of its bytes, never an
    /// allocation of its own, and the writer takes them all by a swap.
    private var queued: [UInt8] = []
    private var ends: [Int] = []
    /// Lines of `ends` already taken by a closure sink (one at a time).
    private var head = 0
    /// The buffer of the last write, emptied, to queue lines into next.
    private var spare: [UInt8] = []
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
        var line = line
        line.withUTF8 { append(bytes: $0) }
    }

    /// Queues a line given as its UTF-8 bytes (no newline).
    func append(bytes line: UnsafeBufferPointer<UInt8>) {
        condition.lock()
        defer { condition.unlock() }
        if stopping && abandonAt != nil { return }
        if ends.count - head >= capacity {
            dropped += 1
            unreported += 1
            return
        }
        queued.append(contentsOf: line)
        queued.append(UInt8(ascii: "\n"))
        ends.append(queued.count)
        if idle || (gathering && ends.count >= Self.batchLines) { condition.signal() }
    }

    /// Waits up to `seconds` for every queued line to be written, then
    /// stops the writer (lines still queued then are abandoned).
    public func finish(within seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        stopping = true
        condition.broadcast()
        while (ends.count > head || writing || unreported > 0), Date() < deadline {
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        abandonAt = deadline
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            if ends.count == head && unreported == 0 && !stopping {
                // After a write: more lines are likely; gather them a moment.
                gathering = true
                _ = condition.wait(until: Date().addingTimeInterval(Self.gatherSeconds))
                gathering = false
            }
            while ends.count == head && unreported == 0 && !stopping {
                idle = true
                condition.wait()
                idle = false
            }
            let empty = ends.count == head && unreported == 0
            if empty || (abandonAt.map { Date() >= $0 } ?? false) {
                // Stopping with nothing left, or out of time.
                condition.unlock()
                return
            }
            // Everything queued goes in one write (a line each, as before):
            // under load that is one system call for many requests.
            var batch: [UInt8] = []
            if unreported > 0 {
                // The reader took the previous lines: say what it missed first.
                batch += "susi serve: \(unreported) access-log line\(unreported == 1 ? "" : "s") dropped (stderr was not read fast enough)\n".utf8
                unreported = 0
            }
            var lineEnds: [Int] = []
            if case .lines = sink {
                // A closure sink takes one line at a time (it may block on each).
                if !batch.isEmpty { lineEnds.append(batch.count) }
                if ends.count > head {
                    let start = head == 0 ? 0 : ends[head - 1]
                    batch += queued[start..<ends[head]]
                    lineEnds.append(batch.count)
                    head += 1
                    if head == ends.count {
                        queued.removeAll(keepingCapacity: true)
                        ends.removeAll(keepingCapacity: true)
                        head = 0
                    }
                }
            } else {
                if batch.isEmpty {
                    // Taken whole by a swap; the emptied buffer of the last write takes the next lines.
                    swap(&batch, &spare)
                    swap(&batch, &queued)
                } else {
                    batch += queued
                    queued.removeAll(keepingCapacity: true)
                }
                ends.removeAll(keepingCapacity: true)
            }
            writing = true
            condition.unlock()
            write(batch, lineEnds: lineEnds)
            batch.removeAll(keepingCapacity: true)
            condition.lock()
            if batch.capacity > spare.capacity { spare = batch }
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

    /// Lines queued that wake a gathering writer at once.
    static let batchLines = 256

    /// `lineEnds`: where each line (newline included) ends, for a closure sink.
    private func write(_ bytes: [UInt8], lineEnds: [Int]) {
        switch sink {
        case let .lines(body):
            var start = 0
            for end in lineEnds {
                body(String(decoding: bytes[start..<(end - 1)], as: UTF8.self))
                start = end
            }
        case let .descriptor(fd):
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
