import Foundation
import SusiCore
import SusiPorts
import SusiRemote
@testable import SusiServer
import Testing

/// Each thread gets its own service, made once, found again without the
/// pool's lock; two pools (and a pool made after another was freed) never
/// hand out each other's services.
@Suite("susi serve: one service per thread")
struct ServicePoolTests {
    final class Made: @unchecked Sendable {
        let lock = NSLock()
        var count = 0
        func service() -> SusiService {
            lock.lock()
            count += 1
            lock.unlock()
            return RemoteService(baseURL: URL(string: "http://127.0.0.1:9")!, environment: testEnvironment, timeout: 1, retries: 0)
        }
    }

    static func same(_ a: SusiService, _ b: SusiService) -> Bool { (a as AnyObject) === (b as AnyObject) }

    @Test func eachThreadMakesOneServiceAndKeepsIt() throws {
        let made = Made()
        let pool = ServicePool { made.service() }
        let mine = try pool.current()
        #expect(Self.same(mine, try pool.current()))
        #expect(made.count == 1)
        let box = LockedServices()
        // Every thread lives until all four have their service: glibc gives a
        // new thread the pthread_t of one that ended, and a thread that ended
        // has no use for its service any more, so the pool may hand it on.
        let release = DispatchSemaphore(value: 0)
        let threads = (0..<4).map { _ in
            Thread {
                if let first = try? pool.current(), let second = try? pool.current() {
                    box.add(first, again: Self.same(first, second))
                }
                release.wait()
            }
        }
        for thread in threads { thread.start() }
        let deadline = Date().addingTimeInterval(10)
        while box.count < 4, Date() < deadline { usleep(5_000) }
        for _ in threads { release.signal() }
        #expect(box.count == 4)
        #expect(box.allKept)
        #expect(made.count == 5, "one per thread, made once each")
        let services = box.services + [mine]
        for (index, service) in services.enumerated() {
            #expect(!services[(index + 1)...].contains { Self.same($0, service) }, "two threads share a service")
        }
    }

    @Test func poolsNeverShareServicesEvenWhenOneWasFreed() throws {
        let made = Made()
        var first: ServicePool? = ServicePool { made.service() }
        let second = ServicePool { made.service() }
        let fromFirst = try first!.current()
        let fromSecond = try second.current()
        #expect(!Self.same(fromFirst, fromSecond))
        first = nil
        // A new pool may get the freed pool's thread slot: it must still make its own.
        let third = ServicePool { made.service() }
        let fromThird = try third.current()
        #expect(!Self.same(fromThird, fromFirst))
        #expect(!Self.same(fromThird, fromSecond))
        #expect(Self.same(try second.current(), fromSecond))
        #expect(made.count == 3)
    }

    @Test func aFailedMakeIsTriedAgainNextTime() throws {
        struct Refused: Error {}
        let made = Made()
        let attempts = Made()
        let pool = ServicePool {
            if attempts.service() is RemoteService, attempts.count == 1 { throw Refused() }
            return made.service()
        }
        #expect(throws: Refused.self) { _ = try pool.current() }
        let service = try pool.current()
        #expect(Self.same(service, try pool.current()))
        #expect(made.count == 1)
    }

    final class LockedServices: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var services: [SusiService] = []
        private var kept = true
        func add(_ service: SusiService, again: Bool) {
            lock.lock()
            services.append(service)
            kept = kept && again
            lock.unlock()
        }
        var count: Int { lock.withLock { services.count } }
        var allKept: Bool { lock.withLock { kept } }
    }
}
