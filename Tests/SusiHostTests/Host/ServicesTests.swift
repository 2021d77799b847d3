import Foundation
import SusiTestKit
import Testing
import SusiCore
import SusiLocal
@testable import SusiHost

/// The scope every command runs in (`Services`): made lazily, replaceable in
/// the harness, and shared by every line of one session.
@Suite struct ServicesTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    /// A harness whose backend is a spy over the embedded SUSI in `home`,
    /// counting how often the backend is opened.
    static func spied(_ home: TemporaryHome, opens: Counter, spy: @escaping @Sendable (SpyService) -> Void = { _ in },
                      token: String? = nil) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = { makers in
            makers.backend = { context in
                opens.increment()
                let service = SpyService(wrapping: try EmbeddedService(paths: context.paths, environment: context.environment))
                spy(service)
                return service
            }
            if let token {
                makers.credentials = { context in
                    Credentials(token: token, source: .vault(path: context.paths.credentialsFile),
                                server: try context.serverName(), account: "ada@example.org", expires: nil)
                }
            }
        }
        return susi
    }

    @Test func oneSessionOpensTheBackendOnceForManyCommandLines() throws {
        let home = try TemporaryHome()
        let opens = Counter()
        let susi = try Self.spied(home, opens: opens)
        let session = susi.session()
        for line in [["chat", "hello"], ["skills", "list"], ["chat", "what time is it"], ["skills", "info", "time"]] {
            let result = session.run(line)
            #expect(result.status == 0, "\(line): \(result.stderr)")
        }
        #expect(opens.count == 1)

        // Without a session each command line opens its own.
        _ = susi.run(["chat", "hello"])
        _ = susi.run(["chat", "hello"])
        #expect(opens.count == 3)
    }

    @Test func eachLineOfASessionHasItsOwnStreamsAndOptions() throws {
        let home = try TemporaryHome()
        let session = try Self.spied(home, opens: Counter()).session()
        let json = session.run(["--json", "chat", "hello"])
        let plain = session.run(["chat", "hello"])
        #expect(json.stdout.hasPrefix("{"))
        #expect(!plain.stdout.hasPrefix("{"))
        #expect(!plain.stdout.contains(json.stdout))
    }

    @Test func thumbsAreSentWithTheLoggedInToken() throws {
        let home = try TemporaryHome()
        let spies = SpyBox()
        let susi = try Self.spied(home, opens: Counter(), spy: { spies.add($0) }, token: "tok-ada-123")
        #expect(susi.run(["chat", "hello"]).status == 0)
        let thumbs = susi.run(["chat", "thumbs", "up"])
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        // The old name is kept as an alias.
        #expect(susi.run(["chat", "rate", "down"]).status == 0)
        let sent = spies.all.flatMap(\.calls).filter { $0.name == "thumbs" }
        #expect(sent.count == 2)
        #expect(sent.allSatisfy { $0.token == "tok-ada-123" })
    }

    @Test func theHarnessClockIsTheOneCommandsSee() throws {
        let home = try TemporaryHome()
        var susi = try home.harness()
        susi.now = { Date(timeIntervalSince1970: 1_893_456_000) }  // 2030-01-01T00:00:00Z
        #expect(susi.run(["chat", "hello"]).status == 0)
        let history = susi.run(["--json", "chat", "history"])
        #expect(history.status == 0)
        #expect(history.stdout.contains("\"time\" : \"2030-01-01T00:00:00"))
    }

    final class SpyBox: @unchecked Sendable {
        private let lock = NSLock()
        private var spies: [SpyService] = []
        func add(_ spy: SpyService) { lock.lock(); spies.append(spy); lock.unlock() }
        var all: [SpyService] { lock.lock(); defer { lock.unlock() }; return spies }
    }
}
