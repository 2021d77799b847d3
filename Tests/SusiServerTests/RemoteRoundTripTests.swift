import Foundation
import SusiCore
import SusiPorts
import SusiRemote
import Testing

/// Every SusiService call through susi's own RemoteService against the
/// server: the server must speak the API RemoteService was written for.
@Suite("RemoteService against susi serve")
struct RemoteRoundTripTests {
    let time = SkillRef(group: "Knowledge", language: "en", name: "time")

    @Test func accountsLoginAndLogout() throws {
        let served = try ServedSUSI()
        let remote = served.remote()
        #expect(try remote.isRegistered(email: "ada@example.com") == false)
        try remote.signUp(email: "ada@example.com", password: password)
        #expect(try remote.isRegistered(email: "ada@example.com"))
        #expect(throws: ServiceError.self) { try remote.signUp(email: "ada@example.com", password: password) }
        do {
            try remote.signUp(email: "ada@example.com", password: password)
        } catch let error as ServiceError {
            #expect(error.kind == .conflict)
        }
        do {
            _ = try remote.login(email: "ada@example.com", password: "Wrong-pass1", validFor: nil)
            Issue.record("a wrong password logged in")
        } catch let error as ServiceError {
            #expect(error.kind == .forbidden)
        }
        let grant = try remote.login(email: "ada@example.com", password: password, validFor: 3600)
        #expect(grant.identity == .account("ada@example.com"))
        #expect(grant.expires.map { abs($0.timeIntervalSinceNow - 3600) < 5 } == true)
        #expect(try remote.identity(token: grant.token) == .account("ada@example.com"))
        #expect(try remote.identity(token: nil).anonymous)

        let newPassword = "Other-pass2"
        try remote.changePassword(email: "ada@example.com", current: password, new: newPassword, token: grant.token)
        do {
            try remote.changePassword(email: "ada@example.com", current: password, new: "Third-pass3", token: grant.token)
            Issue.record("the old password still worked")
        } catch let error as ServiceError {
            #expect(error.kind == .forbidden)
        }
        _ = try remote.login(email: "ada@example.com", password: newPassword, validFor: nil)

        do {
            try remote.recoverPassword(email: "ada@example.com")
            Issue.record("recovery cannot send mail")
        } catch let error as ServiceError {
            #expect(error.kind == .unavailable)
        }
        do {
            try remote.recoverPassword(email: "nobody@example.com")
            Issue.record("recovery cannot send mail")
        } catch let error as ServiceError {
            // As for an account that exists: nothing tells them apart.
            #expect(error.kind == .unavailable)
        }

        try remote.logout(token: grant.token)
        #expect(try remote.identity(token: grant.token).anonymous)
        do {
            _ = try remote.settings(token: grant.token)
            Issue.record("a revoked token was accepted")
        } catch let error as ServiceError {
            #expect(error.kind == .notLoggedIn)
        }
    }

    @Test func chatAnonymousAndLoggedIn() throws {
        let served = try ServedSUSI()
        let remote = served.remote()
        let reply = try remote.chat(ChatRequest(query: "hello"), token: nil)
        #expect(!reply.text.isEmpty)
        #expect(reply.query == "hello")
        #expect(reply.answers.first?.skills.first?.hasSuffix("greetings.txt") == true)

        try remote.signUp(email: "bob@example.com", password: password)
        let grant = try remote.login(email: "bob@example.com", password: password, validFor: nil)
        _ = try remote.chat(ChatRequest(query: "my name is bob"), token: grant.token)
        let named = try remote.chat(ChatRequest(query: "what is my name"), token: grant.token)
        #expect(named.text.lowercased().contains("bob"))

        try remote.logout(token: grant.token)
        do {
            _ = try remote.chat(ChatRequest(query: "hello"), token: grant.token)
            Issue.record("a revoked token chatted as the account")
        } catch let error as ServiceError {
            #expect(error.kind == .notLoggedIn)
        }
    }

    @Test func catalogue() throws {
        let served = try ServedSUSI()
        let remote = served.remote()
        let groups = try remote.groups()
        #expect(groups.contains("Knowledge"))
        #expect(try remote.languages() == ["en"])
        let all = try remote.skills(SkillQuery())
        #expect(all.contains { $0.ref == time })
        let knowledge = try remote.skills(SkillQuery(group: "Knowledge"))
        #expect(!knowledge.isEmpty && knowledge.allSatisfy { $0.ref.group == "Knowledge" })
        let searched = try remote.skills(SkillQuery(search: "planet"))
        #expect(searched.contains { $0.ref.name == "planets" })
        let info = try remote.skill(time)
        #expect(info.ref == time)
        #expect(!info.examples.isEmpty)
        #expect(try remote.skillText(time).contains("::name"))
        let missing = SkillRef(group: "Knowledge", language: "en", name: "no_such_skill")
        do {
            _ = try remote.skill(missing)
            Issue.record("an unknown skill was found")
        } catch let error as ServiceError {
            #expect(error.kind == .notFound)
        }
        do {
            _ = try remote.skillText(missing)
        } catch let error as ServiceError {
            #expect(error.kind == .notFound)
        }
    }

    @Test func ratingsFeedbackReportsBookmarks() throws {
        let served = try ServedSUSI()
        let remote = served.remote()
        try remote.signUp(email: "cy@example.com", password: password)
        let token = try remote.login(email: "cy@example.com", password: password, validFor: nil).token
        try remote.signUp(email: "di@example.com", password: password)
        let other = try remote.login(email: "di@example.com", password: password, validFor: nil).token

        #expect(try remote.userRating(time, token: token) == nil)
        let first = try remote.rate(time, stars: 4, token: token)
        #expect(first.fourStar == 1 && first.total == 1)
        let second = try remote.rate(time, stars: 5, token: other)
        #expect(second.total == 2 && second.average == 4.5)
        let rerated = try remote.rate(time, stars: 2, token: token)
        #expect(rerated == StarRatings(twoStar: 1, fiveStar: 1))
        #expect(try remote.userRating(time, token: token) == 2)
        #expect(try remote.skill(time).rating.stars == rerated)

        try remote.thumbs(time, positive: true, query: "what time is it", reply: "noon", token: nil)
        try remote.thumbs(time, positive: false, query: "time", reply: "noon", token: token)
        let thumbs = try remote.skill(time).rating
        #expect(thumbs.positive == 1 && thumbs.negative == 1)

        try remote.postFeedback(time, text: "Handy.", token: token)
        try remote.postFeedback(time, text: "  Very handy.  ", token: token)
        let feedback = try remote.feedback(time)
        #expect(feedback.count == 1)
        #expect(feedback.first?.text == "Very handy.")
        #expect(feedback.first?.email == "cy@example.com")
        #expect(feedback.first?.stars == 2)
        #expect(feedback.first.map { abs($0.timestamp.timeIntervalSinceNow) < 60 } == true)

        try remote.report(time, reason: "Wrong time zone", token: token)
        do {
            try remote.report(time, reason: "Again", token: token)
            Issue.record("a second report was accepted")
        } catch let error as ServiceError {
            #expect(error.kind == .conflict)
        }

        try remote.bookmark(time, on: true, token: token)
        #expect(try remote.skill(time).rating.bookmarkCount == 1)
        try remote.bookmark(time, on: false, token: token)
        #expect(try remote.skill(time).rating.bookmarkCount == 0)

        do {
            _ = try remote.rate(time, stars: 3, token: "not-a-token")
            Issue.record("an unknown token rated")
        } catch let error as ServiceError {
            #expect(error.kind == .notLoggedIn)
        }
    }

    @Test func settingsAndDevices() throws {
        let served = try ServedSUSI()
        let remote = served.remote()
        try remote.signUp(email: "eve@example.com", password: password)
        let token = try remote.login(email: "eve@example.com", password: password, validFor: nil).token

        #expect(try remote.settings(token: token) == [:])
        try remote.changeSettings(["userName": "Evelyn", "theme": "dark"], token: token)
        #expect(try remote.settings(token: token) == ["userName": "Evelyn", "theme": "dark"])
        do {
            try remote.changeSettings(["theme": "light"], token: nil)
        } catch let error as ServiceError {
            #expect(error.kind == .notLoggedIn)
        }

        #expect(try remote.devices(token: token).isEmpty)
        try remote.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: "Speaker", room: "Kitchen",
                                    latitude: 52.5, longitude: 13.4), token: token)
        try remote.addDevice(Device(macAddress: "12-34-56-78-9A-BD", name: "Radio", room: "Bedroom"), token: token)
        let devices = try remote.devices(token: token)
        #expect(devices.map(\.name) == ["Radio", "Speaker"])
        #expect(devices.last?.latitude == 52.5 && devices.last?.longitude == 13.4)
        #expect(devices.first?.latitude == nil)
        #expect(devices.allSatisfy { $0.added.map { abs($0.timeIntervalSinceNow) < 60 } == true })

        try remote.removeDevice("12:34:56:78:9A:BC", token: token)
        #expect(try remote.devices(token: token).map(\.name) == ["Radio"])
        do {
            try remote.removeDevice("12:34:56:78:9A:BC", token: token)
            Issue.record("removing an unknown device succeeded")
        } catch let error as ServiceError {
            #expect(error.kind == .notFound)
        }
        try remote.removeDevice(nil, token: token)
        #expect(try remote.devices(token: token).isEmpty)
    }
}
