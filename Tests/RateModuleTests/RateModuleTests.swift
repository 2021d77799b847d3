import Foundation
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore
import SusiLocal

private let time = SkillRef(group: "Knowledge", language: "en", name: "time")

extension InProcess {
    /// This harness sending `token` for `account`, as a stored login would.
    func withLogin(_ token: String, account: String) -> InProcess {
        var copy = self
        let previous = makers
        copy.makers = { makers in
            previous(&makers)
            makers.credentials = { context in
                Credentials(token: token, source: .vault(path: context.paths.credentialsFile),
                            server: try context.serverName(), account: account, expires: nil)
            }
        }
        return copy
    }
}

@Suite("susi rate")
struct RateModuleTests {
    @Test func rateAndSkillsRateAreOneCommand() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let first = susi.run(["rate", "time", "5"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "Rated Time 5 stars.\n")
        #expect(first.stdout == "5.0 from 1 rating\n5\t1\t100%\n4\t0\t0%\n3\t0\t0%\n2\t0\t0%\n1\t0\t0%\n")
        let second = susi.run(["skills", "rate", "TIME", "3"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr == "Changed your rating of Time from 5 to 3 stars.\n")
        #expect(second.stdout.hasPrefix("3.0 from 1 rating\n5\t0\t0%\n"))
        let same = susi.run(["skills", "rate", "time", "3"])
        #expect(same.stderr == "You had already rated Time 3 stars.\n")
        // One rating, stored once.
        let service = try home.service()
        #expect(try service.userRating(time, token: nil) == 3)
        #expect(try service.skill(time).rating.stars == StarRatings(threeStar: 1))
        // The help of both places is the same command's.
        let help = susi.run(["skills", "rate", "--help"]).stdout
        #expect(help.contains("Rate a skill 1 to 5 stars"))
        #expect(help.contains("susi skills rate <skill> [<stars>]"), "\(help)")
        #expect(susi.run(["rate", "--help"]).stdout.contains("Rate a skill 1 to 5 stars"))
    }

    @Test func withoutStarsItShowsTheUsersRating() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let none = susi.run(["rate", "time"])
        #expect(none.status == 0)
        #expect(none.stdout == "You have not rated Time yet.\n")
        #expect(none.stderr.contains("susi rate time 1-5"))
        #expect(susi.run(["rate", "time", "4"]).status == 0)
        let mine = susi.run(["skills", "rate", "time"])
        #expect(mine.stdout == "You rated Time 4 stars.\n")
        let json = susi.run(["--json", "rate", "time"])
        #expect(json.stdout.contains("\"stars\" : 4"))
        #expect(json.stdout.contains("\"skill\" : \"models/general/Knowledge/en/time.txt\""))
        let unrated = susi.run(["--json", "rate", "dice"])
        #expect(unrated.stdout.contains("\"stars\" : null"), "\(unrated.stdout)")
    }

    @Test func jsonHasTheServersFieldNames() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        _ = susi.run(["rate", "time", "2"])
        let result = susi.run(["--json", "rate", "time", "4"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["stars"] as? Int == 4)
        #expect(object?["previous"] as? Int == 2)
        let ratings = object?["ratings"] as? [String: Any]
        #expect(ratings?["four_star"] as? Int == 1)
        #expect(ratings?["two_star"] as? Int == 0)
        #expect(ratings?["total_star"] as? Int == 1)
        #expect(ratings?["avg_star"] as? Double == 4)
        #expect(Set(ratings?.keys.map { $0 } ?? []) == ["one_star", "two_star", "three_star", "four_star", "five_star", "total_star", "avg_star"])
    }

    @Test func onATerminalTheChartHasBars() throws {
        let home = try TemporaryHome()
        var susi = try home.harness(["LANG": "en_US.UTF-8"])
        susi.stdoutTTY = true
        let result = susi.run(["rate", "time", "5"])
        #expect(result.stdout.contains("5★ "))
        #expect(result.stdout.contains("█"))
        #expect(result.stdout.contains("1 (100%)"))
    }

    /// Every one of these is refused before anything is looked up or sent,
    /// and the earlier rating stays.
    @Test(arguments: ["0", "6", "3.5", "five", "-1", "", " ", "+3", "1e0", "٣", "99999999999999999999"])
    func starsOutsideOneToFiveAreRefused(_ stars: String) throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        #expect(susi.run(["rate", "time", "4"]).status == 0)
        let opens = Spied.Counter()
        let spies = SpyLog()
        let spied = try Spied.harness(home, opens: opens, spy: { spies.add($0) })
        let result = spied.run(["rate", "time", stars])
        #expect(result.status == 64, "\(stars): \(result.stderr)")
        #expect(result.stderr.contains("Stars must be a whole number from 1 to 5"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(spies.all.allSatisfy { $0.calls.isEmpty }, "\(stars): \(spies.all.map(\.calls))")
        let service = try home.service()
        #expect(try service.userRating(time, token: nil) == 4)
        #expect(try service.skill(time).rating.stars == StarRatings(fourStar: 1))
    }

    @Test func escapeSequencesInStarsAreNotEchoed() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["rate", "time", "\u{1B}[2J5"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test func unknownSkillsAreRefusedAndNothingIsRated() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let typo = susi.run(["rate", "tme", "5"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Did you mean 'time'?"))
        let nothing = susi.run(["skills", "rate", "zzqqxxyy", "5"])
        #expect(nothing.status == 66)
        #expect(nothing.stderr.contains("No skill named 'zzqqxxyy'"))
        #expect(try home.service().skills(SkillQuery()).allSatisfy { $0.rating.stars.total == 0 })
    }

    /// A SUSI server, like the reference, wants an account for stars.
    @Test func aServerWantsALogin() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["--server", served.url, "rate", "time", "5"])
        #expect(result.status == 77, "\(result.stderr)")
        // It was a write: the message names the rating, not reading it.
        #expect(result.stderr.hasPrefix("error: Rating a skill needs an account."), "\(result.stderr)")
        #expect(result.stderr.contains("susi login"))
        #expect(try served.service.skill(time).rating.stars == StarRatings())

        try served.service.signUp(email: "ada@example.org", password: "Secret-42x")
        let token = try served.service.login(email: "ada@example.org", password: "Secret-42x", validFor: nil).token
        let ada = susi.withLogin(token, account: "ada@example.org")
        let rated = ada.run(["--server", served.url, "rate", "time", "5"])
        #expect(rated.status == 0, "\(rated.stderr)")
        #expect(rated.stdout.hasPrefix("5.0 from 1 rating\n"))
        #expect(ada.run(["--server", served.url, "skills", "rate", "time"]).stdout == "You rated Time 5 stars.\n")
        #expect(try served.service.userRating(time, token: token) == 5)
        // Nothing was stored in the embedded SUSI of this home.
        #expect(try home.service().skill(time).rating.stars == StarRatings())
    }
}

/// The spies a harness made, one per command line.
final class SpyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var spies: [SpyService] = []
    func add(_ spy: SpyService) { lock.withLock { spies.append(spy) } }
    var all: [SpyService] { lock.withLock { spies } }
}
