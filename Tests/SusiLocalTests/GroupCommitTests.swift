import Foundation
import SusiPorts
import Testing
import SusiCore
import SusiStore
import SusiEngine
@testable import SusiLocal

/// `susi serve`'s group commit: chats' writes wait at most a window, share
/// one transaction, and are read back from memory until then.
@Suite struct GroupCommitTests {
    /// Two workers (services with their own connections) sharing one writer
    /// whose window is long enough that nothing commits unless flushed.
    private func workers(_ fixture: Fixture, window: TimeInterval = 600) throws -> (GroupCommit, EmbeddedService, EmbeddedService) {
        let writer = try GroupCommit(path: fixture.path, window: window)
        let first = try fixture.service()
        let second = try fixture.service()
        first.groupCommit = writer
        second.groupCommit = writer
        return (writer, first, second)
    }

    private func usage(_ fixture: Fixture) throws -> Int {
        try fixture.raw().scalar("SELECT usage_count FROM skills WHERE path = ?", [greetings.path])?.int ?? -1
    }

    @Test func theNextChatOfTheSameCallerSeesItsPreviousTurnBeforeTheCommit() throws {
        let fixture = Fixture()
        let (writer, first, second) = try workers(fixture)
        defer { try? writer.close() }
        let ada = try first.newAccount("ada@example.org")
        #expect(try first.chat(ChatRequest(query: "my name is ada"), token: ada).text == "Nice to meet you, ada!")
        // Not in the file yet, but the other worker answers from it.
        #expect(try fixture.count("conversations") == 0)
        #expect(try second.chat(ChatRequest(query: "what is my name"), token: ada).text == "Your name is ada.")
        // Another caller has a memory of its own.
        #expect(try second.chat(ChatRequest(query: "what is my name"), token: nil).text
            == "I don't know your name yet. Tell me with \"my name is\" and your name.")
        // A pending use counts in what the service shows.
        #expect(try second.chat(ChatRequest(query: "hello"), token: ada).answers.first?.skills == [greetings.path])
        #expect(try usage(fixture) == 0)
        #expect(try second.skill(greetings).usageCount == 1)
        #expect(writer.commits == 0)

        try writer.flush()
        #expect(writer.commits == 1)
        #expect(try fixture.count("conversations") == 2)
        #expect(try usage(fixture) == 1)
        #expect(try second.skill(greetings).usageCount == 1)
        // A service without the writer (another process) reads it from the file.
        #expect(try fixture.service().chat(ChatRequest(query: "what is my name"), token: ada).text == "Your name is ada.")
    }

    @Test func chatsWithinOneWindowShareOneCommit() throws {
        let fixture = Fixture()
        let (writer, first, second) = try workers(fixture)
        defer { try? writer.close() }
        for index in 0..<40 {
            _ = try (index.isMultiple(of: 2) ? first : second).chat(ChatRequest(query: "hello"), token: nil)
        }
        try writer.flush()
        #expect(writer.commits == 1)
        #expect(try usage(fixture) == 40)
        #expect(try fixture.count("conversations") == 1)
    }

    /// A listing reads the rows, then adds the uses not yet committed: a
    /// commit in between once made a use vanish (read before it, no longer
    /// pending after it). The read is done again when a commit started or
    /// ended meanwhile.
    @Test func aCommitDuringAReadIsCountedOnce() throws {
        let fixture = Fixture()
        let (writer, first, _) = try workers(fixture)
        defer { try? writer.close() }
        _ = try first.chat(ChatRequest(query: "hello"), token: nil)
        var reads = 0
        let (committed, pending) = try writer.readingWithPendingUsage { () throws -> Int in
            reads += 1
            let value = try usage(fixture)
            if reads == 1 { try writer.flush() }
            return value
        }
        #expect(reads == 2)
        #expect(committed == 1)
        #expect(pending[greetings.path] == nil)
        #expect(committed + (pending[greetings.path] ?? 0) == 1)
    }

    /// Under a stream of commits that keeps colliding with the read, the
    /// fourth try holds the next commit back until the read ends.
    @Test func aReadThatKeepsCollidingHoldsTheNextCommit() throws {
        let fixture = Fixture()
        let (writer, first, _) = try workers(fixture)
        defer { try? writer.close() }
        var reads = 0
        let (committed, pending) = try writer.readingWithPendingUsage { () throws -> Int in
            reads += 1
            let value = try usage(fixture)
            if reads <= 3 {
                _ = try first.chat(ChatRequest(query: "hello"), token: nil)
                try writer.flush()
            }
            return value
        }
        #expect(reads == 4)
        #expect(committed == 3)
        #expect(pending.isEmpty)
        // And the writer goes on afterwards.
        _ = try first.chat(ChatRequest(query: "hello"), token: nil)
        try writer.flush()
        #expect(try usage(fixture) == 4)
    }

    /// What the service shows while chats commit every millisecond: never
    /// fewer uses than chats finished before the look, never more than
    /// finished after it and the one that may be under way.
    @Test func usageSeenDuringCommitsIsNeverShortOrDoubled() throws {
        let fixture = Fixture()
        let (writer, first, second) = try workers(fixture, window: 0.001)
        defer { try? writer.close() }
        let done = Counter()
        let worker = Unchecked(first)
        let chats = Thread {
            for _ in 0..<300 {
                _ = try? worker.value.chat(ChatRequest(query: "hello"), token: nil)
                done.increment()
            }
        }
        chats.start()
        var looks = 0
        while done.value < 300 {
            let before = done.value
            let seen = try second.skill(greetings).usageCount
            let after = done.value
            #expect(seen >= before && seen <= after + 1, "saw \(seen) uses with \(before)...\(after) chats done")
            looks += 1
        }
        #expect(looks > 0)
        try writer.flush()
        #expect(try usage(fixture) == 300)
    }

    @Test func aShortWindowCommitsWithoutAFlush() throws {
        let fixture = Fixture()
        let (writer, first, _) = try workers(fixture, window: 0.005)
        defer { try? writer.close() }
        _ = try first.chat(ChatRequest(query: "hello"), token: nil)
        let deadline = Date().addingTimeInterval(10)
        while try usage(fixture) == 0, Date() < deadline { usleep(1000) }
        #expect(try usage(fixture) == 1)
        #expect(try fixture.count("conversations") == 1)
    }

    /// A chat handed over while a window is open does not wake the writer;
    /// a full batch still does, and is committed long before its window ends.
    @Test func aFullBatchIsCommittedBeforeItsWindowEnds() throws {
        let fixture = Fixture()
        let (writer, _, _) = try workers(fixture)
        defer { try? writer.close() }
        for index in 0..<(GroupCommit.batchLimit - 1) {
            try writer.add(memoryKey: "anon:\(index)", updated: 1, skills: [], memory: ConversationMemory())
        }
        usleep(50_000)
        #expect(try fixture.count("conversations") == 0, "a window of 600 s is still open")
        try writer.add(memoryKey: "anon:last", updated: 1, skills: [], memory: ConversationMemory())
        let deadline = Date().addingTimeInterval(20)
        // The rows show as SQLite commits, a moment before the writer counts the commit.
        while try fixture.count("conversations") == 0 || writer.commits == 0, Date() < deadline { usleep(1000) }
        #expect(writer.commits == 1)
        #expect(try fixture.count("conversations") == GroupCommit.batchLimit)
    }

    @Test
    func aFailedCommitKeepsTheWritesAndRefusesChatsUntilOneSucceeds() throws {
        let fixture = Fixture()
        let (writer, first, second) = try workers(fixture)
        defer { try? writer.close() }
        #expect(try first.chat(ChatRequest(query: "my name is ada"), token: nil).text == "Nice to meet you, ada!")
        // Every write to the table fails before the commit (as on a file turned read-only).
        let raw = try fixture.raw()
        try raw.execute("""
        CREATE TRIGGER refuse_insert BEFORE INSERT ON conversations BEGIN SELECT RAISE(ABORT, 'the disk refused it'); END;
        CREATE TRIGGER refuse_update BEFORE UPDATE ON conversations BEGIN SELECT RAISE(ABORT, 'the disk refused it'); END;
        """)
        #expect(throws: ServiceError.self) { try writer.flush() }
        #expect(writer.commits == 0)
        // Refused while commits fail, with the database's words; nothing more is handed over.
        do {
            _ = try second.chat(ChatRequest(query: "hello"), token: nil)
            Issue.record("a chat was answered while its writes could not be kept")
        } catch let error as ServiceError {
            #expect(error.message.contains("the disk refused it"), "\(error.message)")
        }
        #expect(try usage(fixture) == 0)
        // The memory is still there to read, and is stored once writes succeed again.
        try raw.execute("DROP TRIGGER refuse_insert; DROP TRIGGER refuse_update")
        try writer.flush()
        #expect(writer.commits == 1)
        #expect(try fixture.service().chat(ChatRequest(query: "what is my name"), token: nil).text == "Your name is ada.")
        #expect(try second.chat(ChatRequest(query: "hello"), token: nil).answers.first?.skills == [greetings.path])
    }

    @Test func closingStoresEverythingAndRefusesLaterChats() throws {
        let fixture = Fixture()
        let (writer, first, _) = try workers(fixture)
        _ = try first.chat(ChatRequest(query: "hello"), token: nil)
        try first.finishPendingWrites()
        #expect(try usage(fixture) == 1)
        do {
            _ = try first.chat(ChatRequest(query: "hello"), token: nil)
            Issue.record("a chat was answered after the writer closed")
        } catch let error as ServiceError {
            #expect(error.kind == .unavailable)
            #expect(error.message == "The server is stopping; this chat was not saved.")
        }
        #expect(try usage(fixture) == 1)
        // Again: nothing more happens.
        try writer.close()
        #expect(writer.commits == 1)
    }

    @Test func anonymousMemoriesArePrunedInTheCommit() throws {
        let fixture = Fixture()
        let (writer, first, _) = try workers(fixture)
        defer { try? writer.close() }
        for index in 0..<3 {
            var request = ChatRequest(query: "hello")
            request.anonymousCaller = AnonymousCaller(name: "caller\(index)", lifetime: 3600, maxRemembered: 2, pruneEvery: 3)
            _ = try first.chat(request, token: nil)
            fixture.clock.advance(1)
        }
        try writer.flush()
        #expect(try fixture.count("conversations", "identity LIKE ?", [AnonymousCaller.memoryKey("") + "%"]) == 2)
    }
}

/// A count another thread bumps.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

/// Hands a service (used by one thread at a time) to the chats' thread.
private final class Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
