import Foundation
import SusiPorts
import Testing
import SusiCore
@testable import SusiLocal

@Suite struct SmokeTests {
    @Test func freshServiceHasBundledSkills() throws {
        let fixture = Fixture()
        let service = try fixture.service()
        #expect(try service.skills(SkillQuery()).count >= 20)
        #expect(try service.skill(greetings).ref == greetings)
    }
}
