import Foundation
import SusiCore
import SusiNet
import SusiPorts
import SusiReply
import SusiTestSupport
import Testing
@testable import SusiRemote

/// A skill text sent with a chat (`instant`) goes in a form body, never in
/// the URL, and the reference fixture answers from it first.
@Suite("RemoteService.chat sends chat.json's instant parameter")
struct RemoteChatInstantTests {
    static func remote(_ url: String) -> RemoteService {
        RemoteService(baseURL: URL(string: url)!, environment: NetworkGuard.safeEnvironment(), timeout: 5, retries: 0)
    }

    @Test func theSkillTextIsPostedAndAnswersFirst() throws {
        let server = try ReferenceChatServer()
        defer { server.stop() }
        var request = ChatRequest(query: "hello", language: "en", timezoneOffsetMinutes: 0)
        request.instant = "hello\nHi & welcome from the file\n\ngood bye\nSee you."
        let reply = try Self.remote(server.baseURL).chat(request, token: nil)
        #expect(reply.text == "Hi & welcome from the file")
        #expect(reply.answers.first?.skills == ["instant"])
        let sent = try #require(server.requests.last)
        #expect(sent.method == "POST")
        #expect(!sent.target.contains("instant"), "the skill text went into the URL: \(sent.target)")
        #expect(String(decoding: sent.body, as: UTF8.self).contains("instant=hello%0AHi%20%26%20welcome"))

        // Without it, the server's own skills.
        let plain = try Self.remote(server.baseURL).chat(ChatRequest(query: "hello", language: "en", timezoneOffsetMinutes: 0), token: nil)
        #expect(plain.text == "Hi! I'm SUSI")
        #expect(server.requests.last?.method == "GET")
    }
}
