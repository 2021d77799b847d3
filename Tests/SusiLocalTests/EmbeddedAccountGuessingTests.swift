import Foundation
import SusiCore
import SusiPorts
@testable import SusiLocal
import Testing

/// What a caller can learn about accounts it does not own: an unknown
/// account costs the same work as a wrong password, and recovery says the
/// same for both.
@Suite("embedded accounts: no side channel for unknown accounts")
struct EmbeddedAccountGuessingTests {
    /// Larger than the tests' minimal cost, so a cheaper dummy hash shows.
    static let cost = PasswordHasher.Cost(operations: 2, memory: 16 << 20)

    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test func anUnknownAccountCostsWhatAWrongPasswordCosts() throws {
        let fixture = Fixture()
        let service = try EmbeddedService(path: fixture.path, environment: Fixture.environment, passwordCost: Self.cost)
        try service.signUp(email: "ada@example.org", password: goodPassword)
        var known: [Double] = []
        var unknown: [Double] = []
        for _ in 0..<3 {
            known.append(Self.seconds { _ = try? service.login(email: "ada@example.org", password: "Wrong-pass-1", validFor: nil) })
            unknown.append(Self.seconds { _ = try? service.login(email: "nobody@example.org", password: "Wrong-pass-1", validFor: nil) })
        }
        // The fastest of each: load only ever adds time. Before, an unknown
        // account took about a hundredth of a known one's time.
        #expect(unknown.min()! >= known.min()! * 0.4, "unknown \(unknown), known \(known)")
        // The hash it verifies against is one of this cost, made once.
        #expect(service.hasher.unknownAccountHash.hasPrefix("$argon2id$v=19$m=16384,t=2,"))
    }

    @Test func recoveryAnswersAlikeForUnknownAndKnownAccounts() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        try service.signUp(email: "ada@example.org", password: goodPassword)
        func refusal(_ email: String) -> ServiceError? {
            do {
                try service.recoverPassword(email: email)
                return nil
            } catch {
                return error as? ServiceError
            }
        }
        let known = refusal("ada@example.org")
        let unknown = refusal("nobody@example.org")
        #expect(known?.kind == .unavailable)
        #expect(unknown?.kind == known?.kind)
        #expect(unknown?.message == known?.message)
        #expect(known?.message.contains("ada@example.org") == false)
    }
}
