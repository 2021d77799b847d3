import Foundation
import SusiCore
@testable import SusiServer
import SusiPorts
import Testing

/// `/susi/memory.json` in `susi serve`: the caller's last exchanges as the
/// chat.json objects it was sent, newest first, per identity (an account, a
/// `susi_anon` cookie, or address plus header salt), bounded.
@Suite("susi serve: /susi/memory.json")
struct MemoryEndpointTests {
    static func cognitions(_ response: RawResponse) -> [[String: Any]] {
        response.json["cognitions"] as? [[String: Any]] ?? []
    }

    static func queries(_ response: RawResponse) -> [String] {
        cognitions(response).compactMap { $0["query"] as? String }
    }

    @Test func anAccountSeesItsOwnExchangesAndAnonymousCallersDoNot() throws {
        let served = try ServedSUSI()
        let remote = served.remote()
        try remote.signUp(email: "ada@example.com", password: password)
        let token = try remote.login(email: "ada@example.com", password: password, validFor: nil).token
        _ = try served.post("/susi/chat.json", form: "q=my+name+is+ada&access_token=\(token)", headers: ["User-Agent": "app"])
        _ = try served.post("/susi/chat.json", form: "q=what+is+my+name&access_token=\(token)", headers: ["User-Agent": "app"])
        let mine = try served.post("/susi/memory.json", form: "access_token=\(token)", headers: ["User-Agent": "app"])
        #expect(mine.status == 200)
        #expect(Self.queries(mine) == ["what is my name", "my name is ada"])
        #expect(mine.identity["name"] as? String == "ada@example.com")
        #expect(Self.cognitions(mine).allSatisfy {
            (($0["session"] as? [String: Any])?["identity"] as? [String: Any])?["name"] as? String == "ada@example.com"
        })
        #expect(mine.json["cognitions_remaining"] as? Int == 0)
        // The same client without the token is someone else.
        let anonymous = try served.get("/susi/memory.json", headers: ["User-Agent": "app"])
        #expect(Self.queries(anonymous).isEmpty)
        #expect(!anonymous.text.contains("ada"))
    }

    @Test func aLoginThatEndedIsRefusedNotShownAnotherMemory() throws {
        let served = try ServedSUSI()
        _ = try AnonymousCallerTests.chat(served, "my name is bob", agent: "app")
        let response = try served.post("/susi/memory.json", form: "access_token=no-such-token", headers: ["User-Agent": "app"])
        #expect(response.status == 401)
        #expect(response.json["message"] as? String == "Your login is no longer valid (the token expired or was revoked), so your memory was not shown.")
        #expect(response.json["hint"] == nil)
        #expect(!response.text.contains("bob"))
    }

    @Test func aCookieClientsFirstChatCarriesOver() throws {
        let served = try ServedSUSI()
        let first = try AnonymousCallerTests.chat(served, "my name is dora", agent: "browser")
        let cookie = String(try #require(first.headers["set-cookie"]).split(separator: ";")[0])
        // Before its next chat, the cookie already finds the first one.
        #expect(Self.queries(try served.get("/susi/memory.json", headers: ["User-Agent": "browser", "Cookie": cookie])) == ["my name is dora"])
        _ = try AnonymousCallerTests.chat(served, "what is my name", agent: "browser 2", cookie: cookie)
        let both = try served.get("/susi/memory.json", headers: ["User-Agent": "other", "Cookie": cookie])
        #expect(Self.queries(both) == ["what is my name", "my name is dora"])
        #expect((both.identity["name"] as? String)?.hasPrefix("cookie_") == true)
        #expect(!both.text.contains(String(cookie.dropFirst("susi_anon=".count))))
    }

    @Test(arguments: [
        ("cognitions=0", "The parameter 'cognitions' must be a whole number from 1 to 10000, not '0'."),
        ("cognitions=abc", "The parameter 'cognitions' must be a whole number from 1 to 10000, not 'abc'."),
        ("date=yesterday", "The parameter 'date' must be a query_date as chat.json gives it, like 2026-11-29T21:41:05.318Z."),
    ])
    func badParametersAreRefusedWithTheirRule(_ query: String, _ message: String) throws {
        let served = try ServedSUSI()
        _ = try AnonymousCallerTests.chat(served, "hello", agent: "app")
        let response = try served.get("/susi/memory.json?" + query, headers: ["User-Agent": "app"])
        #expect(response.status == 400)
        #expect(response.json["message"] as? String == message)
        #expect(response.json["accepted"] as? Bool == false)
        // Nothing was forgotten.
        #expect(Self.queries(try served.get("/susi/memory.json", headers: ["User-Agent": "app"])) == ["hello"])
    }

    @Test func aTooLongInstantSkillIsRefused() throws {
        let served = try ServedSUSI()
        let text = String(repeating: "a", count: ChatRequest.instantLimit + 1)
        let response = try served.post("/susi/chat.json", form: "q=hello&instant=" + text, headers: ["User-Agent": "app"])
        #expect(response.status == 413)
        #expect(response.json["message"] as? String == "The parameter 'instant' (a skill text) is longer than 262144 characters.")
        #expect(Self.queries(try served.get("/susi/memory.json", headers: ["User-Agent": "app"])).isEmpty)
    }

    @Test func theLogKeepsFivePerIdentityAndStaysBounded() {
        let log = CognitionLog(maxIdentities: 20, lifetime: 3600, maxBytes: 10_000)
        let start = Date()
        for index in 0..<8 {
            log.record(.init(queryDate: "d\(index)", json: "{\"n\":\(index)}"), for: .anonymous("one"), now: start)
        }
        #expect(log.cognitions(for: .anonymous("one"), now: start).map(\.queryDate) == ["d7", "d6", "d5", "d4", "d3"])
        for index in 0..<200 {
            log.record(.init(queryDate: "x", json: String(repeating: "y", count: 40)), for: .anonymous("c\(index)"),
                       now: start.addingTimeInterval(Double(index)))
        }
        #expect(log.identityCount <= 20)
        #expect(log.storedBytes <= 10_000)
        // The most recent stay, the least recently used went.
        #expect(log.cognitions(for: .anonymous("c199"), now: start.addingTimeInterval(200)).count == 1)
        #expect(log.cognitions(for: .anonymous("c0"), now: start.addingTimeInterval(200)).isEmpty)
        // Anonymous memory expires; an account's does not.
        log.record(.init(queryDate: "a", json: "{}"), for: Identity(type: "email", name: "a@b.c", anonymous: false), now: start)
        let later = start.addingTimeInterval(7200)
        #expect(log.cognitions(for: .anonymous("c199"), now: later).isEmpty)
        #expect(log.cognitions(for: Identity(type: "email", name: "a@b.c", anonymous: false), now: later).count == 1)
    }

    @Test func bigRepliesAreBoundedByBytes() {
        let log = CognitionLog(maxIdentities: 1000, lifetime: 3600, maxBytes: 5_000)
        for index in 0..<100 {
            log.record(.init(queryDate: "x", json: String(repeating: "z", count: 400)), for: .anonymous("b\(index)"))
        }
        #expect(log.storedBytes <= 5_000)
        #expect(log.identityCount < 100)
    }

    /// The byte count is kept as replies come and go (no sum per record):
    /// it always equals the bytes of what is kept, with a carried-over first chat too.
    @Test func storedBytesAreExactlyWhatIsKept() {
        let log = CognitionLog(maxIdentities: 100, lifetime: 3600, maxBytes: 1 << 20)
        let start = Date()
        var expected: [String: [Int]] = [:]
        for index in 0..<23 {
            let size = 10 + index * 7
            let name = "p\(index % 3)"
            log.record(.init(queryDate: "d\(index)", json: String(repeating: "j", count: size)), for: .anonymous(name), now: start)
            expected[name, default: []].append(size)
            expected[name] = Array(expected[name]!.suffix(CognitionLog.kept))
            #expect(log.storedBytes == expected.values.flatMap { $0 }.reduce(0, +), "after \(index)")
        }
        // A cookie's first chat: the host's kept exchanges are copied, and counted for both.
        log.record(.init(queryDate: "c", json: "12345"), for: .anonymous("cookie"), continuing: .anonymous("p0"), now: start)
        expected["cookie"] = Array((expected["p0"]! + [5]).suffix(CognitionLog.kept))
        #expect(log.storedBytes == expected.values.flatMap { $0 }.reduce(0, +))
        #expect(log.cognitions(for: .anonymous("cookie"), now: start).first?.json == "12345")
        #expect(log.cognitions(for: .anonymous("cookie"), now: start).count == CognitionLog.kept)
        // An expired entry is replaced, its bytes no longer counted.
        let later = start.addingTimeInterval(7200)
        log.record(.init(queryDate: "n", json: "xy"), for: .anonymous("p1"), now: later)
        #expect(log.cognitions(for: .anonymous("p1"), now: later).map(\.json) == ["xy"])
        #expect(log.storedBytes == expected.filter { $0.key != "p1" }.values.flatMap { $0 }.reduce(0, +) + 2)
    }
}
