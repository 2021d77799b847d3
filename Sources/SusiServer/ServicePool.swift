import Foundation
import SusiPorts
#if canImport(Glibc)
import Glibc
#endif

/// One service per worker thread: a backend such as the embedded SUSI is
/// not thread-safe, so each thread opens its own (its own SQLite
/// connection on the same file) the first time it serves a request.
///
/// A thread finds its service through a thread-specific slot (no lock, no
/// lookup shared with the other threads: a mutex taken per request by every
/// libmicrohttpd thread was contended under load); `byThread` owns the
/// services and is locked only when a thread makes its first one.
final class ServicePool: @unchecked Sendable {
    private let make: @Sendable () throws -> SusiService
    private let lock = NSLock()
    private var byThread: [pthread_t: SusiService] = [:]
    /// The calling thread's service, unretained (`byThread` keeps it alive).
    private var slot = pthread_key_t()
    private let hasSlot: Bool

    init(make: @escaping @Sendable () throws -> SusiService) {
        self.make = make
        hasSlot = pthread_key_create(&slot, nil) == 0
    }

    deinit {
        // glibc hands out a deleted key again with a new sequence number, so
        // a thread never reads another pool's value through it.
        if hasSlot { pthread_key_delete(slot) }
    }

    func current() throws -> SusiService {
        if hasSlot, let stored = pthread_getspecific(slot) {
            return Unmanaged<Holder>.fromOpaque(stored).takeUnretainedValue().service
        }
        let thread = pthread_self()
        lock.lock()
        if let service = byThread[thread] {
            lock.unlock()
            return service
        }
        lock.unlock()
        let service = try make()
        let holder = Holder(service)
        lock.lock()
        byThread[thread] = service
        holders.append(holder)
        lock.unlock()
        if hasSlot { pthread_setspecific(slot, Unmanaged.passUnretained(holder).toOpaque()) }
        return service
    }

    /// A class around the existential, so the slot can hold a pointer to it.
    private final class Holder {
        let service: SusiService
        init(_ service: SusiService) { self.service = service }
    }

    private var holders: [Holder] = []
}
