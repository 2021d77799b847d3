import Foundation
import SusiCore
#if canImport(Glibc)
import Glibc
#endif

/// One service per worker thread: a backend such as the embedded SUSI is
/// not thread-safe, so each thread opens its own (its own SQLite
/// connection on the same file) the first time it serves a request.
final class ServicePool: @unchecked Sendable {
    private let make: @Sendable () throws -> SusiService
    private let lock = NSLock()
    private var byThread: [pthread_t: SusiService] = [:]

    init(make: @escaping @Sendable () throws -> SusiService) {
        self.make = make
    }

    func current() throws -> SusiService {
        let thread = pthread_self()
        lock.lock()
        if let service = byThread[thread] {
            lock.unlock()
            return service
        }
        lock.unlock()
        let service = try make()
        lock.lock()
        byThread[thread] = service
        lock.unlock()
        return service
    }
}
