import Foundation
import SusiTestKit
import Testing
import SusiCore
import SusiLocal
@testable import SusiHost

/// The scope every command runs in (`Services`): made lazily, replaceable in
/// the harness, and shared by every line of one session.
@Suite struct ServicesTests {
    @Test func oneSessionOpensTheBackendOnceForManyCommandLines() throws {
        let home = try TemporaryHome()
        let opens = Spied.Counter()
        let susi = try Spied.harness(home, opens: opens)
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
        let session = try Spied.harness(home, opens: Spied.Counter()).session()
        let json = session.run(["--json", "chat", "hello"])
        let plain = session.run(["chat", "hello"])
        #expect(json.stdout.hasPrefix("{"))
        #expect(!plain.stdout.hasPrefix("{"))
        #expect(!plain.stdout.contains(json.stdout))
    }

    @Test func thumbsAreSentWithTheLoggedInToken() throws {
        let home = try TemporaryHome()
        let spies = SpyBox()
        let susi = try Spied.harness(home, opens: Spied.Counter(), spy: { spies.add($0) }, token: "tok-ada-123")
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
