import Foundation
import SusiPorts
import Testing
@testable import SusiLocal

/// What `GET /healthz` asks of a worker's backend: skills in its index and a store that answers.
@Suite struct EmbeddedHealthTests {
    /// A store that answers nothing (the database server gone).
    final class UnreachableStore: ServiceStore {
        var location: String { "postgresql://gone/susi" }
        func account(tokenDigest: String, now: Double) throws -> String? { nil }
        func accountExists(_ email: String) throws -> Bool { false }
        func createAccount(email: String, passwordHash: String, created: Double) throws -> Bool { false }
        func passwordHash(email: String) throws -> (email: String, hash: String)? { nil }
        func addToken(digest: String, email: String, created: Double, expires: Double) throws {}
        func removeToken(digest: String) throws {}
        func changePassword(email: String, passwordHash: String, keeping digest: String) throws {}
        func setRating(skill: String, email: String, stars: Int, timestamp: Double) throws {}
        func rating(skill: String, email: String) throws -> Int? { nil }
        func addThumbs(skill: String, identity: String, positive: Bool, query: String, reply: String, timestamp: Double) throws {}
        func setFeedback(skill: String, email: String, text: String, timestamp: Double) throws {}
        func feedback(skill: String) throws -> [SkillFeedback] { [] }
        func removeFeedback(skill: String, email: String) throws -> Bool { false }
        func addReport(skill: String, email: String, reason: String, timestamp: Double) throws -> Bool { false }
        func setBookmark(skill: String, email: String, on: Bool, timestamp: Double) throws {}
        func bookmarks(email: String) throws -> [String] { [] }
        func ratings(skill: String?) throws -> [String: SkillRating] { [:] }
        func settings(email: String) throws -> [String: String] { [:] }
        func changeSettings(email: String, _ settings: [String: String]) throws {}
        func saveDevice(email: String, _ device: Device, added: Double, checkCount: (Int) throws -> Void) throws {}
        func devices(email: String) throws -> [Device] { [] }
        func removeDevices(email: String, mac: String?) throws -> Int { 0 }
        func conversation(_ identity: String) throws -> StoredConversation? { nil }
        func commit(_ batch: StoreBatch) throws {}
        func usageCounts() throws -> [String: Int]? { nil }
        func isReachable() -> Bool { false }
    }

    @Test func healthyWithSkillsAndAStoreThatAnswers() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        #expect(service.healthProblem() == nil)
        service.records = UnreachableStore()
        #expect(service.healthProblem() == "The store at postgresql://gone/susi cannot be reached.")
    }

    @Test func unhealthyWithAnEmptySkillIndex() throws {
        let fixture = Fixture()
        let service = try EmbeddedService(path: fixture.path, environment: Fixture.environment, syncingBundledSkills: false)
        #expect(service.healthProblem() == "The skill index is empty or cannot be read.")
    }
}
