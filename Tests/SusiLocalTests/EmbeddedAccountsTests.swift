import Foundation
import SusiPorts
import Testing
import SusiCore
import SusiStore
@testable import SusiLocal

@Suite struct AccountTests {
    @Test(arguments: ["", "ada", "ada@", "@example.org", "ada@example", "ada@.org", "ada@example.", "ada@@example.org",
                      "a@b@example.org", "ada lovelace@example.org", "ada@exa mple.org", "ada\t@example.org",
                      "ada@example.org\n", "ada\n@example.org", String(repeating: "a", count: 250) + "@b.org"])
    func signUpRefusesBadEmail(_ email: String) throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try refusedUnchanged(fixture, .invalidInput, ["not a valid email"]) {
            try service.signUp(email: email, password: goodPassword)
        }
        #expect(try fixture.count("accounts") == 0)
    }

    @Test(arguments: [
        "Sh0rt!",                                // too short
        "Abcdefg1!" + String(repeating: "x", count: 56), // 65 characters
        "NoDigits!here",                         // no digit
        "no-upper-42",                           // no upper case
        "NoSpecial42",                           // only letters and digits
        "",
    ])
    func signUpRefusesEachPasswordRule(_ password: String) throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try refusedUnchanged(fixture, .invalidInput, ["password", "rules", "8", "64", "digit", "upper-case"]) {
            try service.signUp(email: "ada@example.org", password: password)
        }
        #expect(try service.isRegistered(email: "ada@example.org") == false)
    }

    @Test func passwordBoundariesAreInclusive() throws {
        let service = try Fixture().service()
        try service.signUp(email: "eight@example.org", password: "Abcde1!x")
        try service.signUp(email: "sixtyfour@example.org", password: "Abcdefg1!" + String(repeating: "x", count: 55))
        #expect(try service.isRegistered(email: "eight@example.org"))
        #expect(try service.isRegistered(email: "sixtyfour@example.org"))
    }

    @Test func passwordEqualToEmailIsRefusedInAnyCase() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let email = "Ada1!@example.org" // meets every other rule
        try refusedUnchanged(fixture, .invalidInput, ["email"]) { try service.signUp(email: email, password: email) }
        try refusedUnchanged(fixture, .invalidInput, ["email"]) {
            try service.signUp(email: email.lowercased(), password: email.uppercased())
        }
        #expect(try fixture.count("accounts") == 0)
    }

    @Test func duplicateEmailInAnyCaseIsAConflict() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try service.signUp(email: "ada@example.org", password: goodPassword)
        let hash = try fixture.raw().scalar("SELECT password_hash FROM accounts")
        for email in ["ada@example.org", "ADA@Example.ORG", " ada@example.org "] {
            try refusedUnchanged(fixture, .conflict, ["already exists", "ada@example.org"]) {
                try service.signUp(email: email, password: "Other-Pass-9")
            }
        }
        #expect(try fixture.count("accounts") == 1)
        #expect(try fixture.raw().scalar("SELECT password_hash FROM accounts") == hash)
        // The first password still works, the second was never stored.
        _ = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil)
        refused(.forbidden, ["invalid email or password"]) {
            _ = try service.login(email: "ada@example.org", password: "Other-Pass-9", validFor: nil)
        }
    }

    @Test func isRegisteredIgnoresCase() throws {
        let service = try Fixture().service()
        #expect(try service.isRegistered(email: "ada@example.org") == false)
        try service.signUp(email: "Ada@Example.org", password: goodPassword)
        #expect(try service.isRegistered(email: "ada@example.org"))
        #expect(try service.isRegistered(email: "ADA@EXAMPLE.ORG"))
        #expect(try service.isRegistered(email: "bob@example.org") == false)
    }

    @Test func passwordHashIsArgon2id() throws {
        let fixture = Fixture()
        try fixture.service().signUp(email: "ada@example.org", password: goodPassword)
        let hash = try #require(try fixture.raw().scalar("SELECT password_hash FROM accounts")?.string)
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(!hash.contains(goodPassword))
    }

    @Test func loginGivesAWorkingToken() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try service.signUp(email: "ada@example.org", password: goodPassword)
        let grant = try service.login(email: "ADA@example.org", password: goodPassword, validFor: nil)
        #expect(grant.identity == .account("ada@example.org"))
        #expect(grant.token.count >= 32)
        #expect(grant.expires == fixture.clock.now().addingTimeInterval(EmbeddedService.defaultTokenLifetime))
        #expect(try service.identity(token: grant.token) == .account("ada@example.org"))
        #expect(try service.identity(token: nil) == .anonymous())
        #expect(try service.identity(token: "") == .anonymous())
        #expect(try service.identity(token: "not-a-token") == .anonymous())
        #expect(try service.settings(token: grant.token) == [:])
        // A second login is a second, independent token.
        let second = try service.login(email: "ada@example.org", password: goodPassword, validFor: 60)
        #expect(second.token != grant.token)
        #expect(second.expires == fixture.clock.now().addingTimeInterval(60))
        #expect(try fixture.count("tokens") == 2)
    }

    @Test func wrongPasswordAndUnknownAccountLookTheSame() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try service.signUp(email: "ada@example.org", password: goodPassword)
        let wrong = try refusedUnchanged(fixture, .forbidden, ["invalid email or password"]) {
            _ = try service.login(email: "ada@example.org", password: "Wrong-Pass-1", validFor: nil)
        }
        let unknown = try refusedUnchanged(fixture, .forbidden, ["invalid email or password"]) {
            _ = try service.login(email: "bob@example.org", password: goodPassword, validFor: nil)
        }
        #expect(wrong != nil && wrong == unknown)
        #expect(try fixture.count("tokens") == 0)
    }

    @Test(arguments: [0.0, -1, -3600])
    func nonPositiveLifetimeIsRefused(_ seconds: Double) throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try service.signUp(email: "ada@example.org", password: goodPassword)
        try refusedUnchanged(fixture, .invalidInput, ["positive"]) {
            _ = try service.login(email: "ada@example.org", password: goodPassword, validFor: seconds)
        }
        #expect(try fixture.count("tokens") == 0)
    }

    @Test func expiredTokenIsAnonymousAndNamesTheProblem() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try service.signUp(email: "ada@example.org", password: goodPassword)
        let short = try service.login(email: "ada@example.org", password: goodPassword, validFor: 60).token
        let long = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil).token
        fixture.clock.advance(59)
        #expect(try service.identity(token: short) == .account("ada@example.org"))
        fixture.clock.advance(1) // exactly at expiry: no longer valid
        #expect(try service.identity(token: short) == .anonymous())
        #expect(try service.identity(token: long) == .account("ada@example.org"))

        let userOnly: [(String, () throws -> Void)] = [
            ("settings", { _ = try service.settings(token: short) }),
            ("changeSettings", { try service.changeSettings(["theme": "dark"], token: short) }),
            ("addDevice", { try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: "a", room: "b"), token: short) }),
            ("devices", { _ = try service.devices(token: short) }),
            ("removeDevice", { try service.removeDevice(nil, token: short) }),
            ("rate", { _ = try service.rate(greetings, stars: 4, token: short) }),
            ("userRating", { _ = try service.userRating(greetings, token: short) }),
            ("postFeedback", { try service.postFeedback(greetings, text: "nice", token: short) }),
            ("report", { try service.report(greetings, reason: "spam", token: short) }),
            ("bookmark", { try service.bookmark(greetings, on: true, token: short) }),
            ("bookmarks", { _ = try service.bookmarks(token: short) }),
            ("changePassword", { try service.changePassword(email: "ada@example.org", current: goodPassword, new: "Newer-Pass-7", token: short) }),
        ]
        for (name, call) in userOnly {
            let error = try refusedUnchanged(fixture, .notLoggedIn, ["no longer valid"]) { try call() }
            #expect(error?.hint?.contains("susi login") == true, "\(name)")
        }
        // The password did not change through the expired token.
        _ = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil)
    }

    @Test func anonymousCallsNeedAnAccount() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let calls: [() throws -> Void] = [
            { _ = try service.settings(token: nil) },
            { try service.changeSettings(["theme": "dark"], token: nil) },
            { try service.addDevice(Device(macAddress: "12:34:56:78:9A:BC", name: "a", room: "b"), token: nil) },
            { _ = try service.devices(token: nil) },
            { try service.removeDevice(nil, token: nil) },
            { try service.postFeedback(greetings, text: "nice", token: nil) },
            { try service.report(greetings, reason: "spam", token: nil) },
            { try service.bookmark(greetings, on: true, token: nil) },
            { _ = try service.bookmarks(token: nil) },
            { try service.changePassword(email: "ada@example.org", current: goodPassword, new: "Newer-Pass-7", token: nil) },
        ]
        for call in calls {
            let error = try refusedUnchanged(fixture, .notLoggedIn, ["needs an account"]) { try call() }
            #expect(error?.hint?.contains("susi login") == true)
        }
    }

    @Test func logoutRevokesTheToken() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        let other = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil).token
        try service.logout(token: token)
        #expect(try service.identity(token: token) == .anonymous())
        refused(.notLoggedIn, ["no longer valid"]) { _ = try service.settings(token: token) }
        // Only that token: the other login still works, also from a second connection.
        #expect(try fixture.service().identity(token: other) == .account("ada@example.org"))
        #expect(try fixture.count("tokens") == 1)
        // Logging out twice (or an unknown token) is harmless.
        try service.logout(token: token)
        try service.logout(token: "nonsense")
        #expect(try fixture.count("tokens") == 1)
    }

    @Test func changePasswordRefusals() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        let bob = try service.newAccount("bob@example.org")
        let other = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil).token

        try refusedUnchanged(fixture, .forbidden, ["current password is wrong"]) {
            try service.changePassword(email: "ada@example.org", current: "Wrong-Pass-1", new: "Newer-Pass-7", token: token)
        }
        try refusedUnchanged(fixture, .invalidInput, ["same as the current"]) {
            try service.changePassword(email: "ada@example.org", current: goodPassword, new: goodPassword, token: token)
        }
        try refusedUnchanged(fixture, .invalidInput, ["rules"]) {
            try service.changePassword(email: "ada@example.org", current: goodPassword, new: "weak", token: token)
        }
        try refusedUnchanged(fixture, .invalidInput, ["rules"]) {
            try service.changePassword(email: "ada@example.org", current: goodPassword, new: "ada@example.org", token: token)
        }
        // Ada's token cannot change Bob's password, even knowing it.
        try refusedUnchanged(fixture, .forbidden, ["ada@example.org"]) {
            try service.changePassword(email: "bob@example.org", current: goodPassword, new: "Newer-Pass-7", token: token)
        }
        #expect(try service.identity(token: other) == .account("ada@example.org"))
        #expect(try service.identity(token: bob) == .account("bob@example.org"))
        _ = try service.login(email: "bob@example.org", password: goodPassword, validFor: nil)
    }

    @Test func changePasswordKeepsThisLoginAndEndsTheOthers() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        let token = try service.newAccount("ada@example.org")
        let other = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil).token
        let bob = try service.newAccount("bob@example.org")

        try service.changePassword(email: "ADA@example.org", current: goodPassword, new: "Newer-Pass-7", token: token)
        #expect(try service.identity(token: token) == .account("ada@example.org"))
        #expect(try service.identity(token: other) == .anonymous())
        #expect(try service.identity(token: bob) == .account("bob@example.org"))
        refused(.forbidden, ["invalid email or password"]) {
            _ = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil)
        }
        _ = try service.login(email: "ada@example.org", password: "Newer-Pass-7", validFor: nil)
    }

    @Test func recoverPassword() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        // No account yet: the same answer as for one (EmbeddedAccountGuessingTests).
        try refusedUnchanged(fixture, .unavailable, ["e-mail"]) {
            try service.recoverPassword(email: "ada@example.org")
        }
        try service.signUp(email: "ada@example.org", password: goodPassword)
        let error = try refusedUnchanged(fixture, .unavailable, ["e-mail"]) {
            try service.recoverPassword(email: "ada@example.org")
        }
        #expect(error?.hint?.isEmpty == false)
    }

    @Test func neitherTokensNorPasswordsAreStoredInTheFile() throws {
        let fixture = Fixture()
        let password = "Unusual-Secret-Phrase-991"
        var tokens: [String] = []
        do {
            let service = try fixture.service()
            try service.signUp(email: "ada@example.org", password: password)
            for _ in 0..<3 { tokens.append(try service.login(email: "ada@example.org", password: password, validFor: nil).token) }
            try service.changeSettings(["theme": "dark"], token: tokens[0])
            // Look while the connection is open (the WAL holds the recent pages) ...
            let bytes = fixture.fileBytes()
            #expect(!bytes.isEmpty)
            for secret in tokens + [password] { #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) found") }
        }
        // ... and after it closed (checkpointed into the main file).
        let bytes = fixture.fileBytes()
        for secret in tokens + [password] { #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) found") }
        let digests = try fixture.raw().query("SELECT digest FROM tokens").compactMap { $0["digest"].string }
        #expect(Set(digests) == Set(tokens.map(PasswordHasher.digest)))
    }
}
