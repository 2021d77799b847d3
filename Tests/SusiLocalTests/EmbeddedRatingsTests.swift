import Foundation
import SusiPorts
import Testing
import SusiCore
import SusiStore
@testable import SusiLocal

@Suite struct RatingTests {
    @Test func outOfRangeStarsChangeNothing() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        let other = try service.newAccount("bob@example.org")
        _ = try service.rate(greetings, stars: 3, token: other)
        let before = try service.skill(greetings).rating
        for stars in [0, 6, -1, 100, Int.min, Int.max] {
            try refusedUnchanged(fixture, .invalidInput, ["1 to 5", "\(stars)"]) {
                _ = try service.rate(greetings, stars: stars, token: token)
            }
        }
        // Also for a skill nobody rated: the totals stay zero, the average 0 (never NaN).
        try refusedUnchanged(fixture, .invalidInput, ["1 to 5"]) { _ = try service.rate(jokes, stars: 0, token: token) }
        #expect(try service.skill(greetings).rating == before)
        let untouched = try service.skill(jokes).rating.stars
        #expect(untouched == StarRatings() && untouched.average == 0 && !untouched.average.isNaN)
        #expect(try service.userRating(greetings, token: token) == nil)
        #expect(try fixture.count("ratings") == 1)
    }

    @Test func unknownSkillAndAnonymousAreRefused() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try refusedUnchanged(fixture, .notFound, ["no skill", "no_such_skill"]) {
            _ = try service.rate(noSuchSkill, stars: 4, token: token)
        }
        try refusedUnchanged(fixture, .notFound, ["no skill"]) { _ = try service.userRating(noSuchSkill, token: token) }
        // The group is part of the skill's identity.
        try refusedUnchanged(fixture, .notFound, ["no skill"]) {
            _ = try service.rate(SkillRef(group: "Knowledge", language: "en", name: "greetings"), stars: 4, token: token)
        }
        try refusedUnchanged(fixture, .notLoggedIn, ["no longer valid"]) { _ = try service.rate(greetings, stars: 4, token: "bogus") }
        try refusedUnchanged(fixture, .notLoggedIn, ["no longer valid"]) { _ = try service.userRating(greetings, token: "bogus") }
    }

    /// Without a token the rater is the person at the machine: stored as
    /// 'local', counted like any other rating, replaced by their next one.
    @Test func withoutATokenThePersonAtTheMachineRates() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        #expect(try service.userRating(greetings, token: nil) == nil)
        #expect(try service.rate(greetings, stars: 4, token: nil) == StarRatings(fourStar: 1))
        #expect(try service.rate(greetings, stars: 1, token: "") == StarRatings(oneStar: 1))
        #expect(try service.userRating(greetings, token: nil) == 1)
        #expect(try fixture.count("ratings", "email = 'local'") == 1)
        // Never an account: the rater cannot log in or be signed up.
        #expect(try !service.isRegistered(email: "local"))
    }

    /// A database from before the local rater keeps its ratings, and an
    /// account's ratings still go with the account.
    @Test func ratingsSurviveTheMigrationToTheLocalRater() throws {
        let fixture = Fixture()
        do {
            let old = try Database(path: fixture.path)
            try old.migrate(Schema.migrations.filter { $0.version <= 3 })
            try old.run("INSERT INTO accounts (email, password_hash, created) VALUES ('ada@example.org', 'x', 0)")
            try old.run("INSERT INTO ratings (skill, email, stars, timestamp) VALUES (?, 'ada@example.org', 5, 0)", [greetings.path])
        }
        let service = try fixture.service()
        #expect(try service.skill(greetings).rating.stars == StarRatings(fiveStar: 1))
        _ = try service.rate(greetings, stars: 2, token: nil)
        #expect(try service.skill(greetings).rating.stars == StarRatings(twoStar: 1, fiveStar: 1))
        try fixture.raw().run("DELETE FROM accounts WHERE email = 'ada@example.org'")
        #expect(try service.skill(greetings).rating.stars == StarRatings(twoStar: 1))
        // Anything else that is not an email is refused by the table itself.
        #expect(throws: (any Error).self) {
            try fixture.raw().run("INSERT INTO ratings (skill, email, stars, timestamp) VALUES ('x', 'bob', 3, 0)")
        }
    }

    @Test func totalsAreExactAcrossUsersAndReRatings() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        var tokens: [String] = []
        for index in 0..<6 { tokens.append(try service.newAccount("user\(index)@example.org")) }
        #expect(try service.userRating(greetings, token: tokens[0]) == nil)

        var result = StarRatings()
        for (token, stars) in zip(tokens, [5, 4, 4, 1, 2, 3]) { result = try service.rate(greetings, stars: stars, token: token) }
        #expect(result == StarRatings(oneStar: 1, twoStar: 1, threeStar: 1, fourStar: 2, fiveStar: 1))
        #expect(result.total == 6)
        #expect(result.average == 3.17) // 19 / 6 = 3.1666...
        #expect(try service.skill(greetings).rating.stars == result)

        // Re-rating moves the user's vote, the total stays.
        result = try service.rate(greetings, stars: 5, token: tokens[3]) // 1 -> 5
        #expect(result == StarRatings(oneStar: 0, twoStar: 1, threeStar: 1, fourStar: 2, fiveStar: 2))
        #expect(result.total == 6)
        #expect(result.average == 3.83) // 23 / 6 = 3.8333...
        result = try service.rate(greetings, stars: 5, token: tokens[3]) // same again: no change
        #expect(result.total == 6 && result.fiveStar == 2)
        #expect(try service.userRating(greetings, token: tokens[3]) == 5)
        #expect(try service.userRating(greetings, token: tokens[1]) == 4)
        #expect(try fixture.count("ratings") == 6)

        // Another skill is independent; the JSON shape carries the totals.
        #expect(try service.rate(jokes, stars: 2, token: tokens[0]) == StarRatings(twoStar: 1))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any]
        #expect(json?["total_star"] as? Int == 6)
        #expect(json?["avg_star"] as? Double == 3.83)
    }

    @Test func averagesRoundToTwoDecimals() throws {
        let service = try Fixture().service()
        var tokens: [String] = []
        for index in 0..<3 { tokens.append(try service.newAccount("user\(index)@example.org")) }
        var result = StarRatings()
        for (token, stars) in zip(tokens, [5, 4, 4]) { result = try service.rate(dice, stars: stars, token: token) }
        #expect(result.average == 4.33)
        result = try service.rate(dice, stars: 5, token: tokens[1])
        #expect(result.average == 4.67)
    }
}

@Suite struct FeedbackTests {
    @Test func emptyOrOverlongFeedbackIsRefused() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try service.postFeedback(greetings, text: "first", token: token)
        for text in ["", "   ", "\n\t \r\n"] {
            try refusedUnchanged(fixture, .invalidInput, ["empty"]) { try service.postFeedback(greetings, text: text, token: token) }
        }
        try refusedUnchanged(fixture, .invalidInput, ["2000", "2001"]) {
            try service.postFeedback(greetings, text: String(repeating: "x", count: 2001), token: token)
        }
        #expect(try service.feedback(greetings).map(\.text) == ["first"])
        try service.postFeedback(greetings, text: "  " + String(repeating: "y", count: 2000) + "\n", token: token)
        #expect(try service.feedback(greetings).map(\.text) == [String(repeating: "y", count: 2000)])
    }

    /// Checked before the login and the skill, so nothing at all is touched.
    @Test func controlCharactersAreRefusedAndNothingIsStored() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try service.postFeedback(greetings, text: "first", token: token)
        for text in ["a\u{1B}[2Jb", "\u{1B}]8;;http://x\u{1B}\\link", "nul\u{0}", "\u{7F}", "c1 \u{85}x", "\u{9B}1m", "a\rb", "x\u{0B}y"] {
            try refusedUnchanged(fixture, .invalidInput, ["control characters", "line breaks and tabs are fine"]) {
                try service.postFeedback(greetings, text: text, token: token)
            }
        }
        #expect(try service.feedback(greetings).map(\.text) == ["first"])
        try service.postFeedback(greetings, text: "one\r\n\ttwo", token: token)
        #expect(try service.feedback(greetings).map(\.text) == ["one\n\ttwo"])
    }

    @Test func deletingRemovesOnlyTheUsersOwn() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let ada = try service.newAccount("ada@example.org")
        let bob = try service.newAccount("bob@example.org")
        try service.postFeedback(greetings, text: "Ada's", token: ada)
        try service.postFeedback(greetings, text: "Bob's", token: bob)
        try refusedUnchanged(fixture, .notLoggedIn, ["needs an account"]) { _ = try service.deleteFeedback(greetings, token: nil) }
        try refusedUnchanged(fixture, .notLoggedIn, ["no longer valid"]) { _ = try service.deleteFeedback(greetings, token: "stale") }
        try refusedUnchanged(fixture, .notFound, ["no skill"]) { _ = try service.deleteFeedback(noSuchSkill, token: ada) }
        #expect(try service.deleteFeedback(greetings, token: ada))
        #expect(try service.feedback(greetings).map(\.text) == ["Bob's"])
        #expect(try service.skill(greetings).rating.feedbackCount == 1)
        #expect(try !service.deleteFeedback(greetings, token: ada))
    }

    @Test func feedbackNeedsAnAccountAndASkill() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try refusedUnchanged(fixture, .notLoggedIn, ["needs an account"]) { try service.postFeedback(greetings, text: "hi", token: nil) }
        try refusedUnchanged(fixture, .notFound, ["no skill"]) { try service.postFeedback(noSuchSkill, text: "hi", token: token) }
        refused(.notFound, ["no skill"]) { _ = try service.feedback(noSuchSkill) }
        #expect(try service.feedback(greetings).isEmpty)
        #expect(try service.skill(greetings).rating.feedbackCount == 0)
    }

    @Test func oneFeedbackPerUserNewestFirstWithStarsAndUserName() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let ada = try service.newAccount("ada@example.org")
        let bob = try service.newAccount("bob@example.org")
        let cy = try service.newAccount("cy@example.org")
        try service.changeSettings(["userName": "Ada Lovelace"], token: ada)
        _ = try service.rate(greetings, stars: 4, token: ada)
        _ = try service.rate(greetings, stars: 2, token: cy)

        let start = fixture.clock.now()
        try service.postFeedback(greetings, text: "Lovely greetings", token: ada)
        fixture.clock.advance(10)
        try service.postFeedback(greetings, text: "  Meh  ", token: bob)
        fixture.clock.advance(10)
        try service.postFeedback(greetings, text: "ok", token: cy)
        #expect(try service.feedback(greetings).map(\.email) == ["cy@example.org", "bob@example.org", "ada@example.org"])
        #expect(try service.skill(greetings).rating.feedbackCount == 3)

        fixture.clock.advance(10)
        try service.postFeedback(greetings, text: "Even better now", token: ada) // replaces, moves to the top
        let list = try service.feedback(greetings)
        #expect(list == [
            SkillFeedback(email: "ada@example.org", userName: "Ada Lovelace", text: "Even better now",
                          timestamp: start.addingTimeInterval(30), stars: 4),
            SkillFeedback(email: "cy@example.org", userName: "", text: "ok", timestamp: start.addingTimeInterval(20), stars: 2),
            SkillFeedback(email: "bob@example.org", userName: "", text: "Meh", timestamp: start.addingTimeInterval(10), stars: 0),
        ])
        #expect(try service.skill(greetings).rating.feedbackCount == 3)
        #expect(try fixture.count("feedback") == 3)
        #expect(try service.feedback(jokes).isEmpty)
        // Later changes of stars and name show up in the list.
        _ = try service.rate(greetings, stars: 5, token: bob)
        try service.changeSettings(["userName": "Bobby Tables"], token: bob)
        let bobs = try #require(try service.feedback(greetings).last)
        #expect((bobs.stars, bobs.userName) == (5, "Bobby Tables"))
        #expect(try service.skills(SkillQuery(search: "greetings")).first { $0.ref == greetings }?.rating.feedbackCount == 3)
    }
}

@Suite struct ThumbsReportBookmarkTests {
    @Test func thumbsCountForAnyoneIncludingAnonymous() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        try service.thumbs(greetings, positive: true, query: "hi", reply: "Hello!", token: nil)
        try service.thumbs(greetings, positive: true, query: "hello", reply: "Hi!", token: token)
        try service.thumbs(greetings, positive: false, query: "hey", reply: "Hm?", token: "expired-or-bogus")
        try service.thumbs(jokes, positive: false, query: "joke", reply: "...", token: nil)
        let rating = try service.skill(greetings).rating
        #expect((rating.positive, rating.negative) == (2, 1))
        #expect(rating.stars == StarRatings())
        #expect((try service.skill(jokes).rating.positive, try service.skill(jokes).rating.negative) == (0, 1))
        #expect(try fixture.count("thumbs", "identity = 'ada@example.org'") == 1)
        try refusedUnchanged(fixture, .notFound, ["no skill"]) {
            try service.thumbs(noSuchSkill, positive: true, query: "q", reply: "r", token: nil)
        }
    }

    @Test func reportOncePerUserWithAReason() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let ada = try service.newAccount("ada@example.org")
        let bob = try service.newAccount("bob@example.org")
        for reason in ["", "  \n "] {
            try refusedUnchanged(fixture, .invalidInput, ["why"]) { try service.report(greetings, reason: reason, token: ada) }
        }
        try refusedUnchanged(fixture, .notLoggedIn, ["needs an account"]) { try service.report(greetings, reason: "spam", token: nil) }
        try refusedUnchanged(fixture, .notFound, ["no skill"]) { try service.report(noSuchSkill, reason: "spam", token: ada) }
        try service.report(greetings, reason: " Offensive answer ", token: ada)
        #expect(try fixture.raw().scalar("SELECT reason FROM reports")?.string == "Offensive answer")
        try refusedUnchanged(fixture, .conflict, ["already reported", "greetings"]) {
            try service.report(greetings, reason: "again", token: ada)
        }
        try service.report(greetings, reason: "spam", token: bob)
        try service.report(jokes, reason: "spam", token: ada)
        #expect(try fixture.count("reports") == 3)
    }

    @Test func bookmarksAreIdempotentAndCounted() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let ada = try service.newAccount("ada@example.org")
        let bob = try service.newAccount("bob@example.org")
        #expect(try service.bookmarks(token: ada).isEmpty)
        try service.bookmark(greetings, on: true, token: ada)
        fixture.clock.advance(1)
        try service.bookmark(jokes, on: true, token: ada)
        fixture.clock.advance(1)
        try service.bookmark(greetings, on: true, token: ada) // again: no second row, keeps its place
        try service.bookmark(greetings, on: true, token: bob)
        #expect(try service.bookmarks(token: ada) == [jokes, greetings])
        #expect(try service.bookmarks(token: bob) == [greetings])
        #expect(try service.skill(greetings).rating.bookmarkCount == 2)
        #expect(try service.skill(jokes).rating.bookmarkCount == 1)

        try service.bookmark(greetings, on: false, token: ada)
        try service.bookmark(greetings, on: false, token: ada) // already off: fine
        try service.bookmark(dice, on: false, token: ada) // never on: fine
        #expect(try service.bookmarks(token: ada) == [jokes])
        #expect(try service.skill(greetings).rating.bookmarkCount == 1)

        try refusedUnchanged(fixture, .notFound, ["no skill"]) { try service.bookmark(noSuchSkill, on: true, token: ada) }
        try refusedUnchanged(fixture, .notLoggedIn, ["needs an account"]) { try service.bookmark(jokes, on: true, token: nil) }
    }
}
