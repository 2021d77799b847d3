import Foundation
import SusiServer
import Testing

/// Guessing passwords over `susi serve`: failed logins are counted per
/// account and per client address and answered 429 with Retry-After past
/// the limit; recovery says the same whether an account exists or not.
@Suite("susi serve: password guessing")
struct AccountGuessingTests {
    static func login(_ served: ServedSUSI, _ email: String, _ password: String) throws -> RawResponse {
        try served.post("/aaa/login.json", form: "login=\(email)&password=\(password)&type=access-token")
    }

    static func expectThrottled(_ response: RawResponse, _ comment: Comment) {
        #expect(response.status == 429, comment)
        let wait = Int(response.headers["retry-after"] ?? "") ?? 0
        #expect((1...600).contains(wait), "\(comment): Retry-After \(response.headers["retry-after"] ?? "none")")
        #expect(response.json["accepted"] as? Bool == false, comment)
        #expect((response.json["message"] as? String)?.contains("\(wait) s") == true, "\(comment): \(response.text)")
    }

    @Test func failedLoginsForOneAccountAreThrottled() throws {
        let served = try ServedSUSI()
        try served.remote().signUp(email: "dave@example.com", password: password)
        try served.remote().signUp(email: "erin@example.com", password: password)
        // The README's limits: 10 failures per account, 30 per address, in 10 minutes.
        for guess in 0..<10 {
            #expect(try Self.login(served, "dave@example.com", "Guess-\(guess)x!").status == 403)
        }
        Self.expectThrottled(try Self.login(served, "dave@example.com", "Guess-next1!"), "one guess past the limit")
        // While it lasts, the right password is refused too (it would confirm a guess).
        Self.expectThrottled(try Self.login(served, "dave@example.com", password), "the right password")
        // Upper case is the same account.
        Self.expectThrottled(try Self.login(served, "DAVE@example.com", "Guess-next2!"), "upper case")
        // Another account from the same address is not locked by it.
        #expect(try Self.login(served, "erin@example.com", password).status == 200)
    }

    @Test func failedLoginsFromOneAddressAreThrottledAcrossAccounts() throws {
        let served = try ServedSUSI()
        for index in 0..<30 {
            // Unknown accounts count like known ones (nothing tells them apart).
            let status = try Self.login(served, "nobody\(index)@example.com", "Guess-pass1!").status
            #expect(status == 403, "guess \(index): \(status)")
        }
        Self.expectThrottled(try Self.login(served, "somebody@example.com", "Guess-pass1!"), "a new account from the same address")
    }

    @Test func recoveryAnswersAlikeForUnknownAndKnownAccounts() throws {
        let served = try ServedSUSI()
        try served.remote().signUp(email: "dave@example.com", password: password)
        let known = try served.get("/aaa/recoverpassword.json?forgotemail=dave@example.com")
        let unknown = try served.get("/aaa/recoverpassword.json?forgotemail=nobody@example.com")
        #expect(known.status == unknown.status)
        #expect(known.json["accepted"] as? Bool == false)
        #expect(known.json["message"] as? String == unknown.json["message"] as? String, "\(known.text) / \(unknown.text)")
    }
}
