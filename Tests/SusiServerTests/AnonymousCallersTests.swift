import Foundation
import SusiCore
import SusiLocal
@testable import SusiServer
import SusiPorts
import SusiTestKit
import Testing

/// Anonymous HTTP callers of `susi serve` each have their own conversation
/// memory (a `susi_anon` cookie, else address plus User-Agent), none of them
/// the local CLI user's, and the memory of anonymous callers stays bounded.
@Suite("susi serve: anonymous callers are kept apart")
struct AnonymousCallerTests {
    static func answer(_ response: RawResponse) -> String {
        let answers = response.json["answers"] as? [[String: Any]] ?? []
        let actions = answers.first?["actions"] as? [[String: Any]] ?? []
        return actions.compactMap { $0["expression"] as? String }.joined(separator: " ")
    }

    static func chat(_ served: ServedSUSI, _ query: String, agent: String, cookie: String? = nil) throws -> RawResponse {
        var headers = ["User-Agent": agent]
        if let cookie { headers["Cookie"] = cookie }
        return try served.get("/susi/chat.json?q=" + FormCoding.escape(query), headers: headers)
    }

    @Test func newCookiesAreThirtyTwoRandomHexDigitsTheServerAccepts() {
        let cookies = (0..<200).map { _ in AnonymousCallers.newCookie() }
        #expect(Set(cookies).count == cookies.count)
        for cookie in cookies {
            #expect(cookie.utf8.count == 32)
            #expect(cookie.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) })
            let request = HTTPRequest(method: "GET", path: "/", headers: ["cookie": "a=b; susi_anon=\(cookie)"])
            #expect(AnonymousCallers.cookie(in: request) == cookie)
        }
        // Every digit appears somewhere, high and low (no nibble stuck at zero).
        #expect(Set(cookies.joined()).count == 16)
        #expect(Set(cookies.map(\.first)).count > 8)
    }

    /// The caller of a chat is only recorded once the chat is answered:
    /// an attempt that is answered again elsewhere changes nothing.
    @Test func chatCallerChangesNothingUntilSettled() {
        let callers = AnonymousCallers(policy: AnonymousPolicy())
        let fresh = HTTPRequest(method: "GET", path: "/susi/chat.json", headers: ["user-agent": "x"])
        let first = callers.chatCaller(for: fresh)
        #expect(callers.offeredCount == 0)
        callers.settle(first)
        #expect(callers.offeredCount == 1)
        let cookie = String(first.setCookie?.split(separator: ";").first ?? "")
        let back = HTTPRequest(method: "GET", path: "/susi/chat.json", headers: ["user-agent": "x", "cookie": cookie])
        let again = callers.chatCaller(for: back)
        #expect(again.caller.continuing == first.identity.name)
        #expect(again.setCookie == nil)
        #expect(callers.offeredCount == 1, "not taken before it is settled")
        #expect(callers.chatCaller(for: back).caller.continuing == first.identity.name)
        callers.settle(again)
        #expect(callers.offeredCount == 0)
        #expect(callers.chatCaller(for: back).caller.continuing == nil)
    }

    /// Offered cookies are kept in two generations: at most `maxOffered`,
    /// the newest; an old one still continues its host's memory until its
    /// generation is forgotten, and a cookie seen back leaves either one.
    @Test func offeredCookiesAreBoundedAndTheNewestKept() {
        let callers = AnonymousCallers(policy: AnonymousPolicy())
        func offer(_ agent: String) -> AnonymousCallers.ChatCaller {
            let caller = callers.chatCaller(for: HTTPRequest(method: "GET", path: "/susi/chat.json", headers: ["user-agent": agent]))
            callers.settle(caller)
            return caller
        }
        func back(_ caller: AnonymousCallers.ChatCaller) -> HTTPRequest {
            HTTPRequest(method: "GET", path: "/susi/chat.json",
                        headers: ["cookie": String(caller.setCookie?.split(separator: ";").first ?? "")])
        }
        let half = AnonymousCallers.maxOffered / 2
        let first = offer("first")
        for index in 1..<half { _ = offer("a\(index)") }
        #expect(callers.offeredCount == half)
        let second = offer("second")  // a new generation begins; the first is still known
        #expect(callers.offeredCount == half + 1)
        #expect(callers.chatCaller(for: back(first)).caller.continuing == first.identity.name)
        #expect(callers.chatCaller(for: back(second)).caller.continuing == second.identity.name)
        for index in 1..<(3 * half) {
            _ = offer("b\(index)")
            #expect(callers.offeredCount <= AnonymousCallers.maxOffered)
        }
        // The first generation is gone; the newest cookies are all kept.
        #expect(callers.chatCaller(for: back(first)).caller.continuing == nil)
        let newest = offer("newest")
        #expect(callers.offeredCount >= half)
        #expect(callers.chatCaller(for: back(newest)).caller.continuing == newest.identity.name)
        // Seen back and settled, it leaves.
        let before = callers.offeredCount
        callers.settle(callers.chatCaller(for: back(newest)))
        #expect(callers.offeredCount == before - 1)
        #expect(callers.chatCaller(for: back(newest)).caller.continuing == nil)
    }

    /// The identity the chat endpoint already worked out is the one chatCaller would find.
    @Test func aGivenIdentityIsTheRequestsOwn() {
        let callers = AnonymousCallers(policy: AnonymousPolicy())
        let plain = HTTPRequest(method: "GET", path: "/susi/chat.json", headers: ["user-agent": "curl/8", "accept-language": "de"])
        #expect(callers.chatCaller(for: plain).identity == callers.identity(for: plain))
        let cookie = AnonymousCallers.newCookie()
        let kept = HTTPRequest(method: "GET", path: "/susi/chat.json", headers: ["cookie": "susi_anon=" + cookie])
        #expect(callers.chatCaller(for: kept).identity == callers.identity(for: kept))
        #expect(callers.chatCaller(for: kept, identity: callers.identity(for: kept)).identity == AnonymousCallers.cookieIdentity(cookie))
    }

    @Test func twoClientsDoNotSeeEachOthersMemory() throws {
        let served = try ServedSUSI()
        #expect(Self.answer(try Self.chat(served, "my name is alice", agent: "client-a")) == "Nice to meet you, alice!")
        let other = Self.answer(try Self.chat(served, "what is my name", agent: "client-b"))
        #expect(!other.contains("alice"), "client b was told: \(other)")
        #expect(Self.answer(try Self.chat(served, "what is my name", agent: "client-a")) == "Your name is alice.")
    }

    @Test func theLocalUsersMemoryIsNeverAnHTTPCallers() throws {
        let served = try ServedSUSI()
        let local = try EmbeddedService(path: served.directory + "/susi.db", environment: testEnvironment, passwordCost: .minimal)
        #expect(try local.chat(ChatRequest(query: "my name is carol"), token: nil).text == "Nice to meet you, carol!")
        let read = Self.answer(try Self.chat(served, "what is my name", agent: "curl/8"))
        #expect(!read.contains("carol"), "an HTTP caller read the local user's memory: \(read)")
        _ = try Self.chat(served, "my name is mallory", agent: "curl/8")
        #expect(try local.chat(ChatRequest(query: "what is my name"), token: nil).text == "Your name is carol.")
    }

    @Test func aClientThatKeepsTheCookieKeepsItsMemoryAcrossAddressesAndAgents() throws {
        let served = try ServedSUSI()
        let first = try Self.chat(served, "my name is dora", agent: "browser-1")
        let setCookie = try #require(first.headers["set-cookie"], "no cookie offered")
        #expect(setCookie.hasPrefix("susi_anon="))
        #expect(setCookie.contains("HttpOnly"))
        #expect(setCookie.contains("Max-Age="))
        #expect(setCookie.contains("SameSite=Lax"))
        let cookie = String(setCookie.split(separator: ";")[0])
        // The cookie is the identity now: another User-Agent does not matter.
        let again = try Self.chat(served, "what is my name", agent: "browser-1 updated", cookie: cookie)
        #expect(Self.answer(again) == "Your name is dora.")
        #expect(again.headers["set-cookie"] == nil)
        // The cookie's value is a secret the body never shows.
        let value = String(cookie.dropFirst("susi_anon=".count))
        #expect(!again.text.contains(value))
        #expect((again.identity["name"] as? String)?.hasPrefix("cookie_") == true)
        // Someone else with the same agent and no cookie is someone else.
        let stranger = try Self.chat(served, "my name is eve", agent: "browser-1 updated")
        #expect(Self.answer(stranger) == "Nice to meet you, eve!")
        #expect(Self.answer(try Self.chat(served, "what is my name", agent: "x", cookie: cookie)) == "Your name is dora.")
        // A forged or malformed cookie is not an identity.
        let forged = try Self.chat(served, "what is my name", agent: "browser-1 updated", cookie: "susi_anon=../../local")
        #expect(Self.answer(forged) == "Your name is eve.")
        #expect(forged.headers["set-cookie"]?.hasPrefix("susi_anon=") == true)
    }

    @Test func manyAnonymousClientsKeepMemoryBounded() throws {
        var policy = AnonymousPolicy()
        policy.maxRemembered = 20
        let served = try ServedSUSI(anonymous: policy)
        for index in 0..<80 {
            _ = try Self.chat(served, "my name is client\(index)", agent: "bot-\(index)")
        }
        let rows = try Self.anonymousRows(served)
        #expect(rows <= policy.maxRemembered + policy.pruneEvery, "\(rows) anonymous memories kept")
        #expect(Self.answer(try Self.chat(served, "what is my name", agent: "bot-79")) == "Your name is client79.")
        #expect(Self.answer(try Self.chat(served, "what is my name", agent: "bot-78")) == "Your name is client78.")
        #expect(!Self.answer(try Self.chat(served, "what is my name", agent: "bot-0")).contains("client0"))
    }

    @Test func anonymousMemoryExpires() throws {
        var policy = AnonymousPolicy()
        policy.memoryLifetime = 1
        let served = try ServedSUSI(anonymous: policy)
        #expect(Self.answer(try Self.chat(served, "my name is fay", agent: "short")) == "Nice to meet you, fay!")
        #expect(Self.answer(try Self.chat(served, "what is my name", agent: "short")) == "Your name is fay.")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(!Self.answer(try Self.chat(served, "what is my name", agent: "short")).contains("fay"))
    }

    @Test func anonymousThumbsAreRateLimitedPerClient() throws {
        var policy = AnonymousPolicy()
        policy.votesPerMinute = 5
        let served = try ServedSUSI(anonymous: policy)
        let thumbs = "/cms/rateSkill.json?model=general&group=Knowledge&language=en&skill=time&rating=positive"
        var statuses: [Int] = []
        for _ in 0..<8 { statuses.append(try served.get(thumbs).status) }
        #expect(statuses.prefix(5).allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(statuses.suffix(3).allSatisfy { $0 == 429 }, "\(statuses)")
        let refused = try served.get(thumbs)
        #expect(refused.status == 429)
        #expect(refused.json["accepted"] as? Bool == false)
        #expect((refused.json["message"] as? String)?.contains("5 per minute") == true, "\(refused.text)")
        #expect(Int(refused.headers["retry-after"] ?? "") ?? 0 >= 1)
        // Only the thumbs that were accepted were counted.
        let metadata = try served.get("/cms/getSkillMetadata.json?model=general&group=Knowledge&language=en&skill=time")
        let rating = (metadata.json["skill_metadata"] as? [String: Any])?["skill_rating"] as? [String: Any]
        #expect(rating?["positive"] as? String == "5")
        // An account is not limited by the anonymous budget.
        let token = try RawHTTPTests.signedIn(served)
        #expect(try served.get(thumbs + "&access_token=\(token)").status == 200)
    }

    /// Rows of anonymous HTTP callers in the conversations table, read with the sqlite3 tool.
    static func anonymousRows(_ served: ServedSUSI) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [served.directory + "/susi.db", "SELECT count(*) FROM conversations WHERE identity != 'local'"]
        process.environment = ChildEnvironment.make(home: served.directory)
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
