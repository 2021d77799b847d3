import Foundation
import SusiCore
import SusiPorts
import SusiReply
import Testing

/// The fixture itself: only loopback servers, refused before connecting.
@Suite struct BackendFixtureTests {
    @Test(arguments: ["http://192.0.2.1:8080", "https://api.susi.ai", "http://10.0.0.1", "http://[2001:db8::1]:80",
                      "http://localhost.example.com", "not a url"])
    func refusesANonLoopbackServer(_ url: String) {
        #expect(throws: NonLoopbackAddress.self) { try Backend.remoteService(baseURL: url) }
    }

    @Test(arguments: ["http://127.0.0.1:4000", "http://localhost:4000", "http://[::1]:4000"])
    func acceptsALoopbackServer(_ url: String) throws {
        #expect(try Backend.remoteService(baseURL: url).location == url)
    }
}

@Suite struct ChatContract {
    @Test(arguments: BackendKind.allCases)
    func answersFromABundledSkill(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let reply = try service.chat(ChatRequest(query: "Hello"), token: nil)
            #expect(reply.text == "Hello! How can I help you today?")
            #expect(reply.query == "Hello")
            #expect(!reply.isFallback)
            #expect(reply.answers.first?.skills == [greetings.path])
            #expect(try service.skill(greetings).usageCount == 1)

            let fallback = try service.chat(ChatRequest(query: "qwxz plonk frobnicate"), token: nil)
            #expect(fallback.isFallback)
            #expect(!fallback.text.isEmpty)
            #expect(try service.skills(SkillQuery(sort: .usage)).first?.ref == greetings)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func remembersAcrossTurnsForALoggedInAccount(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            #expect(try service.chat(ChatRequest(query: "my name is ada"), token: ada).text == "Nice to meet you, ada!")
            #expect(try service.chat(ChatRequest(query: "what is my name"), token: ada).text == "Your name is ada.")
            // Memory belongs to the account, not to the backend.
            #expect(try service.chat(ChatRequest(query: "what is my name"), token: bob).text
                == "I don't know your name yet. Tell me with \"my name is\" and your name.")
            #expect(try service.skill(memorySkill).usageCount == 3)

            try service.logout(token: ada)
            // A token the backend no longer accepts is reported, never silently
            // answered as a stranger: the user believes they are logged in.
            refused(.notLoggedIn, backend) { _ = try service.chat(ChatRequest(query: "what is my name"), token: ada) }
        }
    }
}

@Suite struct CatalogueContract {
    static let bundledGroups = ["Communication", "Games, Trivia and Accessories", "Knowledge", "Music and Audio",
                                "Novelty and Humour", "Productivity", "Travel and Transportation", "Utilities", "Weather"]

    @Test(arguments: BackendKind.allCases)
    func groupsAndLanguages(_ kind: BackendKind) throws {
        try Backend.with(kind) { (backend) throws in
            #expect(try backend.service.groups() == Self.bundledGroups)
            #expect(try backend.service.languages() == ["en"])
            // No skills in another language: an empty list, not an error.
            #expect(try backend.service.skills(SkillQuery(language: "de")).isEmpty)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func skillListFiltersSearchesSortsAndLimits(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let all = try service.skills(SkillQuery())
            #expect(all.count == 25)
            #expect(all.map(\.ref.name) == all.map(\.ref.name).sorted { $0.lowercased() < $1.lowercased() })
            #expect(Set(all.map(\.ref.group)) == Set(Self.bundledGroups))

            let knowledge = try service.skills(SkillQuery(group: "Knowledge"))
            #expect(knowledge.map(\.ref.name) == ["date", "planets", "source_code", "time"])
            #expect(try service.skills(SkillQuery(group: "knowledge")).map(\.ref) == knowledge.map(\.ref))
            #expect(try service.skills(SkillQuery(group: "No Such Group")).isEmpty)

            #expect(try service.skills(SkillQuery(search: "planet")).map(\.ref.name) == ["planets"])
            #expect(try service.skills(SkillQuery(search: "PLANET")).map(\.ref.name) == ["planets"])
            #expect(try service.skills(SkillQuery(group: "Utilities", search: "planet")).isEmpty)
            #expect(try service.skills(SkillQuery(search: "zzzz-nothing-matches")).isEmpty)
            // Words are searched in the texts, never in how the backend stores them.
            for punctuation in ["[", "]", "\"", "\",\"", "{"] {
                #expect(try service.skills(SkillQuery(search: punctuation)).isEmpty, "search \(punctuation)")
            }

            #expect(try service.skills(SkillQuery(limit: 3)).map(\.ref) == Array(all.prefix(3)).map(\.ref))
            #expect(try service.skills(SkillQuery(limit: 2, offset: 3)).map(\.ref) == Array(all[3..<5]).map(\.ref))
            #expect(try service.skills(SkillQuery(reversed: true)).map(\.ref) == all.reversed().map(\.ref))
            #expect(try service.skills(SkillQuery(limit: 0)).isEmpty)

            // Sorted by what the backend counted: ratings and usage.
            let token = try backend.account("ada@example.org")
            _ = try service.rate(dice, stars: 3, token: token)
            _ = try service.rate(jokes, stars: 5, token: token)
            #expect(try service.skills(SkillQuery(sort: .rating, limit: 2)).map(\.ref) == [jokes, dice])
            #expect(try service.skills(SkillQuery(sort: .rating, reversed: true)).last?.ref == jokes)
            _ = try service.chat(ChatRequest(query: "hello"), token: nil)
            _ = try service.chat(ChatRequest(query: "hi"), token: nil)
            let byUsage = try service.skills(SkillQuery(sort: .usage, limit: 1))
            #expect(byUsage.map(\.ref) == [greetings])
            #expect(byUsage.first?.usageCount == 2)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func skillInfoWithExamplesAndRatings(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let text = try service.skillText(time)
            #expect(text.contains("::name"))
            let examples = text.split(separator: "\n").filter { $0.hasPrefix("!example:") }.map { String($0.dropFirst(9)) }
            #expect(!examples.isEmpty)

            let token = try backend.account("ada@example.org")
            _ = try service.rate(time, stars: 4, token: token)
            try service.thumbs(time, positive: true, query: "what time is it", reply: "noon", token: nil)
            try service.postFeedback(time, text: "Handy.", token: token)
            try service.bookmark(time, on: true, token: token)

            let info = try service.skill(time)
            #expect(info.ref == time)
            #expect(info.title == "Time")
            #expect(info.examples == examples)
            #expect(info.rating == SkillRating(positive: 1, negative: 0, feedbackCount: 1, bookmarkCount: 1,
                                               stars: StarRatings(fourStar: 1)))
            // The list shows the same entry as the info call.
            let listed = try service.skills(SkillQuery(group: "Knowledge")).first { $0.ref == time }
            #expect(listed?.title == info.title && listed?.examples == info.examples && listed?.rating == info.rating)

            switch kind {
            case .embedded:
                #expect((info.intentCount ?? 0) > 0)
                #expect(info.modified != nil)
            case .remote, .postgres:
                // Documented difference: the SUSI API has no intent count, so
                // RemoteService reports none (never a false 0); the modification
                // time travels as a whole-second ISO timestamp.
                #expect(info.intentCount == nil)
                #expect(info.modified.map { $0.timeIntervalSince1970.rounded() == $0.timeIntervalSince1970 } == true)
            }
        }
    }

    @Test(arguments: BackendKind.allCases)
    func unknownSkillIsNotFound(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            refused(.notFound, backend) { _ = try service.skill(noSuchSkill) }
            refused(.notFound, backend) { _ = try service.skillText(noSuchSkill) }
            let token = try backend.account("ada@example.org")
            refused(.notFound, backend) { _ = try service.rate(noSuchSkill, stars: 3, token: token) }
            refused(.notFound, backend) { try service.postFeedback(noSuchSkill, text: "Hm.", token: token) }
            refused(.notFound, backend) { _ = try service.feedback(noSuchSkill) }
            refused(.notFound, backend) { _ = try service.userRating(noSuchSkill, token: token) }
            refused(.notFound, backend) { try service.bookmark(noSuchSkill, on: true, token: token) }
            refused(.notFound, backend) { try service.report(noSuchSkill, reason: "Broken", token: token) }
            refused(.notFound, backend) { try service.thumbs(noSuchSkill, positive: true, query: "q", reply: "r", token: nil) }
        }
    }
}

/// Planned answers (server-api.md §5): both backends send the bundled
/// timer's ring as an answer action with `plan_delay` (ms) and `plan_date`,
/// after the immediate answer, and leave it out of the immediate text.
@Suite struct PlannedAnswerContract {
    @Test(arguments: BackendKind.allCases)
    func timerPlansItsRing(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let reply = try backend.service.chat(ChatRequest(query: "set a timer for 2 minutes"), token: nil)
            #expect(reply.text == "Timer for 2 minutes.")
            let planned = reply.plannedActions
            #expect(planned.count == 1)
            let ring = try #require(planned.first)
            #expect(ring.type == .answer)
            #expect(ring.expression == "Time is up! Your 2 minute timer is done.")
            #expect(ring["plan_delay"]?.text == "120000")
            let date = try #require(ring["plan_date"]?.stringValue)
            let delay = try #require(ring.planDelay(received: reply.answerDate))
            #expect(abs(delay - 120) < 0.5)
            // plan_date is the reply's moment plus the delay, in the server's date format.
            #expect(date.hasSuffix("Z") && date.count == "2026-11-29T21:41:05.318Z".count)
            let fromDate = ReplyAction(type: .answer, fields: JSONObject([("plan_date", .string(date))]))
            #expect(abs((fromDate.planDelay(received: reply.queryDate) ?? 0) - 120) < 1)
        }
    }
}
