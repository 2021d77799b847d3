import Foundation
import SusiCore
import SusiPorts
import Testing

@Suite struct RatingContract {
    @Test(arguments: BackendKind.allCases)
    func starsHaveExactTotalsAcrossUsers(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            #expect(try service.userRating(time, token: ada) == nil)
            #expect(try service.skill(time).rating.stars == StarRatings())

            // Every star count, each re-rating replacing Ada's previous one.
            for stars in 1...5 {
                var expected = StarRatings()
                expected[stars] = 1
                #expect(try service.rate(time, stars: stars, token: ada) == expected)
                #expect(try service.userRating(time, token: ada) == stars)
            }
            let both = try service.rate(time, stars: 4, token: bob)
            #expect(both == StarRatings(fourStar: 1, fiveStar: 1))
            #expect(both.total == 2 && both.average == 4.5)
            let rerated = try service.rate(time, stars: 2, token: ada)
            #expect(rerated == StarRatings(twoStar: 1, fourStar: 1))
            #expect(rerated.average == 3)
            #expect(try service.userRating(time, token: ada) == 2)
            #expect(try service.userRating(time, token: bob) == 4)
            #expect(try service.skill(time).rating.stars == rerated)
            // Other skills are untouched.
            #expect(try service.skill(dice).rating.stars == StarRatings())
        }
    }

    @Test(arguments: BackendKind.allCases)
    func refusedRatingsChangeNothing(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            _ = try service.rate(time, stars: 3, token: ada)
            for stars in [0, 6, -1, 100] {
                refused(.invalidInput, backend) { _ = try service.rate(time, stars: stars, token: ada) }
            }
            refused(.notLoggedIn, backend) { _ = try service.rate(time, stars: 4, token: "not-a-token") }
            refused(.notLoggedIn, backend) { _ = try service.userRating(time, token: "not-a-token") }
            if kind != .embedded {
                // A server, like the reference (role USER), wants an account.
                refused(.notLoggedIn, backend) { _ = try service.rate(time, stars: 4, token: nil) }
                refused(.notLoggedIn, backend) { _ = try service.userRating(time, token: nil) }
            }
            #expect(try service.skill(time).rating.stars == StarRatings(threeStar: 1))
            #expect(try service.userRating(time, token: ada) == 3)
        }
    }

    /// The embedded SUSI lets the person at the machine rate without an
    /// account (as the SUSI apps let anonymous users rate): one rater, whose
    /// new rating replaces the old, beside the accounts' ratings.
    @Test func theEmbeddedSUSILetsThePersonAtTheMachineRate() throws {
        try Backend.with(.embedded) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            #expect(try service.userRating(time, token: nil) == nil)
            #expect(try service.rate(time, stars: 2, token: nil) == StarRatings(twoStar: 1))
            #expect(try service.rate(time, stars: 5, token: nil) == StarRatings(fiveStar: 1))
            #expect(try service.rate(time, stars: 3, token: ada) == StarRatings(threeStar: 1, fiveStar: 1))
            #expect(try service.userRating(time, token: nil) == 5)
            #expect(try service.userRating(time, token: ada) == 3)
            #expect(try service.identity(token: nil).anonymous)
        }
    }

    /// Twenty accounts rating one skill at the same moment end with exact
    /// aggregates: no lost update, no double count.
    @Test(arguments: BackendKind.allCases)
    func twentyRatersAtOnceEndExact(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let tokens = try (0..<20).map { try backend.account("rater\($0)@example.org") }
            // One client per rater, each used by one thread only.
            nonisolated(unsafe) let services = try (0..<20).map { _ in try backend.freshService() }
            let failures = FailureLog()
            DispatchQueue.concurrentPerform(iterations: 20) { i in
                do {
                    _ = try services[i].rate(time, stars: i % 5 + 1, token: tokens[i])
                } catch {
                    failures.add("rater \(i): \(error)")
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all)")
            let stars = try service.skill(time).rating.stars
            #expect(stars == StarRatings(oneStar: 4, twoStar: 4, threeStar: 4, fourStar: 4, fiveStar: 4))
            #expect(stars.total == 20 && stars.average == 3)
            for i in 0..<20 { #expect(try service.userRating(time, token: tokens[i]) == i % 5 + 1) }
        }
    }

    @Test(arguments: BackendKind.allCases)
    func feedbackIsOnePerUserNewestFirst(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            try service.changeSettings(["userName": "Bobby"], token: bob)
            _ = try service.rate(time, stars: 4, token: ada)
            #expect(try service.feedback(time).isEmpty)

            let first = backend.clock.now()
            try service.postFeedback(time, text: "Handy.", token: ada)
            backend.clock.advance(10)
            let second = backend.clock.now()
            try service.postFeedback(time, text: "Works offline.", token: bob)
            #expect(try service.feedback(time) == [
                SkillFeedback(email: "bob@example.org", userName: "Bobby", text: "Works offline.", timestamp: second, stars: 0),
                SkillFeedback(email: "ada@example.org", userName: "", text: "Handy.", timestamp: first, stars: 4),
            ])

            // A new feedback replaces the old one (trimmed) and moves it to the top.
            backend.clock.advance(10)
            let third = backend.clock.now()
            try service.postFeedback(time, text: "  Very handy.  \n", token: ada)
            #expect(try service.feedback(time) == [
                SkillFeedback(email: "ada@example.org", userName: "", text: "Very handy.", timestamp: third, stars: 4),
                SkillFeedback(email: "bob@example.org", userName: "Bobby", text: "Works offline.", timestamp: second, stars: 0),
            ])
            #expect(try service.skill(time).rating.feedbackCount == 2)

            for text in ["", "   ", "\n\t"] {
                refused(.invalidInput, backend) { try service.postFeedback(time, text: text, token: ada) }
            }
            refused(.invalidInput, backend) {
                try service.postFeedback(time, text: String(repeating: "x", count: ServiceRules.feedbackLimit + 1), token: ada)
            }
            refused(.notLoggedIn, backend) { try service.postFeedback(time, text: "Anonymous.", token: nil) }
            #expect(try service.feedback(time).map(\.text) == ["Very handy.", "Works offline."])
        }
    }

    @Test(arguments: BackendKind.allCases)
    func thumbsAreCountedForAnyone(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            try service.thumbs(time, positive: true, query: "what time is it", reply: "noon", token: nil)
            try service.thumbs(time, positive: false, query: "time", reply: "noon", token: ada)
            try service.thumbs(time, positive: true, query: "time please", reply: "noon", token: ada)
            let rating = try service.skill(time).rating
            #expect(rating.positive == 2 && rating.negative == 1)
            // Thumbs are not stars.
            #expect(rating.stars == StarRatings())
            #expect(try service.skill(dice).rating.positive == 0)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func reportingTwiceIsAConflict(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            refused(.invalidInput, backend) { try service.report(time, reason: "  ", token: ada) }
            refused(.notLoggedIn, backend) { try service.report(time, reason: "Wrong time zone", token: nil) }
            try service.report(time, reason: "Wrong time zone", token: ada)
            refused(.conflict, backend) { try service.report(time, reason: "Still wrong", token: ada) }
            // Another user may report it too, and Ada another skill.
            try service.report(time, reason: "Wrong time zone", token: bob)
            try service.report(dice, reason: "Loaded", token: ada)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func bookmarksOnAndOff(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            try service.bookmark(time, on: true, token: ada)
            try service.bookmark(time, on: true, token: ada)
            try service.bookmark(dice, on: true, token: ada)
            try service.bookmark(time, on: true, token: bob)
            #expect(try service.skill(time).rating.bookmarkCount == 2)
            try service.bookmark(time, on: false, token: bob)
            try service.bookmark(time, on: false, token: bob)
            #expect(try service.skill(time).rating.bookmarkCount == 1)
            refused(.notLoggedIn, backend) { try service.bookmark(time, on: true, token: nil) }
            refused(.notLoggedIn, backend) { try service.bookmark(time, on: true, token: "not-a-token") }

            switch kind {
            case .embedded:
                #expect(try Set(service.bookmarks(token: ada)) == [time, dice])
                #expect(try service.bookmarks(token: bob).isEmpty)
                refused(.notLoggedIn, backend) { _ = try service.bookmarks(token: nil) }
            case .remote, .postgres:
                // Documented difference: the SUSI API has no call that lists
                // bookmarks, so RemoteService says it cannot (unavailable),
                // for any caller.
                refused(.unavailable, backend) { _ = try service.bookmarks(token: ada) }
                refused(.unavailable, backend) { _ = try service.bookmarks(token: nil) }
            }
            try service.bookmark(time, on: false, token: ada)
            #expect(try service.skill(time).rating.bookmarkCount == 0)
            #expect(try service.skill(dice).rating.bookmarkCount == 1)
        }
    }
}
