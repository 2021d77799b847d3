import Foundation
import SusiPorts
import Testing
import SusiCore
import SusiEngine
import SusiStore
@testable import SusiLocal

@Suite struct ChatTests {
    private func usage(_ fixture: Fixture, _ ref: SkillRef) throws -> Int {
        try fixture.raw().scalar("SELECT usage_count FROM skills WHERE path = ?", [ref.path])?.int ?? -1
    }

    @Test func answersFromABundledSkillAndCountsUsage() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let reply = try service.chat(ChatRequest(query: "Hello"), token: nil)
        #expect(reply.text == "Hello! How can I help you today?")
        #expect(!reply.isFallback)
        #expect(reply.answers.first?.skills == [greetings.path])
        #expect(try usage(fixture, greetings) == 1)
        _ = try fixture.service().chat(ChatRequest(query: "hi"), token: nil)
        #expect(try usage(fixture, greetings) == 2)
        #expect(try service.skill(greetings).usageCount == 2)
        #expect(try service.skills(SkillQuery(sort: .usage)).first?.ref == greetings)
        // Nothing else was counted.
        #expect(try fixture.raw().scalar("SELECT sum(usage_count) FROM skills")?.int == 2)
    }

    @Test func fallbackCountsNoSkill() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let reply = try service.chat(ChatRequest(query: "qwxz plonk frobnicate"), token: nil)
        #expect(reply.isFallback)
        #expect(!reply.text.isEmpty)
        #expect(try fixture.raw().scalar("SELECT sum(usage_count) FROM skills")?.int == 0)
    }

    @Test func memoryPersistsAcrossServicesPerIdentity() throws {
        let fixture = Fixture()
        let unknown = "I don't know your name yet. Tell me with \"my name is\" and your name."
        var ada = ""
        var bob = ""
        do {
            let service = try fixture.service()
            ada = try service.newAccount("ada@example.org")
            bob = try service.newAccount("bob@example.org")
            #expect(try service.chat(ChatRequest(query: "my name is ada"), token: ada).text == "Nice to meet you, ada!")
            #expect(try service.chat(ChatRequest(query: "my name is anon"), token: nil).text == "Nice to meet you, anon!")
        }
        let later = try fixture.service()
        #expect(try later.chat(ChatRequest(query: "what is my name"), token: ada).text == "Your name is ada.")
        #expect(try later.chat(ChatRequest(query: "what is my name"), token: nil).text == "Your name is anon.")
        #expect(try later.chat(ChatRequest(query: "what is my name"), token: bob).text == unknown)
        // A token that is not accepted is reported, not answered as a stranger.
        #expect(throws: ServiceError.self) { try later.chat(ChatRequest(query: "what is my name"), token: "bogus") }
        #expect(try later.skill(memorySkill).usageCount == 5)

        // Bob's own memory; after logging out, Ada's old token is refused.
        _ = try later.chat(ChatRequest(query: "call me bob"), token: bob)
        try later.logout(token: ada)
        let third = try fixture.service()
        #expect(try third.chat(ChatRequest(query: "what is my name"), token: bob).text == "Your name is bob.")
        do {
            _ = try third.chat(ChatRequest(query: "what is my name"), token: ada)
            Issue.record("a revoked token must be refused")
        } catch let error as ServiceError {
            #expect(error.kind == .notLoggedIn)
            #expect(error.message.contains("no longer valid"))
        }
        #expect(try third.chat(ChatRequest(query: "what is my name"), token: nil).text == "Your name is anon.")
        #expect(try fixture.count("conversations") == 3)
    }
}
