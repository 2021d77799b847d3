import Foundation
import SusiPorts

extension EmbeddedService: HealthReporting {
    /// The skill index has skills and the store answers.
    public func healthProblem() -> String? {
        guard let skills = try? database.scalar("SELECT count(*) FROM skills")?.int, skills > 0 else {
            return "The skill index is empty or cannot be read."
        }
        guard records.isReachable() else { return "The store at \(records.location) cannot be reached." }
        return nil
    }
}
