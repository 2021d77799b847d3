import Foundation
import SusiCore
import SusiLocal
import SusiPorts
import SusiStore
import Testing
@testable import SusiServer
#if canImport(Glibc)
import Glibc
#endif

/// The built `susi serve` killed under load (SIGKILL: no flush) keeps every
/// chat its group commit had committed; a clean stop keeps them all.
@Suite("susi serve end to end: crash")
struct ServeBinaryCrashTests {
    /// What the clients saw: each chat's cookie and when its answer arrived.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var answered: [(cookie: String, at: Date)] = []
        private var stopping = false

        func add(_ cookie: String) { lock.withLock { answered.append((cookie, Date())) } }
        var all: [(cookie: String, at: Date)] { lock.withLock { answered } }
        var count: Int { lock.withLock { answered.count } }
        func stop() { lock.withLock { stopping = true } }
        var stopped: Bool { lock.withLock { stopping } }
    }

    /// Each chat from a new anonymous client (its own cookie, so its own memory row).
    static func chat(port: UInt16, cookie: String) -> Int? {
        try? RawHTTP.send(port: port, method: "GET", target: "/susi/chat.json?q=hello",
                          headers: ["Cookie": "\(AnonymousPolicy.cookieName)=\(cookie)"]).status
    }

    static func memoryKey(_ cookie: String) -> String {
        AnonymousCaller.memoryKey(AnonymousCallers.cookieIdentity(cookie).name)
    }

    /// The identities of the conversations stored in `home`'s database,
    /// read through a connection of the test's own (WAL: it sees what the
    /// server has committed, and never blocks its writer).
    static func storedIdentities(_ home: String) throws -> Set<String> {
        let database = try Database(path: home + "/data/susi.db", readOnly: true)
        return Set(try database.query("SELECT identity FROM conversations").compactMap { $0["identity"].string })
    }

    /// Killed mid-load, the server keeps every chat it had committed, and it
    /// commits while the load goes on. Both are waited for as events: how
    /// soon after its answer a chat is committed (the window) depends on the
    /// machine's load, so it is measured by bench/serve.sh, not asserted here.
    @Test func aKillUnderLoadLosesNoCommittedChat() throws {
        let served = try ServeBinary(["--threads", "4"])
        #expect(served.port != 0, "no ready line: \(served.seen)")
        guard served.port != 0 else { return }
        let answers = Answers()
        let port = served.port
        // Threads of their own: the shared queues may be busy with other tests.
        let clients = DispatchGroup()
        for _ in 0..<4 {
            clients.enter()
            Thread {
                while !answers.stopped {
                    let cookie = AnonymousCallers.newCookie()
                    if Self.chat(port: port, cookie: cookie) == 200 { answers.add(cookie) }
                }
                clients.leave()
            }.start()
        }
        // A fair number of chats answered, then wait (the load going on) until
        // the server has committed every one of them.
        let deadline = Date().addingTimeInterval(120)
        while answers.count < 200, Date() < deadline { usleep(10_000) }
        let kept = answers.all
        var committed: Set<String> = []
        repeat {
            committed = (try? Self.storedIdentities(served.home)) ?? committed
            if kept.allSatisfy({ committed.contains(Self.memoryKey($0.cookie)) }) { break }
            usleep(20_000)
        } while Date() < deadline
        let uncommitted = kept.filter { !committed.contains(Self.memoryKey($0.cookie)) }
        #expect(uncommitted.isEmpty, "\(uncommitted.count) of \(kept.count) answered chats were never committed while the load went on")
        kill(served.process.processIdentifier, SIGKILL)
        served.process.waitUntilExit()
        answers.stop()
        clients.wait()
        #expect(served.process.terminationReason == .uncaughtSignal)

        #expect(kept.count >= 100, "only \(kept.count) chats answered before the kill")
        let stored = try Self.storedIdentities(served.home)
        let lost = kept.filter { committed.contains(Self.memoryKey($0.cookie)) && !stored.contains(Self.memoryKey($0.cookie)) }
        #expect(lost.isEmpty, "\(lost.count) of \(kept.count) chats committed before the kill are not stored after it")
        let database = try Database(path: served.home + "/data/susi.db")
        let uses = try database.scalar("SELECT sum(usage_count) FROM skills")?.int ?? 0
        #expect(uses >= kept.count)
        // Never more than were answered (plus chats in flight at the kill, whose answers never arrived).
        #expect(stored.count <= answers.count + 4)

        // It starts again on the same file and goes on remembering.
        let again = try ServeBinary(["--threads", "2"], home: served.home)
        #expect(again.port != 0, "no ready line after the kill: \(again.seen)")
        if let first = kept.first {
            #expect(Self.chat(port: again.port, cookie: first.cookie) == 200)
        }
        #expect(again.terminate() == 0)
        withExtendedLifetime(served) {}
    }

    static func environment(window: String) -> (String) -> [String: String] {
        { home in
            ["SUSI_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin", "SUSI_LOOPBACK_ONLY": "1", "SUSI_COMMIT_WINDOW_MS": window]
        }
    }

    @Test func aCleanStopKeepsEveryAnsweredChat() throws {
        // A window far longer than the test: only the flush at SIGTERM can store them.
        let served = try ServeBinary(environment: Self.environment(window: "10000"))
        #expect(served.port != 0, "no ready line: \(served.seen)")
        guard served.port != 0 else { return }
        var cookies: [String] = []
        for _ in 0..<30 {
            let cookie = AnonymousCallers.newCookie()
            if Self.chat(port: served.port, cookie: cookie) == 200 { cookies.append(cookie) }
        }
        #expect(cookies.count == 30)
        #expect(served.terminate() == 0)
        let database = try Database(path: served.home + "/data/susi.db")
        let stored = Set(try database.query("SELECT identity FROM conversations").compactMap { $0["identity"].string })
        #expect(cookies.allSatisfy { stored.contains(Self.memoryKey($0)) })
        #expect(try database.scalar("SELECT sum(usage_count) FROM skills")?.int == 30)
    }

    @Test func aBadCommitWindowIsRefusedBeforeListening() throws {
        for bad in ["soon", "-1", "10001", "5\u{1b}[2J"] {
            let served = try ServeBinary(environment: Self.environment(window: bad))
            served.process.waitUntilExit()
            let text = served.seen + served.remainingErrors()
            #expect(served.process.terminationStatus == 78, "\(bad): \(text)")
            #expect(text.contains("SUSI_COMMIT_WINDOW_MS must be a whole number of milliseconds from 0 to 10000"), "\(text)")
            #expect(!text.contains("\u{1b}"), "\(text)")
            #expect(!text.contains("Serving SUSI"), "\(text)")
            // Nothing was created: it failed before the database was opened.
            #expect(!FileManager.default.fileExists(atPath: served.home + "/data/susi.db"))
        }
    }
}
