import Foundation
import SusiPorts

/// At most `limit` connections to the store for this process, made when
/// first needed and reused. A caller finding all of them busy waits at most
/// `wait` seconds, then is refused with `.unavailable` (503 with Retry-After
/// under `susi serve`): a store that is slow costs answers, never an
/// unbounded queue of threads. A connection found down is dropped and made anew.
final class ConnectionPool: @unchecked Sendable {
    let address: StoreAddress
    let limit: Int
    let wait: TimeInterval
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    private var open = 0

    init(_ address: StoreAddress, limit: Int, wait: TimeInterval) {
        self.address = address
        self.limit = max(1, limit)
        self.wait = wait
    }

    /// Runs `body` on a connection of the pool.
    func with<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try acquire()
        var keep = true
        defer { release(connection, keep: keep) }
        do {
            return try body(connection)
        } catch {
            keep = connection.isUp
            throw error
        }
    }

    private func acquire() throws -> PostgresConnection {
        condition.lock()
        let deadline = Date().addingTimeInterval(wait)
        while idle.isEmpty && open >= limit {
            guard condition.wait(until: deadline) else {
                condition.unlock()
                let busy = limit == 1 ? "The one connection to the store is" : "All \(limit) connections to the store are"
                throw ServiceError(.unavailable, "\(busy) in use; try again in a moment.")
            }
        }
        if let connection = idle.popLast() {
            condition.unlock()
            if connection.isUp { return connection }
            // Gone while idle (the server restarted): make another in its place.
            return try replace()
        }
        open += 1
        condition.unlock()
        return try replace()
    }

    /// A new connection for a slot already counted in `open`; the slot is freed when connecting fails.
    private func replace() throws -> PostgresConnection {
        do {
            return try PostgresConnection(address)
        } catch {
            condition.lock()
            open -= 1
            condition.broadcast()
            condition.unlock()
            throw error
        }
    }

    private func release(_ connection: PostgresConnection, keep: Bool) {
        condition.lock()
        if keep { idle.append(connection) } else { open -= 1 }
        condition.broadcast()
        condition.unlock()
    }
}
